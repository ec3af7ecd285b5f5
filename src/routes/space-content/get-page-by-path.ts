import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentPageRead } from "../../presenters/content";
import { readPage } from "../../services/revisions";
import { json } from "../../http/responses";
import { PageQuery, computedOpt } from "../../wire/content-query";
import { RevisionPageSchema } from "../../wire/revision";
import { SpaceParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/content/path/{pagePath}",
  operationId: "getPageByPath",
  anonymous: true,
  authInFirstRead: true,
  tags: ["space-content"],
  summary: "Get a space page by its path",
  request: { params: SpaceParams.extend({ pagePath: z.string().min(1) }), query: PageQuery },
  responses: { 200: json(RevisionPageSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await readPage(ctx, p.spaceId, { kind: "main" as const }, { path: p.pagePath }, computedOpt(c));
  return c.json(presentPageRead(ctx, p.spaceId, view, c.req.valid("query").format), 200);
};
