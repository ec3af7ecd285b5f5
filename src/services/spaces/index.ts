// The spaces domain's public surface (spaces, collections, placement, counters, templates and purge): what routes, jobs, http and presenters import.
// Other domains import this one only through this file, and only if they rank above it (README "Service domains").
export {
  createCollection,
  deleteCollection,
  getCollection,
  moveCollection,
  transferCollection,
  updateCollection,
} from "./collections";
export type { CollectionView } from "./collections";
export { purgeDeletedSpaces, runPurgeJob } from "./purge";
export {
  listCollectionsInOrganization,
  listSpacesForMember,
  listSpacesInCollection,
  listSpacesInOrganization,
} from "./space-lists";
export {
  createSpace,
  deleteSpace,
  duplicateSpace,
  moveSpace,
  planSpace,
  planSpaceCopy,
  restoreSpace,
  transferSpace,
  updateSpace,
} from "./spaces";
export type { PlannedSpace, SpaceView } from "./spaces";
export { getSpace } from "./get-space";
export { applyTemplateToSpace } from "./templates";
export { foldSpaceCounters, spaceCountersQueries } from "./space-counters";
export { spaceCountsByRole, visibleSpaces } from "./space-lists";
export { refreshPublishedSpaces, touchSiteSpaceDetails } from "./site-publication";
export { placementKey } from "./placement";
