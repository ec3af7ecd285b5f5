export { samlEndpoints } from "../../lib/saml-urls";

/** Escapes text for an XML attribute or element. */
export const xmlEscape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[ch] as string,
  );
