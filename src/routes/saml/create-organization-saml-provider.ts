import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentSamlProvider } from "../../presenters/saml";
import { createSamlProvider } from "../../services/people";
import { OrganizationParams } from "../../wire/params";
import { CreateSamlProviderBody, SamlProviderSchema } from "../../wire/saml";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/saml",
  operationId: "createOrganizationSAMLProvider",
  tags: ["organization-sso"],
  summary: "Create a new SAML provider (admins only)",
  request: {
    params: OrganizationParams,
    body: { required: true, content: { "application/json": { schema: CreateSamlProviderBody } } },
  },
  responses: {
    201: json(SamlProviderSchema, "SAML Provider created"),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const view = await createSamlProvider(ctx, c.req.valid("param").organizationId, c.req.valid("json"));
  const body = presentSamlProvider(view, ctx.urls);
  c.header("Location", body.urls.location);
  return c.json(body, 201);
};
