import { createRouter } from "../../http/router";
import * as createChangeRequest from "./create-change-request";
import * as getChangeRequestById from "./get-change-request-by-id";
import * as getChangeRequestChanges from "./get-change-request-changes";
import * as getChangeRequestPdf from "./get-change-request-pdf";
import * as listChangeRequestsForOrganization from "./list-change-requests-for-organization";
import * as listChangeRequestsForSpace from "./list-change-requests-for-space";
import * as mergeChangeRequest from "./merge-change-request";
import * as updateChangeRequest from "./update-change-request";
import * as updateChangeRequestById from "./update-change-request-by-id";
import * as updateChangeRequestContent from "./update-change-request-content";
import * as listChangeRequestLinks from "./list-change-request-links";

export default createRouter()
  .openapi(createChangeRequest.route, createChangeRequest.handler)
  .openapi(listChangeRequestsForOrganization.route, listChangeRequestsForOrganization.handler)
  .openapi(listChangeRequestsForSpace.route, listChangeRequestsForSpace.handler)
  .openapi(getChangeRequestById.route, getChangeRequestById.handler)
  .openapi(updateChangeRequestById.route, updateChangeRequestById.handler)
  .openapi(mergeChangeRequest.route, mergeChangeRequest.handler)
  .openapi(updateChangeRequest.route, updateChangeRequest.handler)
  .openapi(getChangeRequestChanges.route, getChangeRequestChanges.handler)
  .openapi(updateChangeRequestContent.route, updateChangeRequestContent.handler)
  .openapi(listChangeRequestLinks.route, listChangeRequestLinks.handler)
  .openapi(getChangeRequestPdf.route, getChangeRequestPdf.handler);
