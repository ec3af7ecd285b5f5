import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentContributor } from "../../presenters/review";
import { listContributors } from "../../services/change-requests";
import { ChangeRequestParams } from "./schemas";
import { ContributorList } from "../../wire/change-request-review";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/contributors",
  operationId: "getContributorsByChangeRequestId",
  tags: ["change-requests"],
  summary: "Get all contribors of a change request",
  description: "The users who wrote revisions of the change request, with how many and when last, most recent first.",
  request: { params: ChangeRequestParams },
  responses: { 200: json(ContributorList, "Contributors on the change request") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const items = (await listContributors(ctx, p.spaceId, p.changeRequestId)).map((v) => presentContributor(v, ctx.urls));
  return c.json({ items, count: items.length }, 200);
};
