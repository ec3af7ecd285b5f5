/**
 * The endpoints of an organization's members' OpenID Connect sign-in (services/sso/member-oidc.ts, served by
 * src/sso): paths on the API's origin, and the URLs an admin registers at the provider (presenters/member-oidc.ts
 * serves them as `service`) under the deployment's public API URL.
 */
export function memberOidcPaths(organizationId: string) {
  const base = `/sso/oidc/${encodeURIComponent(organizationId)}`;
  return { start: `${base}/start`, callback: `${base}/callback` };
}

export function memberOidcEndpoints(organizationId: string, apiBase: string) {
  const paths = memberOidcPaths(organizationId);
  return { startURL: `${apiBase}${paths.start}`, redirectURL: `${apiBase}${paths.callback}` };
}
