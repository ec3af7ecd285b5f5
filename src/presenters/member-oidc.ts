import { memberOidcEndpoints } from "../lib/member-oidc-urls";
import { iso } from "../lib/time";
import type { MemberRole } from "../services/access";
import type { UrlBases } from "../services/core";
import type { MemberOidcProviderRow } from "../services/people";
import type { OrganizationOIDCProvider } from "../wire/member-oidc";

/** An organization's members' OpenID provider, never its secret (only that one is set). */
export function presentMemberOidcProvider(row: MemberOidcProviderRow, urls: UrlBases): OrganizationOIDCProvider {
  return {
    object: "oidc-provider",
    label: row.label,
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecretSet: row.clientSecret !== "",
    defaultRole: row.defaultRole as MemberRole | null,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    service: memberOidcEndpoints(row.organizationId, urls.api),
    urls: { location: `${urls.api}/v1/orgs/${row.organizationId}/sso/oidc` },
  };
}
