// The embeds domain's public surface (oEmbed-style metadata of external URLs): what routes import.
// Other domains import this one only through this file, and only if they rank above it (README "Service domains").
export { resolveEmbed, resolveEmbedInSpace } from "./embeds";
export type { EmbedView } from "./embed-metadata";
