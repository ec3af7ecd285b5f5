import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentPageRead } from "../../presenters/content";
import { readPage } from "../../services/revisions";
import { json } from "../../http/responses";
import { PageQuery, computedOpt } from "../../wire/content-query";
import { RevisionPageSchema } from "../../wire/revision";
import { RevisionParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/revisions/{revisionId}/path/{pagePath}",
  operationId: "getPageInRevisionByPath",
  tags: ["revisions"],
  summary: "Get a page of a revision by its path",
  request: { params: RevisionParams.extend({ pagePath: z.string().min(1) }), query: PageQuery },
  responses: { 200: json(RevisionPageSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await readPage(
    ctx,
    p.spaceId,
    { kind: "revision" as const, revisionId: p.revisionId },
    { path: p.pagePath },
    computedOpt(c),
  );
  return c.json(presentPageRead(ctx, p.spaceId, view, c.req.valid("query").format), 200);
};
