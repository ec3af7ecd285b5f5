import { iso } from "../lib/time";
import type { UrlBases } from "../services/core";
import type { MemberRole } from "../services/access";
import { type SamlProviderView, type SSOLogin, samlStatus } from "../services/people";
import { memberOidcEndpoints } from "../lib/member-oidc-urls";
import { samlEndpoints } from "../lib/saml-urls";
import { presentTeam } from "./team";
import type { OrganizationSAMLProvider, OrganizationSSOProviderLoginList } from "../wire/saml";

/**
 * Service-provider endpoints of a SAML provider, built from the deployment's public API URL: what an admin
 * configures at the identity provider (served by src/sso).
 */
export function samlServiceUrls(providerId: string, urls: UrlBases) {
  return samlEndpoints(providerId, urls.api);
}

/** Unset IdP fields are served as empty strings (the reference requires them); `status` is then `pending`. */
export function presentSamlProvider(view: SamlProviderView, urls: UrlBases): OrganizationSAMLProvider {
  const { provider } = view;
  return {
    object: "saml-provider" as const,
    id: provider.id,
    label: provider.label,
    ssoURL: provider.ssoUrl ?? "",
    entityID: provider.entityId ?? "",
    certificate: provider.certificate ?? "",
    ...(view.defaultTeam ? { defaultTeam: presentTeam(view.defaultTeam, view.access) } : {}),
    defaultRole: provider.defaultRole as MemberRole,
    createdAt: iso(provider.createdAt),
    status: samlStatus(provider),
    service: samlServiceUrls(provider.id, urls),
    urls: { location: `${urls.api}/v1/orgs/${provider.organizationId}/saml/${provider.id}` },
  };
}

/** A sign-in option of an organization for its login page: a SAML provider's start, or its members' OpenID one. */
export function presentSSOLogin(
  login: SSOLogin,
  organizationId: string,
  urls: UrlBases,
): OrganizationSSOProviderLoginList["items"][number] {
  const startURL =
    login.kind === "saml"
      ? samlServiceUrls(login.id, urls).startURL
      : memberOidcEndpoints(organizationId, urls.api).startURL;
  return { id: login.id, label: login.label, startURL };
}
