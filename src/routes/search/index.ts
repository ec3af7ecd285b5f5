import { createRouter } from "../../http/router";
import * as getSpaceSearchIndex from "./get-space-search-index";
import * as repairSpaceSearchIndex from "./repair-space-search-index";
import * as searchOrganizationContent from "./search-organization-content";
import * as searchSiteContent from "./search-site-content";
import * as searchSpaceContent from "./search-space-content";

export default createRouter()
  .openapi(searchSpaceContent.route, searchSpaceContent.handler)
  .openapi(searchOrganizationContent.route, searchOrganizationContent.handler)
  .openapi(searchSiteContent.route, searchSiteContent.handler)
  .openapi(getSpaceSearchIndex.route, getSpaceSearchIndex.handler)
  .openapi(repairSpaceSearchIndex.route, repairSpaceSearchIndex.handler);
