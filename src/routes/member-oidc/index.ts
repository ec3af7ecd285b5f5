import { createRouter } from "../../http/router";
import * as deleteOrganizationOIDCProvider from "./delete-organization-oidc-provider";
import * as getOrganizationOIDCProvider from "./get-organization-oidc-provider";
import * as setOrganizationOIDCProvider from "./set-organization-oidc-provider";

/** Quire: an organization's OpenID Connect provider for its members (its sign-in is src/sso/member-oidc.ts). */
export default createRouter()
  .openapi(getOrganizationOIDCProvider.route, getOrganizationOIDCProvider.handler)
  .openapi(setOrganizationOIDCProvider.route, setOrganizationOIDCProvider.handler)
  .openapi(deleteOrganizationOIDCProvider.route, deleteOrganizationOIDCProvider.handler);
