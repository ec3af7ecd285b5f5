import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentSearchSpaces } from "../../presenters/search";
import { searchOrganization } from "../../services/search";
import { json } from "../../http/responses";
import { OrganizationParams } from "../../wire/params";
import { SearchQuery } from "./schemas";
import { SearchSpaceResultList } from "../../wire/search";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/search",
  operationId: "searchOrganizationContent",
  tags: ["organizations"],
  summary: "Search content in an organization",
  description:
    "Full-text search across the organization's live spaces that the caller can read, grouped by space (best space first, up to 5 pages each).",
  request: { params: OrganizationParams, query: SearchQuery },
  responses: { 200: json(SearchSpaceResultList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const view = await searchOrganization(ctx, c.req.valid("param").organizationId, c.req.valid("query"));
  return c.json(presentSearchSpaces(ctx, view), 200);
};
