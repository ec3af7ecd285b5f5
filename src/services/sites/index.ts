// The sites domain's public surface (docs sites and their structure): what routes, jobs, http and presenters
// import. Other domains import this one only through this file, and only if they rank above it.
export {
  addSectionGroup,
  addSectionToGroup,
  deleteSectionGroup,
  listSiteSectionGroups,
  removeSectionFromGroup,
  updateSectionGroup,
} from "./site-section-groups";
export type { SiteSectionGroupView } from "./site-section-groups";
export { getSiteStructure } from "./site-structure";
export type { SiteStructureView } from "./site-structure";
export { addSectionToSite, deleteSiteSection, listSiteSections, updateSiteSection } from "./site-sections";
export type { SectionPatch, SiteSectionRow, SiteSectionView } from "./site-sections";
export { addSpaceToSite, deleteSiteSpace, listSiteSpaces, updateSiteSpace } from "./site-spaces";
export type { SiteSpaceRow, SiteSpaceView } from "./site-spaces";
export {
  getCustomHostname,
  normalizeProxy,
  removeCustomHostname,
  revalidateCustomHostname,
} from "./custom-hostnames";
export type { CustomHostnameView } from "./custom-hostnames";
export { createDefaultSite, createSite } from "./create-site";
export type { CreateSiteInput } from "./create-site";
export { deleteSite, getSite, listSites, setSitePublished, updateSite } from "./sites";
export type { SiteListQuery, SitePatch, SiteRow, SiteView } from "./sites";
export {
  createSiteRedirect,
  deleteSiteRedirect,
  getSiteRedirectBySource,
  listSiteRedirects,
  updateSiteRedirect,
} from "./site-redirects";
export type { ResolvedSiteRedirect, SiteRedirectDestination, SiteRedirectRow } from "./site-redirects";
export { moveStructureItem } from "./site-moves";
export { navigationOrder, sectionsInStructureOrder } from "./structure-order";
export type { StructureItemType, StructurePointer } from "./site-moves";
export { createShareLink, deleteShareLink, listShareLinks, updateShareLink } from "./site-share-links";
export type { ShareLinkRow } from "./site-share-links";
export {
  ensurePublishingKey,
  getPublishingAuth,
  regeneratePublishingAuth,
  updatePublishingAuth,
} from "./site-publishing-auth";
export type { PublishingAuthPatch, PublishingAuthRow, PublishingAuthView } from "./site-publishing-auth";
export {
  deleteSiteSpaceCustomization,
  getSiteCustomization,
  getSiteSpaceCustomization,
  overrideSiteSpaceCustomization,
  siteCustomizations,
  updateSiteCustomization,
} from "./site-customization";
export {
  CUSTOMIZATION_FONTS,
  CUSTOMIZATION_MONOSPACE_FONTS,
  defaultSiteCustomization,
} from "./customization-settings";
export { CODE_THEMES, PAGE_ACTION_TYPES, SOCIAL_PLATFORMS } from "./customization-values";
export type { SiteCustomizationOverride, SiteCustomizationSettings } from "./customization-settings";
export { listSitePermissions } from "./site-permissions";
export type { SitePermissionView } from "./site-permissions";
export {
  adaptiveSchemaOf,
  checkAdaptiveSchema,
  defaultAdaptiveSchema,
  getSiteAdaptiveSchema,
  listSiteAdaptiveTemplateConditions,
  MAX_ADAPTIVE_CLAIMS,
  templateConditions,
  UNSIGNED_DESCRIPTION,
  updateSiteAdaptiveSchema,
} from "./site-adaptive";
export type {
  AdaptiveClaim,
  SiteAdaptiveJSONSchema,
  SiteAdaptiveSchemaView,
  TemplateCondition,
} from "./site-adaptive";
export { checkCondition, claimPath, evaluateCondition, parseCondition } from "../access";
export type { ConditionNode } from "../access";
export { enableOnEverySite } from "./site-selection";
export { loadSite } from "./sites";
export { assembleCustomizations, siteCustomizationRows, siteRow } from "./site-customization";
export { MAX_PROXY_DEPTH } from "./custom-hostnames";
export { structureOf } from "./site-structure";
export { addExternalLink, deleteExternalLink, getExternalLink, updateExternalLink } from "./site-external-links";
export type { ExternalLinkInput, SiteExternalLinkRow } from "./site-external-links";
export { bulkUpsertSiteRedirects, MAX_BULK_REDIRECTS } from "./site-redirects-bulk";
export type { BulkRedirectItem, BulkRedirectResult } from "./site-redirects-bulk";
export { duplicateSiteSpace } from "./site-space-duplicate";
export { applyTemplateToSite } from "./site-template";
export {
  DEFAULT_OIDC_SCOPES,
  openClientSecret,
  parseIdentityProvider,
} from "./site-identity-provider";
export type { SiteIdentityProvider, SiteIdentityProviderInput } from "./site-identity-provider";
