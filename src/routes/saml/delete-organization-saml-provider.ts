import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { deleteSamlProvider } from "../../services/people";
import { SamlParams } from "./schemas";

export const route = defineRoute({
  method: "delete",
  path: "/orgs/{organizationId}/saml/{samlProviderId}",
  operationId: "deleteOrganizationSAMLProvider",
  tags: ["organization-sso"],
  summary: "Delete a SAML provider (admins only)",
  request: { params: SamlParams },
  responses: { 204: { description: "Deleted (or did not exist)" } },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const { organizationId, samlProviderId } = c.req.valid("param");
  await deleteSamlProvider(serviceContext(c), organizationId, samlProviderId);
  return c.body(null, 204);
};
