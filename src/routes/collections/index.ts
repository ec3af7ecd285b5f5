import { createRouter } from "../../http/router";
import * as createCollection from "./create-collection";
import * as deleteCollectionById from "./delete-collection-by-id";
import * as getCollectionById from "./get-collection-by-id";
import * as listCollectionsInOrganizationById from "./list-collections-in-organization-by-id";
import * as listSpacesInCollectionById from "./list-spaces-in-collection-by-id";
import * as moveCollection from "./move-collection";
import * as transferCollection from "./transfer-collection";
import * as updateCollectionById from "./update-collection-by-id";

export default createRouter()
  .openapi(createCollection.route, createCollection.handler)
  .openapi(listCollectionsInOrganizationById.route, listCollectionsInOrganizationById.handler)
  .openapi(getCollectionById.route, getCollectionById.handler)
  .openapi(updateCollectionById.route, updateCollectionById.handler)
  .openapi(deleteCollectionById.route, deleteCollectionById.handler)
  .openapi(listSpacesInCollectionById.route, listSpacesInCollectionById.handler)
  .openapi(moveCollection.route, moveCollection.handler)
  .openapi(transferCollection.route, transferCollection.handler);
