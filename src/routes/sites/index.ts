import { createRouter } from "../../http/router";
import * as listPermissionsAggregateInSite from "./list-permissions-aggregate-in-site";
import * as getPublishedContentSite from "./get-published-content-site";
import * as listSiteShareLinks from "./list-site-share-links";
import * as createSiteShareLink from "./create-site-share-link";
import * as updateSiteShareLinkById from "./update-site-share-link-by-id";
import * as deleteSiteShareLinkById from "./delete-site-share-link-by-id";
import * as getSitePublishingAuthById from "./get-site-publishing-auth-by-id";
import * as updateSitePublishingAuthById from "./update-site-publishing-auth-by-id";
import * as regenerateSitePublishingAuthById from "./regenerate-site-publishing-auth-by-id";
import * as createSiteRedirect from "./create-site-redirect";
import * as deleteSiteRedirectById from "./delete-site-redirect-by-id";
import * as getSiteRedirectBySource from "./get-site-redirect-by-source";
import * as listSiteRedirects from "./list-site-redirects";
import * as updateSiteRedirectById from "./update-site-redirect-by-id";
import * as getSiteCustomizationById from "./get-site-customization-by-id";
import * as updateSiteCustomizationById from "./update-site-customization-by-id";
import * as getSiteSpaceCustomizationById from "./get-site-space-customization-by-id";
import * as overrideSiteSpaceCustomizationById from "./override-site-space-customization-by-id";
import * as deleteSiteSpaceCustomizationById from "./delete-site-space-customization-by-id";
import * as sortSiteStructure from "./sort-site-structure";
import * as moveSiteSpace from "./move-site-space";
import * as moveSiteSection from "./move-site-section";
import * as moveSiteSectionGroup from "./move-site-section-group";
import * as getSiteStructure from "./get-site-structure";
import * as listSiteSectionGroups from "./list-site-section-groups";
import * as addSectionGroupToSite from "./add-section-group-to-site";
import * as updateSiteSectionGroupById from "./update-site-section-group-by-id";
import * as deleteSiteSectionGroupById from "./delete-site-section-group-by-id";
import * as addSectionToGroup from "./add-section-to-group";
import * as removeSectionFromGroup from "./remove-section-from-group";
import * as addSectionToSite from "./add-section-to-site";
import * as addSpaceToSite from "./add-space-to-site";
import * as deleteSiteSectionById from "./delete-site-section-by-id";
import * as listSiteSections from "./list-site-sections";
import * as updateSiteSectionById from "./update-site-section-by-id";
import * as createSite from "./create-site";
import * as deleteSiteSpaceById from "./delete-site-space-by-id";
import * as listSiteSpaces from "./list-site-spaces";
import * as updateSiteSpaceById from "./update-site-space-by-id";
import * as deleteSiteById from "./delete-site-by-id";
import * as getSiteById from "./get-site-by-id";
import * as listSites from "./list-sites";
import * as publishSite from "./publish-site";
import * as unpublishSite from "./unpublish-site";
import * as updateSiteById from "./update-site-by-id";
import * as getSiteAdaptiveSchema from "./get-site-adaptive-schema";
import * as updateSiteAdaptiveSchema from "./update-site-adaptive-schema";
import * as listSiteAdaptiveTemplateConditions from "./list-site-adaptive-template-conditions";
import * as addExternalLinkToSite from "./add-external-link-to-site";
import * as updateSiteExternalLinkById from "./update-site-external-link-by-id";
import * as deleteSiteExternalLinkById from "./delete-site-external-link-by-id";
import * as bulkUpsertSiteRedirects from "./bulk-upsert-site-redirects";
import * as duplicateSiteSpace from "./duplicate-site-space";
import * as applyTemplateToSite from "./apply-template-to-site";
import * as prewarmSiteSearch from "./prewarm-site-search";
import * as getSitePublishingPreviewById from "./get-site-publishing-preview-by-id";

