import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentSamlProvider } from "../../presenters/saml";
import { getSamlProvider } from "../../services/people";
import { SamlParams } from "./schemas";
import { SamlProviderSchema } from "../../wire/saml";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/saml/{samlProviderId}",
  operationId: "getOrganizationSAMLProviderById",
  tags: ["organization-sso"],
  summary: "Get a SAML provider by its ID (admins only)",
  request: { params: SamlParams },
  responses: { 200: json(SamlProviderSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId, samlProviderId } = c.req.valid("param");
  return c.json(presentSamlProvider(await getSamlProvider(ctx, organizationId, samlProviderId), ctx.urls), 200);
};
