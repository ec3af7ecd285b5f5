// The revisions domain's public surface (reading and writing revision content, and links): what routes, jobs, http and presenters import.
// Files inside src/services import each other directly.
export {
  listFiles,
  listPages,
  readDocument,
  readExpanded,
  readFile,
  readPage,
  readPageDocument,
  readReusableContent,
  readReusableContentDocument,
  readRevision,
  readSemanticChanges,
  readSignedFile,
} from "./content-reads";
export { signFiles } from "./file-urls";
export type { SignedFile } from "./file-urls";
export type { PageReadView, RevisionView } from "./content-reads";
export type { ContentTarget } from "./content-load";
export { writeChangeRequestContent } from "./content-writes";
export { computeDocument, computeRevision } from "./computed";
export { backfillRevisionLocators } from "./revision-backfill";
export { listBacklinks, listLinks } from "./links";
export type { BacklinkListView, LinkListView, LocationView, MissingTargets } from "./links";
