// The revisions domain's public surface (reading and writing revision content, and links): what routes, jobs, http and presenters import.
// Other domains import this one only through this file, and only if they rank above it (README "Service domains").
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
export { writeChangeRequestContent } from "./content-writes";
export type { ContentWriteOptions, WrittenContent } from "./content-writes";
export { computeDocument, computeRevision } from "./computed";
export { backfillRevisionLocators } from "./revision-backfill";
export { getChangeRequest } from "./change-request-views";
export type { ChangeRequestStatus, ChangeRequestView } from "./change-request-views";
export { latestSpecText } from "./spec-source";
export type { SpecText } from "./spec-source";
export { contentDeps } from "./content-deps";
export type { ChangeRequestRow, ContentTarget } from "./content-load";
export { changeRequestWhere, checkSpace, loadContent, loadContents, loadSnapshot } from "./content-load";
export type { AuthorColumns } from "./change-request-views";
export {
  authorColumns,
  authorOf,
  changeRequestView,
  loadSpaceAndChangeRequest,
  openCommentsColumn,
} from "./change-request-views";
export { commitRevision, writeMainContent } from "./content-writes";
export { withSpaceWriteTurn } from "./write-turns";
export { bodyLinks } from "./link-cache";
export { signFileMap } from "./file-urls";
export { computedSpecVersionsSql } from "./spec-source";
export { computedPagesOf, expandSnapshot } from "./computed";
export { readPageMetaLinks } from "./page-meta-links";
export { readPageTargets } from "./page-targets";
export type { PageTargets } from "./page-targets";
export type { MetaLinkPage, PageMetaLinksView } from "./page-meta-links";
