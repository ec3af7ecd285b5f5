import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentChangeRequest } from "../../presenters/change-request";
import { getChangeRequest } from "../../services/change-requests";
import { json } from "../../http/responses";
import { ChangeRequestParams } from "../../wire/params";
import { ChangeRequestFormatQuery, ChangeRequestSchema } from "../../wire/change-request";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}",
  operationId: "getChangeRequestById",
  tags: ["change-requests"],
  summary: "Get a change request by its ID or number",
  request: { params: ChangeRequestParams, query: ChangeRequestFormatQuery },
  responses: { 200: json(ChangeRequestSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await getChangeRequest(ctx, p.spaceId, p.changeRequestId);
  return c.json(presentChangeRequest(ctx, view, c.req.valid("query")), 200);
};
