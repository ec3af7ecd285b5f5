import { createRouter } from "../../http/router";
import * as createOrganizationSAMLProvider from "./create-organization-saml-provider";
import * as deleteOrganizationSAMLProvider from "./delete-organization-saml-provider";
import * as getOrganizationSAMLProviderById from "./get-organization-saml-provider-by-id";
import * as listSAMLProvidersInOrganizationById from "./list-saml-providers-in-organization-by-id";
import * as listSSOProviderLoginsInOrganization from "./list-sso-provider-logins-in-organization";
import * as updateOrganizationSAMLProvider from "./update-organization-saml-provider";

export default createRouter()
  .openapi(listSAMLProvidersInOrganizationById.route, listSAMLProvidersInOrganizationById.handler)
  .openapi(createOrganizationSAMLProvider.route, createOrganizationSAMLProvider.handler)
  .openapi(getOrganizationSAMLProviderById.route, getOrganizationSAMLProviderById.handler)
  .openapi(updateOrganizationSAMLProvider.route, updateOrganizationSAMLProvider.handler)
  .openapi(deleteOrganizationSAMLProvider.route, deleteOrganizationSAMLProvider.handler)
  .openapi(listSSOProviderLoginsInOrganization.route, listSSOProviderLoginsInOrganization.handler);