export default createRouter()
  .openapi(listSites.route, listSites.handler)
  .openapi(createSite.route, createSite.handler)
  .openapi(getSiteById.route, getSiteById.handler)
  .openapi(updateSiteById.route, updateSiteById.handler)
  .openapi(deleteSiteById.route, deleteSiteById.handler)
  .openapi(publishSite.route, publishSite.handler)
  .openapi(unpublishSite.route, unpublishSite.handler)
  .openapi(listSiteSpaces.route, listSiteSpaces.handler)
  .openapi(addSpaceToSite.route, addSpaceToSite.handler)
  .openapi(updateSiteSpaceById.route, updateSiteSpaceById.handler)
  .openapi(deleteSiteSpaceById.route, deleteSiteSpaceById.handler)
  .openapi(listSiteSections.route, listSiteSections.handler)
  .openapi(addSectionToSite.route, addSectionToSite.handler)
  .openapi(updateSiteSectionById.route, updateSiteSectionById.handler)
  .openapi(deleteSiteSectionById.route, deleteSiteSectionById.handler)
  .openapi(listSiteSectionGroups.route, listSiteSectionGroups.handler)
  .openapi(addSectionGroupToSite.route, addSectionGroupToSite.handler)
  .openapi(updateSiteSectionGroupById.route, updateSiteSectionGroupById.handler)
  .openapi(deleteSiteSectionGroupById.route, deleteSiteSectionGroupById.handler)
  .openapi(addSectionToGroup.route, addSectionToGroup.handler)
  .openapi(removeSectionFromGroup.route, removeSectionFromGroup.handler)
  .openapi(getSiteStructure.route, getSiteStructure.handler)
  .openapi(sortSiteStructure.route, sortSiteStructure.handler)
  .openapi(moveSiteSpace.route, moveSiteSpace.handler)
  .openapi(moveSiteSection.route, moveSiteSection.handler)
  .openapi(moveSiteSectionGroup.route, moveSiteSectionGroup.handler)
  .openapi(listSiteShareLinks.route, listSiteShareLinks.handler)
  .openapi(createSiteShareLink.route, createSiteShareLink.handler)
  .openapi(updateSiteShareLinkById.route, updateSiteShareLinkById.handler)
  .openapi(deleteSiteShareLinkById.route, deleteSiteShareLinkById.handler)
  .openapi(getSitePublishingAuthById.route, getSitePublishingAuthById.handler)
  .openapi(updateSitePublishingAuthById.route, updateSitePublishingAuthById.handler)
  .openapi(regenerateSitePublishingAuthById.route, regenerateSitePublishingAuthById.handler)
  .openapi(listSiteRedirects.route, listSiteRedirects.handler)
  .openapi(createSiteRedirect.route, createSiteRedirect.handler)
  .openapi(updateSiteRedirectById.route, updateSiteRedirectById.handler)
  .openapi(deleteSiteRedirectById.route, deleteSiteRedirectById.handler)
  .openapi(getSiteRedirectBySource.route, getSiteRedirectBySource.handler)
  .openapi(getSiteCustomizationById.route, getSiteCustomizationById.handler)
  .openapi(updateSiteCustomizationById.route, updateSiteCustomizationById.handler)
  .openapi(getSiteSpaceCustomizationById.route, getSiteSpaceCustomizationById.handler)
  .openapi(overrideSiteSpaceCustomizationById.route, overrideSiteSpaceCustomizationById.handler)
  .openapi(deleteSiteSpaceCustomizationById.route, deleteSiteSpaceCustomizationById.handler)
  .openapi(getPublishedContentSite.route, getPublishedContentSite.handler)
  .openapi(listPermissionsAggregateInSite.route, listPermissionsAggregateInSite.handler)
  .openapi(getSiteAdaptiveSchema.route, getSiteAdaptiveSchema.handler)
  .openapi(updateSiteAdaptiveSchema.route, updateSiteAdaptiveSchema.handler)
  .openapi(listSiteAdaptiveTemplateConditions.route, listSiteAdaptiveTemplateConditions.handler)
  .openapi(addExternalLinkToSite.route, addExternalLinkToSite.handler)
  .openapi(updateSiteExternalLinkById.route, updateSiteExternalLinkById.handler)
  .openapi(deleteSiteExternalLinkById.route, deleteSiteExternalLinkById.handler)
  .openapi(bulkUpsertSiteRedirects.route, bulkUpsertSiteRedirects.handler)
  .openapi(duplicateSiteSpace.route, duplicateSiteSpace.handler)
  .openapi(applyTemplateToSite.route, applyTemplateToSite.handler)
  .openapi(prewarmSiteSearch.route, prewarmSiteSearch.handler)
  .openapi(getSitePublishingPreviewById.route, getSitePublishingPreviewById.handler);
