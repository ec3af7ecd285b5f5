import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { deleteMemberOidcProvider } from "../../services/people";
import { OrganizationParams } from "../../wire/params";

export const route = defineRoute({
  method: "delete",
  path: "/orgs/{organizationId}/sso/oidc",
  operationId: "deleteOrganizationOIDCProvider",
  tags: ["organization-sso"],
  summary: "Remove the members' OpenID Connect provider (Quire; admins only)",
  request: { params: OrganizationParams },
  responses: { 204: { description: "Removed (or there was none)" } },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  await deleteMemberOidcProvider(serviceContext(c), c.req.valid("param").organizationId);
  return c.body(null, 204);
};
