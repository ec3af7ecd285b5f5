import { createRouter } from "../../http/router";
import * as createSpace from "./create-space";
import * as deleteSpaceById from "./delete-space-by-id";
import * as duplicateSpace from "./duplicate-space";
import * as getSpaceById from "./get-space-by-id";
import * as listSpacesInOrganizationById from "./list-spaces-in-organization-by-id";
import * as moveSpace from "./move-space";
import * as restoreSpace from "./restore-space";
import * as transferSpace from "./transfer-space";
import * as updateSpaceById from "./update-space-by-id";
import * as listSpaceLinks from "./list-space-links";
import * as getEmbedByUrlInSpace from "./get-embed-by-url-in-space";

export default createRouter()
  .openapi(createSpace.route, createSpace.handler)
  .openapi(listSpacesInOrganizationById.route, listSpacesInOrganizationById.handler)
  .openapi(getSpaceById.route, getSpaceById.handler)
  .openapi(updateSpaceById.route, updateSpaceById.handler)
  .openapi(deleteSpaceById.route, deleteSpaceById.handler)
  .openapi(restoreSpace.route, restoreSpace.handler)
  .openapi(duplicateSpace.route, duplicateSpace.handler)
  .openapi(moveSpace.route, moveSpace.handler)
  .openapi(transferSpace.route, transferSpace.handler)
  .openapi(listSpaceLinks.route, listSpaceLinks.handler)
  .openapi(getEmbedByUrlInSpace.route, getEmbedByUrlInSpace.handler);
