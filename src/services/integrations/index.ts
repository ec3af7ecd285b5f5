// The integrations domain's public surface (publishing, installations): what routes, jobs, http and presenters
// import. Other domains import this one only through this file, and only if they rank above it.
export {
  getInstallation,
  installIntegration,
  listInstallationsOf,
  listOrganizationInstallations,
  organizationIntegrationStatus,
  uninstallIntegration,
  updateInstallation,
} from "./installations";
export type { InstallationPatch, InstallationRow, InstallationView } from "./installations";
export {
  getIntegration,
  listIntegrations,
  MAX_SCRIPT_BYTES,
  publishIntegration,
  readIntegrationImage,
  unpublishIntegration,
} from "./integrations";
export type { IntegrationFilters, IntegrationRow, IntegrationView, PublishIntegrationInput } from "./integrations";
export { listSpaceIntegrationBlocks, listSpaceIntegrations } from "./space-installations";
export { listSiteIntegrations } from "./site-installations";
export {
  getTargetInstallation,
  installOn,
  listInstallationTargets,
  listIntegrationTargetInstallations,
  uninstallFrom,
  updateTargetInstallation,
} from "./target-installations";
export type {
  InstallationTarget,
  InstallationTargetKind,
  SiteInstallationRow,
  SiteInstallationView,
  SpaceInstallationRow,
  SpaceInstallationView,
  TargetInstallationView,
} from "./target-installations";
export { cspString, listSiteIntegrationScripts, listSpaceIntegrationScripts } from "./published-scripts";
export type { PublishedScriptView, ScriptTarget } from "./published-scripts";
export { integrationSigningSecret } from "./signing";
export type { DeliveryTarget, RuntimePresenters } from "./delivery";
export {
  getIntegrationEvent,
  INTEGRATION_EVENT_JOB_KIND,
  listIntegrationEvents,
  MAX_DELIVERY_ATTEMPTS,
  queueIntegrationTask,
  queueTask,
  recordIntegrationEventJobFailure,
  runIntegrationEventJob,
} from "./events";
export type { IntegrationEventRow } from "./events";
export { queueSpaceContentUpdated } from "./content-events";
export { callPublicEndpoint, fetchPublishedScript, renderIntegrationUI } from "./runtime-calls";
export type { ForwardedRequest, RenderInput, RuntimeContext } from "./runtime-calls";
export { checkTunnelUrl, devDeliveryTarget, disableDevelopmentMode, setDevelopmentMode } from "./dev-mode";
export type { DevDeliveryTarget, DevModeInput } from "./dev-mode";
export {
  deliverToTunnel,
  TUNNEL_MAX_RESPONSE_BYTES,
  TUNNEL_SIGNATURE_HEADER,
  TUNNEL_TIMEOUT_MS,
  tunnelSignature,
} from "./tunnel";
export type { TunnelResponse } from "./tunnel";
export {
  createInstallationToken,
  INTEGRATION_TOKEN_TTL_MS,
  issueInstallationToken,
  issueIntegrationToken,
} from "./tokens";
export type { IssuedToken } from "./tokens";
export { decryptSecrets, encryptSecrets } from "./secrets";
export { publishedSiteScripts, scriptReads, scriptViews } from "./published-scripts";
