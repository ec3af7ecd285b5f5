import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentSpace } from "../../presenters/space";
import { listSpacesForMember } from "../../services/spaces";
import { MemberParams, MemberSpacesQuery } from "./schemas";
import { MemberSpaceList } from "../../wire/member";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/members/{userId}/spaces",
  operationId: "listSpacesForOrganizationMember",
  tags: ["organization-members"],
  summary: "List an organization member's space permissions",
  description: "The spaces the member can access, with the member's effective role on each, in sibling order.",
  request: { params: MemberParams, query: MemberSpacesQuery },
  responses: {
    200: json(MemberSpaceList, "Listing of spaces that can be accessed by the user in the organization"),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId, userId } = c.req.valid("param");
  const page = await listSpacesForMember(ctx, organizationId, userId, c.req.valid("query"));
  return c.json(
    { ...page, items: page.items.map((item) => ({ permission: item.role, space: presentSpace(item.view, ctx.urls) })) },
    200,
  );
};
