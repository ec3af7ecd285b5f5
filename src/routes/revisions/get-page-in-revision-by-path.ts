import { z } from "@hono/zod-openapi";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { PageQuery } from "../../wire/content-query";
import { RevisionPageSchema } from "../../wire/revision";
import { RevisionParams } from "../../wire/params";
import { getPageOn } from "../../http/content-handlers";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/revisions/{revisionId}/path/{pagePath}",
  operationId: "getPageInRevisionByPath",
  anonymous: true,
  tags: ["revisions"],
  summary: "Get a page of a revision by its path",
  request: { params: RevisionParams.extend({ pagePath: z.string().min(1) }), query: PageQuery },
  responses: { 200: json(RevisionPageSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await getPageOn(c), 200);
