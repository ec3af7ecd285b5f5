import { createRouter } from "../../http/router";
import * as applyTemplateToSpace from "./apply-template-to-space";
import * as getComputedDocument from "./get-computed-document";
import * as getComputedRevision from "./get-computed-revision";
import * as getDocumentById from "./get-document-by-id";
import * as getCurrentRevision from "./get-current-revision";
import * as listPages from "./list-pages";
import * as listFiles from "./list-files";
import * as getFileById from "./get-file-by-id";
import * as getSpacePdf from "./get-space-pdf";
import * as getPageById from "./get-page-by-id";
import * as getPageByPath from "./get-page-by-path";
import * as getReusableContentById from "./get-reusable-content-by-id";
import * as listPageLinksInSpace from "./list-page-links-in-space";
import * as listSpacePageBacklinks from "./list-space-page-backlinks";
import * as listSpaceFileBacklinks from "./list-space-file-backlinks";
import * as listSpacePageMetaLinks from "./list-space-page-meta-links";

export default createRouter()
  .openapi(getCurrentRevision.route, getCurrentRevision.handler)
  .openapi(listPages.route, listPages.handler)
  .openapi(listFiles.route, listFiles.handler)
  .openapi(getFileById.route, getFileById.handler)
  .openapi(getPageById.route, getPageById.handler)
  .openapi(getPageByPath.route, getPageByPath.handler)
  .openapi(getReusableContentById.route, getReusableContentById.handler)
  .openapi(getDocumentById.route, getDocumentById.handler)
  .openapi(listPageLinksInSpace.route, listPageLinksInSpace.handler)
  .openapi(listSpacePageBacklinks.route, listSpacePageBacklinks.handler)
  .openapi(listSpaceFileBacklinks.route, listSpaceFileBacklinks.handler)
  .openapi(applyTemplateToSpace.route, applyTemplateToSpace.handler)
  .openapi(getSpacePdf.route, getSpacePdf.handler)
  .openapi(getComputedDocument.route, getComputedDocument.handler)
  .openapi(getComputedRevision.route, getComputedRevision.handler)
  .openapi(listSpacePageMetaLinks.route, listSpacePageMetaLinks.handler);
