import { z } from "@hono/zod-openapi";
import { listPageMetaLinksOn } from "../../http/content-handlers";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { RevisionPageMetaLinksSchema } from "../../wire/page-meta-links";
import { RevisionParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/meta-links",
  operationId: "listRevisionPageMetaLinks",
  anonymous: true,
  authInFirstRead: true,
  tags: ["revisions"],
  summary: "Get a page's meta links (previous, next, parent) in a revision",
  request: { params: RevisionParams.extend({ pageId: z.string().min(1) }) },
  responses: { 200: json(RevisionPageMetaLinksSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await listPageMetaLinksOn(c), 200);
