import { createRouter } from "../../http/router";
import * as getIntegrationByName from "./get-integration-by-name";
import * as getIntegrationImage from "./get-integration-image";
import * as getIntegrationInstallationById from "./get-integration-installation-by-id";
import * as getOrganizationIntegrationStatus from "./get-organization-integration-status";
import * as installIntegration from "./install-integration";
import * as listIntegrationInstallations from "./list-integration-installations";
import * as listIntegrations from "./list-integrations";
import * as listOrganizationInstallations from "./list-organization-installations";
import * as listOrganizationIntegrations from "./list-organization-integrations";
import * as listOrganizationIntegrationsStatus from "./list-organization-integrations-status";
import * as publishIntegration from "./publish-integration";
import * as uninstallIntegration from "./uninstall-integration";
import * as unpublishIntegration from "./unpublish-integration";
import * as updateIntegrationInstallation from "./update-integration-installation";

// `integrations/installations-status` is registered before `integrations/{integrationName}/…` paths of orgs.
export default createRouter()
  .openapi(listIntegrations.route, listIntegrations.handler)
  .openapi(getIntegrationByName.route, getIntegrationByName.handler)
  .openapi(publishIntegration.route, publishIntegration.handler)
  .openapi(unpublishIntegration.route, unpublishIntegration.handler)
  .openapi(getIntegrationImage.route, getIntegrationImage.handler)
  .openapi(listIntegrationInstallations.route, listIntegrationInstallations.handler)
  .openapi(installIntegration.route, installIntegration.handler)
  .openapi(getIntegrationInstallationById.route, getIntegrationInstallationById.handler)
  .openapi(updateIntegrationInstallation.route, updateIntegrationInstallation.handler)
  .openapi(uninstallIntegration.route, uninstallIntegration.handler)
  .openapi(listOrganizationIntegrationsStatus.route, listOrganizationIntegrationsStatus.handler)
  .openapi(listOrganizationIntegrations.route, listOrganizationIntegrations.handler)
  .openapi(getOrganizationIntegrationStatus.route, getOrganizationIntegrationStatus.handler)
  .openapi(listOrganizationInstallations.route, listOrganizationInstallations.handler);
