// The search domain's public surface (search and its index): what routes, jobs, http and presenters import.
// Files inside src/services import each other directly.
export { searchSpace } from "./space-search";
export { searchOrganization } from "./grouped-search";
export { searchSite } from "./site-search";
export type { SiteSearchScope } from "./site-search";
export type { SearchPageView, SearchSectionView, SearchSpaceView } from "./search";
export { queueStaleSearchIndexes, runSearchIndexJob } from "./search-index";
export { indexSpaceContent, indexSpecDependents } from "./search-subscribers";
