// The published-site domain's public surface: what the renderer (src/site) reads for a page view.
export { fingerprint, loadPublishedSite } from "./site-load";
export { forgetRecentSites, loadRecentPublishedSite, RECENT_SITE_MS } from "./recent-sites";
export type {
  GroupRow,
  PublishedSiteData,
  PublishedSiteSpace,
  SectionRow,
  SiteAdmission,
  SiteCredentials,
} from "./site-load";
export {
  defaultSection,
  defaultSiteSpace,
  navigationEntries,
  resolveSitePath,
  sectionPrefix,
  siteSpacePrefix,
  siteSpacesAt,
  visibleSections,
} from "./site-paths";
export type { SiteLocation, Visible } from "./site-paths";
export { siteRedirectTarget } from "./site-redirect-target";
export { publishedPathsOf } from "./published-paths";
export type { PublishedPaths } from "./published-paths";
export { adaptiveVisibility, visitorPassOf } from "./site-visibility";
export { findProxiedSite, soleProxiedSite } from "./site-proxy";
export { resolveContentUrl } from "./content-url";
export type { ContentByUrl } from "./content-url";
export { resolvePublishedUrl } from "./url-resolution";
export type { PublishedContentView, PublishedLookup, PublishedLookupInput, PublishedRedirect } from "./url-resolution";
export { getPublishedSite } from "./site-published";
export { sitePreview } from "./site-preview";
export { isPublicFontFile } from "./public-fonts";
export type { SitePreviewInput } from "./site-preview";
