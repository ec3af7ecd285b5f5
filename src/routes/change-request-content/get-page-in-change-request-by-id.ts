import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentPageRead } from "../../presenters/content";
import { readPage } from "../../services/revisions";
import { json } from "../../http/responses";
import { ChangeRequestParams } from "../../wire/params";
import { PageQuery, computedOpt } from "../../wire/content-query";
import { RevisionPageSchema } from "../../wire/revision";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}",
  operationId: "getPageInChangeRequestById",
  tags: ["change-request-content"],
  summary: "Get a page of a change request by its ID",
  request: { params: ChangeRequestParams.extend({ pageId: z.string().min(1) }), query: PageQuery },
  responses: { 200: json(RevisionPageSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await readPage(
    ctx,
    p.spaceId,
    { kind: "change-request" as const, ref: p.changeRequestId },
    { id: p.pageId },
    computedOpt(c),
  );
  return c.json(presentPageRead(ctx, p.spaceId, view, c.req.valid("query").format), 200);
};
