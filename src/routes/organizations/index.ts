import { createRouter } from "../../http/router";
import * as createOrganization from "./create-organization";
import * as getOrganizationById from "./get-organization-by-id";
import * as getOrganizationsForEmailDomain from "./get-organizations-for-email-domain";
import * as getSubdomain from "./get-subdomain";
import * as joinOrganization from "./join-organization";
import * as listOrganizationsForAuthenticatedUser from "./list-organizations-for-authenticated-user";
import * as updateOrganizationById from "./update-organization-by-id";

export default createRouter()
  .openapi(listOrganizationsForAuthenticatedUser.route, listOrganizationsForAuthenticatedUser.handler)
  .openapi(createOrganization.route, createOrganization.handler)
  .openapi(joinOrganization.route, joinOrganization.handler)
  .openapi(getOrganizationById.route, getOrganizationById.handler)
  .openapi(updateOrganizationById.route, updateOrganizationById.handler)
  .openapi(getOrganizationsForEmailDomain.route, getOrganizationsForEmailDomain.handler)
  .openapi(getSubdomain.route, getSubdomain.handler);
