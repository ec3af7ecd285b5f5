import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentMemberOidcProvider } from "../../presenters/member-oidc";
import { getMemberOidcProvider } from "../../services/people";
import { MemberOidcProviderSchema } from "../../wire/member-oidc";
import { OrganizationParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sso/oidc",
  operationId: "getOrganizationOIDCProvider",
  tags: ["organization-sso"],
  summary: "Get the members' OpenID Connect provider (Quire; admins only)",
  description: "Never its client secret. 404 when the organization has none.",
  request: { params: OrganizationParams },
  responses: { 200: json(MemberOidcProviderSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const row = await getMemberOidcProvider(ctx, c.req.valid("param").organizationId);
  return c.json(presentMemberOidcProvider(row, ctx.urls), 200);
};
