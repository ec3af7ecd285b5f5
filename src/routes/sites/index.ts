import { createRouter } from "../../http/router";
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
  .openapi(deleteSiteSectionById.route, deleteSiteSectionById.handler);
