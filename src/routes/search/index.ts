import { createRouter } from "../../http/router";
import * as searchOrganizationContent from "./search-organization-content";
import * as searchSiteContent from "./search-site-content";
import * as searchSpaceContent from "./search-space-content";

export default createRouter()
  .openapi(searchSpaceContent.route, searchSpaceContent.handler)
  .openapi(searchOrganizationContent.route, searchOrganizationContent.handler)
  .openapi(searchSiteContent.route, searchSiteContent.handler);
