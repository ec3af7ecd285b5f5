import { createRouter } from "../../http/router";
import * as installIntegrationOnSpace from "./install-integration-on-space";
import * as listIntegrationInstallationSpaces from "./list-integration-installation-spaces";
import * as getIntegrationSpaceInstallation from "./get-integration-space-installation";
import * as updateIntegrationSpaceInstallation from "./update-integration-space-installation";
import * as uninstallIntegrationFromSpace from "./uninstall-integration-from-space";
import * as listIntegrationSpaceInstallations from "./list-integration-space-installations";
import * as listSpaceIntegrations from "./list-space-integrations";
import * as listSpaceIntegrationsBlocks from "./list-space-integrations-blocks";
import * as installIntegrationOnSite from "./install-integration-on-site";
import * as listIntegrationInstallationSites from "./list-integration-installation-sites";
import * as getIntegrationSiteInstallation from "./get-integration-site-installation";
import * as updateIntegrationSiteInstallation from "./update-integration-site-installation";
import * as uninstallIntegrationFromSite from "./uninstall-integration-from-site";
import * as listIntegrationSiteInstallations from "./list-integration-site-installations";
import * as listSiteIntegrations from "./list-site-integrations";
import * as listSiteIntegrationScripts from "./list-site-integration-scripts";
import * as listSpaceIntegrationScripts from "./list-space-integration-scripts";
import * as setIntegrationDevelopmentMode from "./set-integration-development-mode";
import * as disableIntegrationDevelopmentMode from "./disable-integration-development-mode";
import * as getIntegrationByName from "./get-integration-by-name";
import * as getIntegrationImage from "./get-integration-image";
import * as getIntegrationInstallationById from "./get-integration-installation-by-id";
import * as createIntegrationInstallationToken from "./create-integration-installation-token";
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
import * as listIntegrationEvents from "./list-integration-events";
import * as getIntegrationEvent from "./get-integration-event";
import * as renderIntegrationUIWithGet from "./render-integration-ui-with-get";
import * as renderIntegrationUIWithPost from "./render-integration-ui-with-post";
import * as queueIntegrationTask from "./queue-integration-task";

// `integrations/installations-status` is registered before `integrations/{integrationName}/…` paths of orgs.
export default createRouter()
  .openapi(listIntegrations.route, listIntegrations.handler)
  .openapi(getIntegrationByName.route, getIntegrationByName.handler)
  .openapi(publishIntegration.route, publishIntegration.handler)
  .openapi(unpublishIntegration.route, unpublishIntegration.handler)
  .openapi(setIntegrationDevelopmentMode.route, setIntegrationDevelopmentMode.handler)
  .openapi(disableIntegrationDevelopmentMode.route, disableIntegrationDevelopmentMode.handler)
  .openapi(getIntegrationImage.route, getIntegrationImage.handler)
  .openapi(listIntegrationEvents.route, listIntegrationEvents.handler)
  .openapi(getIntegrationEvent.route, getIntegrationEvent.handler)
  .openapi(renderIntegrationUIWithGet.route, renderIntegrationUIWithGet.handler)
  .openapi(renderIntegrationUIWithPost.route, renderIntegrationUIWithPost.handler)
  .openapi(queueIntegrationTask.route, queueIntegrationTask.handler)
  .openapi(listIntegrationInstallations.route, listIntegrationInstallations.handler)
  .openapi(createIntegrationInstallationToken.route, createIntegrationInstallationToken.handler)
  .openapi(installIntegration.route, installIntegration.handler)
  .openapi(getIntegrationInstallationById.route, getIntegrationInstallationById.handler)
  .openapi(updateIntegrationInstallation.route, updateIntegrationInstallation.handler)
  .openapi(uninstallIntegration.route, uninstallIntegration.handler)
  .openapi(listOrganizationIntegrationsStatus.route, listOrganizationIntegrationsStatus.handler)
  .openapi(listOrganizationIntegrations.route, listOrganizationIntegrations.handler)
  .openapi(getOrganizationIntegrationStatus.route, getOrganizationIntegrationStatus.handler)
  .openapi(listOrganizationInstallations.route, listOrganizationInstallations.handler)
  .openapi(installIntegrationOnSpace.route, installIntegrationOnSpace.handler)
  .openapi(listIntegrationInstallationSpaces.route, listIntegrationInstallationSpaces.handler)
  .openapi(getIntegrationSpaceInstallation.route, getIntegrationSpaceInstallation.handler)
  .openapi(updateIntegrationSpaceInstallation.route, updateIntegrationSpaceInstallation.handler)
  .openapi(uninstallIntegrationFromSpace.route, uninstallIntegrationFromSpace.handler)
  .openapi(listIntegrationSpaceInstallations.route, listIntegrationSpaceInstallations.handler)
  .openapi(listSpaceIntegrations.route, listSpaceIntegrations.handler)
  .openapi(listSpaceIntegrationsBlocks.route, listSpaceIntegrationsBlocks.handler)
  .openapi(listSpaceIntegrationScripts.route, listSpaceIntegrationScripts.handler)
  .openapi(installIntegrationOnSite.route, installIntegrationOnSite.handler)
  .openapi(listIntegrationInstallationSites.route, listIntegrationInstallationSites.handler)
  .openapi(getIntegrationSiteInstallation.route, getIntegrationSiteInstallation.handler)
  .openapi(updateIntegrationSiteInstallation.route, updateIntegrationSiteInstallation.handler)
  .openapi(uninstallIntegrationFromSite.route, uninstallIntegrationFromSite.handler)
  .openapi(listIntegrationSiteInstallations.route, listIntegrationSiteInstallations.handler)
  .openapi(listSiteIntegrations.route, listSiteIntegrations.handler)
  .openapi(listSiteIntegrationScripts.route, listSiteIntegrationScripts.handler);
