import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentSamlProvider } from "../../presenters/saml";
import { updateSamlProvider } from "../../services/people";
import { SamlParams } from "./schemas";
import { SamlProviderSchema, UpdateSamlProviderBody } from "../../wire/saml";

export const route = defineRoute({
  method: "patch",
  path: "/orgs/{organizationId}/saml/{samlProviderId}",
  operationId: "updateOrganizationSAMLProvider",
  tags: ["organization-sso"],
  summary: "Update a SAML provider (admins only)",
  request: {
    params: SamlParams,
    body: { required: true, content: { "application/json": { schema: UpdateSamlProviderBody } } },
  },
  responses: {
    200: json(SamlProviderSchema, "SAML provider has been updated"),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId, samlProviderId } = c.req.valid("param");
  const view = await updateSamlProvider(ctx, organizationId, samlProviderId, c.req.valid("json"));
  return c.json(presentSamlProvider(view, ctx.urls), 200);
};
