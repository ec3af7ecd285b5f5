import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentPageListJson } from "../../presenters/content";
import { listPages } from "../../services/revisions";
import { encodedJson, json } from "../../http/responses";
import { ChangeRequestParams } from "../../wire/params";
import { ContentQuery, computedOpt } from "../../wire/content-query";
import { PagesSchema } from "../../wire/revision";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages",
  operationId: "listPagesInChangeRequest",
  tags: ["change-request-content"],
  summary: "List the pages of a change request",
  request: { params: ChangeRequestParams, query: ContentQuery },
  responses: { 200: json(PagesSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await listPages(
    ctx,
    p.spaceId,
    { kind: "change-request" as const, ref: p.changeRequestId },
    computedOpt(c),
  );
  return encodedJson(c, presentPageListJson(ctx, p.spaceId, view));
};
