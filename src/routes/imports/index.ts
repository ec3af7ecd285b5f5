import { createRouter } from "../../http/router";
import * as cancelImportRun from "./cancel-import-run";
import * as getImportRun from "./get-import-run";
import * as importContent from "./import-content";
import * as importContentInChangeRequest from "./import-content-in-change-request";
import * as importContentInChangeRequestPageById from "./import-content-in-change-request-page-by-id";
import * as importContentInPageById from "./import-content-in-page-by-id";
import * as listImportRuns from "./list-import-runs";
import * as startImportRun from "./start-import-run";

export default createRouter()
  .openapi(importContent.route, importContent.handler)
  .openapi(importContentInPageById.route, importContentInPageById.handler)
  .openapi(importContentInChangeRequest.route, importContentInChangeRequest.handler)
  .openapi(importContentInChangeRequestPageById.route, importContentInChangeRequestPageById.handler)
  .openapi(listImportRuns.route, listImportRuns.handler)
  .openapi(startImportRun.route, startImportRun.handler)
  .openapi(getImportRun.route, getImportRun.handler)
  .openapi(cancelImportRun.route, cancelImportRun.handler);
