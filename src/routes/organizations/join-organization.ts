import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { joinOrganization } from "../../services/people";
import { OrganizationParams } from "../../wire/params";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/join",
  operationId: "joinOrganization",
  tags: ["organizations"],
  summary: "Join an organization",
  description:
    "Joins an organization that lists the domain of the caller's email in its `emailDomains`, with its default role (400 otherwise). A member joining again changes nothing.",
  request: { params: OrganizationParams },
  responses: { 204: { description: "Successfully joined the organization" } },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  await joinOrganization(serviceContext(c), c.req.valid("param").organizationId);
  return c.body(null, 204);
};
