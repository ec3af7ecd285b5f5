import { createRouter } from "../../http/router";
import * as importContent from "./import-content";
import * as importContentInChangeRequest from "./import-content-in-change-request";
import * as importContentInChangeRequestPageById from "./import-content-in-change-request-page-by-id";
import * as importContentInPageById from "./import-content-in-page-by-id";

export default createRouter()
  .openapi(importContent.route, importContent.handler)
  .openapi(importContentInPageById.route, importContentInPageById.handler)
  .openapi(importContentInChangeRequest.route, importContentInChangeRequest.handler)
  .openapi(importContentInChangeRequestPageById.route, importContentInChangeRequestPageById.handler);
