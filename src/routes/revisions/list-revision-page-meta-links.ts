import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentPageMetaLinks } from "../../presenters/page-meta-links";
import { readPageMetaLinks } from "../../services/revisions";
import { RevisionPageMetaLinksSchema } from "../../wire/page-meta-links";
import { RevisionParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/meta-links",
  operationId: "listRevisionPageMetaLinks",
  authInFirstRead: true,
  tags: ["revisions"],
  summary: "Get a page's meta links (previous, next, parent) in a revision",
  request: { params: RevisionParams.extend({ pageId: z.string().min(1) }) },
  responses: { 200: json(RevisionPageMetaLinksSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await readPageMetaLinks(
    ctx,
    p.spaceId,
    { kind: "revision" as const, revisionId: p.revisionId },
    p.pageId,
  );
  return c.json(presentPageMetaLinks(view), 200);
};
