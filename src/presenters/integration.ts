import { iso } from "../lib/time";
import { permissionsObject } from "../services/access";
import type { UrlBases } from "../services/core";
import type {
  InstallationView,
  IntegrationEventRow,
  IntegrationView,
  PublishedScriptView,
  SiteInstallationView,
  SpaceInstallationView,
} from "../services/integrations";
import { presentOrganization } from "./organization";
import type { Integration } from "../wire/integration";
import type { Site } from "../wire/site";
import type { Space } from "../wire/space";
import type {
  IntegrationInstallation,
  IntegrationSiteInstallation,
  IntegrationSpaceInstallation,
} from "../wire/integration-installation";
import type {
  IntegrationEvent,
  IntegrationEventWithTrace,
  SiteIntegrationScript,
  SpaceIntegrationScript,
} from "../wire/integration-runtime";

const integrationUrl = (urls: UrlBases, name: string) => `${urls.api}/v1/integrations/${encodeURIComponent(name)}`;
/** The same path on the origin integrations' content is served from (INTEGRATIONS_URL, or the API's). */
const contentUrl = (urls: UrlBases, name: string) =>
  `${urls.integrations ?? urls.api}/v1/integrations/${encodeURIComponent(name)}`;
const imageUrl = (urls: UrlBases, name: string, hash: string) => `${integrationUrl(urls, name)}/images/${hash}`;

/** An Integration object of the reference. Secrets are never presented; the script is not either. */
export function presentIntegration(view: IntegrationView, urls: UrlBases): Integration {
  const { row } = view;
  return {
    object: "integration" as const,
    name: row.name,
    version: row.version,
    title: row.title,
    ...(row.description !== null ? { description: row.description } : {}),
    ...(row.summary !== null ? { summary: row.summary } : {}),
    previewImages: row.previewImageHashes.map((hash) => imageUrl(urls, row.name, hash)),
    target: row.target,
    verified: false,
    visibility: row.visibility,
    scopes: row.scopes,
    categories: row.categories,
    ...(row.blocks !== null ? { blocks: row.blocks } : {}),
    ...(row.contentSources !== null ? { contentSources: row.contentSources } : {}),
    ...(row.configurations !== null ? { configurations: row.configurations } : {}),
    externalLinks: row.externalLinks,
    owner: presentOrganization(view.owner, view.ownerAccess, urls),
    urls: {
      location: integrationUrl(urls, row.name),
      ...(row.iconHash ? { icon: imageUrl(urls, row.name, row.iconHash) } : {}),
      app: `${urls.app}/integrations/${encodeURIComponent(row.name)}`,
      assets: `${integrationUrl(urls, row.name)}/images`,
      publicEndpoint: `${contentUrl(urls, row.name)}/public`,
    },
    permissions: permissionsObject(view.access, { admin: "integration.admin" }),
    ...(row.contentSecurityPolicy !== null ? { contentSecurityPolicy: row.contentSecurityPolicy } : {}),
  };
}

/** An IntegrationInstallation object of the reference. */
export function presentInstallation(
  { row, spaces, status }: InstallationView,
  urls: UrlBases,
): IntegrationInstallation {
  const location = `${integrationUrl(urls, row.integrationName)}/installations/${row.id}`;
  return {
    id: row.id,
    status,
    space_selection: row.spaceSelection,
    site_selection: row.siteSelection,
    spaces,
    configuration: row.configuration,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    urls: {
      location,
      app: `${urls.app}/o/${row.organizationId}/integrations/${encodeURIComponent(row.integrationName)}`,
      publicEndpoint: `${contentUrl(urls, row.integrationName)}/installations/${row.id}/public`,
    },
    externalIds: row.externalIds,
    target: { organization: row.organizationId },
  };
}

/** What an installation on a space and on a site share; `targetPath` (`spaces/{id}`, `sites/{id}`) ends its URL. */
function targetInstallationFields(
  row: (SpaceInstallationView | SiteInstallationView)["row"],
  urls: UrlBases,
  targetPath: string,
) {
  const location = `${integrationUrl(urls, row.integrationName)}/installations/${row.installationId}/${targetPath}`;
  return {
    integration: row.integrationName,
    installation: row.installationId,
    status: row.status,
    configuration: row.configuration,
    externalIds: row.externalIds,
    urls: { location, publicEndpoint: `${location}/public` },
  };
}

/** An IntegrationSpaceInstallation; `space` is the space's id, or its Space object when extended. */
export function presentSpaceInstallation(
  { row }: SpaceInstallationView,
  urls: UrlBases,
  space?: Space,
): IntegrationSpaceInstallation {
  return { ...targetInstallationFields(row, urls, `spaces/${row.spaceId}`), space: space ?? row.spaceId };
}

/** An IntegrationSiteInstallation; `site` is the site's id, or its Site object when extended. */
export function presentSiteInstallation(
  { row }: SiteInstallationView,
  urls: UrlBases,
  site?: Site,
): IntegrationSiteInstallation {
  return { ...targetInstallationFields(row, urls, `sites/${row.siteId}`), site: site ?? row.siteId };
}

/** An IntegrationEvent: `integrationId` is the integration's name (Quire's integrations are keyed by name). */
export function presentIntegrationEvent(row: IntegrationEventRow): IntegrationEvent {
  return {
    id: row.id,
    integrationId: row.integrationName,
    ...(row.installationId ? { installationId: row.installationId } : {}),
    createdAt: iso(row.createdAt),
    payload: row.payload as { eventId: string; type: string } & Record<string, unknown>,
    status: row.status === "success" ? ("success" as const) : ("failed" as const),
  };
}

/** getIntegrationEvent's body: the event and its trace (the script's console output and errors, bounded). */
export function presentIntegrationEventWithTrace(row: IntegrationEventRow): IntegrationEventWithTrace {
  const notes = row.error && !row.logs.some((l) => l.message.includes(row.error!)) ? [row.error] : [];
  return {
    event: presentIntegrationEvent(row),
    trace: {
      logs: [
        ...row.logs.map((l) => ({ message: l.message, timestamp: iso(l.timestamp), level: l.level })),
        ...notes.map((message) => ({
          message: `[quire] ${message}`,
          timestamp: iso(row.updatedAt),
          level: "error" as const,
        })),
      ],
    },
  };
}

/**
 * A SpaceIntegrationScript / SiteIntegrationScript: the URL Quire serves the integration's script at
 * (routes/integrations/published-script.ts), with a cache buster that changes with the integration's version and
 * the installations' configuration.
 */
export function presentIntegrationScript(
  view: PublishedScriptView,
  urls: UrlBases,
): SpaceIntegrationScript & SiteIntegrationScript {
  const on =
    view.target.kind === "space"
      ? `spaces/${encodeURIComponent(view.target.spaceId)}`
      : `sites/${encodeURIComponent(view.target.siteId)}`;
  return {
    script: `${contentUrl(urls, view.integrationName)}/installations/${encodeURIComponent(view.installationId)}/${on}/script.js?v=${view.revision}`,
    ...(view.contentSecurityPolicy ? { contentSecurityPolicy: view.contentSecurityPolicy } : {}),
    cookies: view.cookies,
  };
}
