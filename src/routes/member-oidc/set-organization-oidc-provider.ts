import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentMemberOidcProvider } from "../../presenters/member-oidc";
import { setMemberOidcProvider } from "../../services/people";
import { MemberOidcProviderSchema, SetMemberOidcProviderBody } from "../../wire/member-oidc";
import { OrganizationParams } from "../../wire/params";

export const route = defineRoute({
  method: "put",
  path: "/orgs/{organizationId}/sso/oidc",
  operationId: "setOrganizationOIDCProvider",
  tags: ["organization-sso"],
  summary: "Set the members' OpenID Connect provider (Quire; admins only)",
  description:
    "Members sign in through it as through a SAML provider. Register `service.redirectURL` at the provider. The client secret is stored sealed and never answered.",
  request: {
    params: OrganizationParams,
    body: { required: true, content: { "application/json": { schema: SetMemberOidcProviderBody } } },
  },
  responses: { 200: json(MemberOidcProviderSchema, "The provider, as set") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const row = await setMemberOidcProvider(ctx, c.req.valid("param").organizationId, c.req.valid("json"));
  return c.json(presentMemberOidcProvider(row, ctx.urls), 200);
};
