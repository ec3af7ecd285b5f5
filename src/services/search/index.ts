// The search domain's public surface (search and its index): what routes, jobs, http and presenters import.
// Other domains import this one only through this file, and only if they rank above it (README "Service domains").
export { searchSpace } from "./space-search";
export { searchBySpace, searchOrganization } from "./grouped-search";
export { searchSite, searchVisitedSite, siteSearchSpaces } from "./site-search";
export type { SiteSearchScope } from "./site-search";
export type { SearchPageView, SearchSectionView, SearchSpaceView } from "./search";
export { queueStaleSearchIndexes, runSearchIndexJob } from "./search-index";
export { indexSpaceContent, indexSpecDependents } from "./search-subscribers";
export { prewarmSiteSearch } from "./site-prewarm";
export { generationIn, generationStatement } from "./results-cache";
export { checkSearchIndex, repairSearchIndex } from "./index-health";
export type { SearchIndexHealthView } from "./index-health";
