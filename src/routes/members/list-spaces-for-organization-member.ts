import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { listSpacesForMember } from "../../services/members";
import { MemberParams, MemberSpaceList, MemberSpacesQuery } from "./schemas";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/members/{userId}/spaces",
  operationId: "listSpacesForOrganizationMember",
  tags: ["organization-members"],
  summary: "List an organization member's space permissions",
  request: { params: MemberParams, query: MemberSpacesQuery },
  responses: {
    200: {
      description: "Listing of spaces that can be accessed by the user in the organization",
      content: { "application/json": { schema: MemberSpaceList } },
    },
  },
});

// Spaces land on another branch: the page is empty until the lead wires the real query into the service.
export const handler: AppRouteHandler<typeof route> = async (c) => {
  const { organizationId, userId } = c.req.valid("param");
  const page = await listSpacesForMember(serviceContext(c), organizationId, userId, c.req.valid("query"));
  return c.json(page, 200);
};
