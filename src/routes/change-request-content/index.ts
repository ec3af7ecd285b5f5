import { createRouter } from "../../http/router";
import * as getRevisionOfChangeRequestById from "./get-revision-of-change-request-by-id";
import * as listPagesInChangeRequest from "./list-pages-in-change-request";
import * as listFilesInChangeRequestById from "./list-files-in-change-request-by-id";
import * as getFileInChangeRequestById from "./get-file-in-change-request-by-id";
import * as getPageInChangeRequestById from "./get-page-in-change-request-by-id";
import * as getPageInChangeRequestByPath from "./get-page-in-change-request-by-path";
import * as getReusableContentInChangeRequestById from "./get-reusable-content-in-change-request-by-id";
import * as listPageLinksInChangeRequest from "./list-page-links-in-change-request";
import * as listChangeRequestPageBacklinks from "./list-change-request-page-backlinks";
import * as listChangeRequestFileBacklinks from "./list-change-request-file-backlinks";
import * as listChangeRequestPageMetaLinks from "./list-change-request-page-meta-links";

export default createRouter()
  .openapi(getRevisionOfChangeRequestById.route, getRevisionOfChangeRequestById.handler)
  .openapi(listPagesInChangeRequest.route, listPagesInChangeRequest.handler)
  .openapi(listFilesInChangeRequestById.route, listFilesInChangeRequestById.handler)
  .openapi(getFileInChangeRequestById.route, getFileInChangeRequestById.handler)
  .openapi(getPageInChangeRequestById.route, getPageInChangeRequestById.handler)
  .openapi(getPageInChangeRequestByPath.route, getPageInChangeRequestByPath.handler)
  .openapi(getReusableContentInChangeRequestById.route, getReusableContentInChangeRequestById.handler)
  .openapi(listPageLinksInChangeRequest.route, listPageLinksInChangeRequest.handler)
  .openapi(listChangeRequestPageBacklinks.route, listChangeRequestPageBacklinks.handler)
  .openapi(listChangeRequestFileBacklinks.route, listChangeRequestFileBacklinks.handler)
  .openapi(listChangeRequestPageMetaLinks.route, listChangeRequestPageMetaLinks.handler);
