// The sites domain's public surface (docs sites and their structure): what routes, jobs, http and presenters
// import. Files inside src/services import each other directly.
export { createSite, deleteSite, getSite, listSites, setSitePublished, updateSite } from "./sites";
export type { CreateSiteInput, SiteListQuery, SitePatch, SiteRow, SiteView } from "./sites";
