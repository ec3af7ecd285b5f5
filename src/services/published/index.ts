// The published-site domain's public surface: what the renderer (src/site) reads for a page view.
export { fingerprint, loadPublishedSite } from "./site-load";
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
