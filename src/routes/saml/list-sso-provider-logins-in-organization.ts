import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentSSOLogin } from "../../presenters/saml";
import { listSSOLogins } from "../../services/people";
import { OrganizationParams } from "../../wire/params";
import { SSOLoginList } from "../../wire/saml";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sso",
  operationId: "listSSOProviderLoginsInOrganization",
  tags: ["organization-sso"],
  summary: "List all SSO provider login infos",
  description:
    "The organization's active sign-in providers, for a login page: readable without membership or token. 404 when the organization does not exist. Quire: its members' OpenID Connect provider (id `oidc`) follows its SAML providers.",
  anonymous: true,
  request: { params: OrganizationParams },
  responses: { 200: json(SSOLoginList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId } = c.req.valid("param");
  const rows = await listSSOLogins(ctx, organizationId);
  return c.json({ items: rows.map((r) => presentSSOLogin(r, organizationId, ctx.urls)) }, 200);
};
