/**
 * The service-provider endpoints of a SAML provider, under the deployment's public API URL: what an admin enters
 * at the identity provider, and what responses must name (Audience = entityID, Recipient/Destination = acsURL).
 */
export function samlEndpoints(providerId: string, apiBase: string) {
  const base = `${apiBase}/sso/saml/${encodeURIComponent(providerId)}`;
  return { acsURL: `${base}/acs`, startURL: `${base}/start`, entityID: `${base}/metadata` };
}

/** Escapes text for an XML attribute or element. */
export const xmlEscape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[ch] as string,
  );
