import { createRouter } from "../../http/router";
import * as getRevisionSemanticChanges from "./get-revision-semantic-changes";
import * as getRevisionById from "./get-revision-by-id";
import * as listPagesInRevisionById from "./list-pages-in-revision-by-id";
import * as listFilesInRevisionById from "./list-files-in-revision-by-id";
import * as getFileInRevisionById from "./get-file-in-revision-by-id";
import * as getPageInRevisionById from "./get-page-in-revision-by-id";
import * as getPageDocumentInRevisionById from "./get-page-document-in-revision-by-id";
import * as getPageInRevisionByPath from "./get-page-in-revision-by-path";
import * as getReusableContentInRevisionById from "./get-reusable-content-in-revision-by-id";
import * as getReusableContentDocumentInRevisionById from "./get-reusable-content-document-in-revision-by-id";
import * as listRevisionPageMetaLinks from "./list-revision-page-meta-links";

export default createRouter()
  .openapi(getRevisionById.route, getRevisionById.handler)
  .openapi(listPagesInRevisionById.route, listPagesInRevisionById.handler)
  .openapi(listFilesInRevisionById.route, listFilesInRevisionById.handler)
  .openapi(getFileInRevisionById.route, getFileInRevisionById.handler)
  .openapi(getPageInRevisionById.route, getPageInRevisionById.handler)
  .openapi(getPageDocumentInRevisionById.route, getPageDocumentInRevisionById.handler)
  .openapi(getPageInRevisionByPath.route, getPageInRevisionByPath.handler)
  .openapi(getReusableContentInRevisionById.route, getReusableContentInRevisionById.handler)
  .openapi(getReusableContentDocumentInRevisionById.route, getReusableContentDocumentInRevisionById.handler)
  .openapi(getRevisionSemanticChanges.route, getRevisionSemanticChanges.handler)
  .openapi(listRevisionPageMetaLinks.route, listRevisionPageMetaLinks.handler);
