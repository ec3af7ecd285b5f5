import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { pingOrganization } from "../../services/people";
import { OrganizationParams } from "../../wire/params";
import { PingResponse } from "../../wire/member";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/ping",
  operationId: "updateOrganizationMemberLastSeenAt",
  tags: ["organization-members"],
  summary: "Update an organization member last seen at",
  description:
    "Stamps your last-seen time and returns `gitbookVisitorClaims`, an HS256 JWT (issuer: this API's URL, audience `quire:visitor`, subject: you, claims `org` and `role`, 15-minute expiry) signed with the deployment's signing secret: SIGNING_SECRET when it is set, otherwise the secret the deployment generated and stored for itself.",
  request: { params: OrganizationParams },
  responses: {
    200: json(PingResponse, "Organization member has been updated"),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  return c.json(await pingOrganization(serviceContext(c), c.req.valid("param").organizationId), 200);
};
