import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { PageQuery } from "../../wire/common";
import { mapPage } from "../../lib/pagination";
import { presentSamlProvider } from "../../presenters/saml";
import { listSamlProviders } from "../../services/people";
import { OrganizationParams } from "../../wire/params";
import { SamlProviderList } from "../../wire/saml";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/saml",
  operationId: "listSAMLProvidersInOrganizationById",
  tags: ["organization-sso"],
  summary: "List all SAML providers (admins only)",
  request: { params: OrganizationParams, query: PageQuery },
  responses: { 200: json(SamlProviderList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const page = await listSamlProviders(ctx, c.req.valid("param").organizationId, c.req.valid("query"));
  return c.json(
    mapPage(page, (v) => presentSamlProvider(v, ctx.urls)),
    200,
  );
};
