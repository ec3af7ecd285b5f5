import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import {
  integrationInstallations,
  integrationSiteInstallations,
  integrationSpaceInstallations,
  integrations,
  integrationTokens,
} from "../../db/schema";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { checkConfiguration, type InstallationStatus, shownStatus, statusOf } from "./configuration";
import { installationsVisibleTo, installationWithIntegration } from "./installation-scope";
import { queuedEventStatements, sendEventMessages } from "./events";
import { enableOnEverySite } from "../sites";
import { spaceCountsOf } from "./space-installations";
import { newId } from "../../lib/ids";
import { keysetPage, type Page, type PageRequest, type SortKey } from "../../lib/pagination";
import { type Access, authorize, can, organizationAccess } from "../access";
import { requireUser, type ServiceContext } from "../core";
import {
  type IntegrationRow,
  type IntegrationView,
  integrationAccess,
  integrationView,
  loadIntegration,
  ownersOf,
} from "./integrations";

export type InstallationRow = typeof integrationInstallations.$inferSelect;

export interface InstallationView {
  row: InstallationRow;
  /** How many spaces the installation is enabled on. */
  spaces: number;
  /** The status shown (configuration.ts shownStatus): `pending` also while scopes wait for an admin's consent. */
  status: InstallationStatus;
}

const view = (row: InstallationRow, integration: Pick<IntegrationRow, "scopes">, spaces: number): InstallationView => ({
  row,
  spaces,
  status: shownStatus(row, integration.scopes),
});

/**
 * installIntegration: installs a visible integration in an organization the caller administers. A private
 * integration installs only in its owner organization. One installation per integration and organization.
 */
export async function installIntegration(
  ctx: ServiceContext,
  name: string,
  organizationId: string,
): Promise<InstallationView & { integration: IntegrationView }> {
  const integration = await loadIntegration(ctx, name);
  authorize(organizationAccess(ctx.caller, organizationId), "organization.installIntegration", "Organization");
  if (integration.row.visibility === "private" && integration.row.organizationId !== organizationId) {
    throw badRequest(`organization: the private integration ${name} installs only in its own organization`);
  }
  const row: InstallationRow = {
    id: newId(),
    integrationName: name,
    organizationId,
    status: statusOf(integration.row.configurations?.account, {}),
    spaceSelection: "selected",
    siteSelection: "selected",
    configuration: {},
    externalIds: [],
    // Installing is consenting to the scopes the integration asks for now.
    acceptedScopes: integration.row.scopes,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  const setup = queuedEventStatements(
    ctx,
    {
      integrationName: name,
      installationId: row.id,
      type: "installation_setup",
      payload: { installationId: row.id, status: row.status },
    },
    sql`EXISTS (SELECT 1 FROM integration_installations WHERE id = ${row.id})`,
  );
  const [inserted] = await batch(ctx.db, [
    ctx.db.insert(integrationInstallations).values(row).onConflictDoNothing().returning(),
    setup.statements,
  ]);
  if (!inserted.length) throw conflict(`${name} is already installed in this organization`);
  await sendEventMessages(ctx, [setup.message]);
  return { ...view(row, integration.row, 0), integration };
}

/**
 * An installation of `name` by id with its integration. People, and the integration's own tokens (they read its
 * installations; access is theirs to check).
 */
function loadInstallation(ctx: ServiceContext, name: string, installationId: string) {
  if (ctx.caller.kind !== "scoped") requireUser(ctx.caller);
  return installationWithIntegration(ctx, name, installationId);
}

/**
 * An installation's readers: members (`read` and up) of the organization it is in, admins of the integration's,
 * and the integration's own tokens (an installation token: its own installation only).
 */
export function installationAccess(
  ctx: Pick<ServiceContext, "caller">,
  installation: InstallationRow,
  integration: IntegrationRow,
): Access {
  const caller = ctx.caller;
  if (caller.kind === "scoped") {
    const own =
      caller.integration === integration.name &&
      installation.integrationName === integration.name &&
      (!caller.installation || caller.installation.id === installation.id);
    return own ? OWN_INSTALLATION : undefined;
  }
  const here = organizationAccess(ctx.caller, installation.organizationId);
  const publisher = integrationAccess(ctx.caller, integration);
  return can(here, "installation.view") ? here : can(publisher, "integration.admin") ? publisher : undefined;
}

const OWN_INSTALLATION: Access = { scoped: new Set(["installation.view"]) };

export async function getInstallation(ctx: ServiceContext, name: string, installationId: string) {
  const found = await loadInstallation(ctx, name, installationId);
  if (!found) throw notFound("Integration installation");
  authorize(
    installationAccess(ctx, found.installation, found.integration),
    "installation.view",
    "Integration installation",
  );
  const counts = await spaceCountsOf(ctx, [found.installation.id]);
  return view(found.installation, found.integration, counts.get(found.installation.id) ?? 0);
}

export interface InstallationPatch {
  externalIds?: string[];
  configuration?: Record<string, unknown>;
  space_selection?: "all" | "selected";
  site_selection?: "all" | "selected";
}

/**
 * updateIntegrationInstallation: admins of the installation's organization; the configuration is checked.
 * `site_selection: "all"` enables the installation on every site of the organization (site-selection.ts).
 * Any update by an admin (an empty body too) accepts the scopes the integration asks for now.
 */
export async function updateInstallation(
  ctx: ServiceContext,
  name: string,
  installationId: string,
  patch: InstallationPatch,
): Promise<InstallationView> {
  const found = await loadInstallation(ctx, name, installationId);
  if (!found) throw notFound("Integration installation");
  authorize(
    organizationAccess(ctx.caller, found.installation.organizationId),
    "installation.admin",
    "Integration installation",
  );
  const configuration = patch.configuration ?? found.installation.configuration;
  if (patch.configuration) checkConfiguration(name, found.integration.configurations?.account, configuration);
  const status = statusOf(found.integration.configurations?.account, configuration);
  // A configuration update is an `installation_setup` with what it was before (the selection alone is not).
  const setup = patch.configuration
    ? queuedEventStatements(
        ctx,
        {
          integrationName: name,
          installationId,
          type: "installation_setup",
          payload: {
            installationId,
            status,
            previous: { status: found.installation.status, configuration: found.installation.configuration },
          },
        },
        sql`EXISTS (SELECT 1 FROM integration_installations WHERE id = ${installationId})`,
      )
    : undefined;
  const [[row]] = await batch(ctx.db, [
    ctx.db
      .update(integrationInstallations)
      .set({
        configuration,
        status,
        acceptedScopes: found.integration.scopes,
        ...(patch.externalIds ? { externalIds: patch.externalIds } : {}),
        ...(patch.space_selection ? { spaceSelection: patch.space_selection } : {}),
        ...(patch.site_selection ? { siteSelection: patch.site_selection } : {}),
        updatedAt: ctx.now,
      })
      .where(eq(integrationInstallations.id, installationId))
      .returning(),
    patch.site_selection === "all"
      ? enableOnEverySite(ctx.db, { organizationId: found.installation.organizationId, installationId }, ctx.now)
      : undefined,
    setup?.statements,
  ]);
  if (!row) throw notFound("Integration installation");
  if (setup) await sendEventMessages(ctx, [setup.message]);
  const counts = await spaceCountsOf(ctx, [row.id]);
  return view(row, found.integration, counts.get(row.id) ?? 0);
}

/** uninstallIntegration: false when there was no such installation. */
export async function uninstallIntegration(ctx: ServiceContext, name: string, installationId: string) {
  const found = await loadInstallation(ctx, name, installationId);
  if (!found) return false;
  authorize(
    organizationAccess(ctx.caller, found.installation.organizationId),
    "installation.admin",
    "Integration installation",
  );
  await batch(ctx.db, [
    ctx.db
      .delete(integrationSpaceInstallations)
      .where(eq(integrationSpaceInstallations.installationId, installationId)),
    ctx.db.delete(integrationSiteInstallations).where(eq(integrationSiteInstallations.installationId, installationId)),
    ctx.db.delete(integrationTokens).where(eq(integrationTokens.installationId, installationId)),
    ctx.db.delete(integrationInstallations).where(eq(integrationInstallations.id, installationId)),
  ]);
  return true;
}

/** A keyset page of the organization installations matching `where`, in the order of `keys`. */
function installationPage(
  ctx: ServiceContext,
  page: PageRequest,
  where: SQL | undefined,
  keys: SortKey<InstallationRow>[],
) {
  return keysetPage(ctx.db, {
    page,
    keys,
    rows: (after, orderBy, limit) =>
      ctx.db
        .select()
        .from(integrationInstallations)
        .where(and(where, after))
        .orderBy(...orderBy)
        .limit(limit),
    count: ctx.db.select({ count: sql<number>`count(*)` }).from(integrationInstallations).where(where),
  });
}

/**
 * listIntegrationInstallations: the integration's installations the caller may see: all of them for admins of
 * the integration's owner, else those in organizations where the caller may view installations.
 */
export async function listInstallationsOf(
  ctx: ServiceContext,
  name: string,
  q: PageRequest & { externalId?: string },
): Promise<Page<InstallationView>> {
  const caller = requireUser(ctx.caller);
  const integration = await loadIntegration(ctx, name);
  const where = and(
    eq(integrationInstallations.integrationName, name),
    installationsVisibleTo(caller, integration, integrationInstallations, q.externalId),
  );
  const page = await installationPage(ctx, q, where, [
    { column: integrationInstallations.createdAt, direction: "asc", value: (r: InstallationRow) => r.createdAt },
    { column: integrationInstallations.id, direction: "asc", value: (r: InstallationRow) => r.id },
  ]);
  const counts = await spaceCountsOf(
    ctx,
    page.items.map((row) => row.id),
  );
  return { ...page, items: page.items.map((row) => view(row, integration.row, counts.get(row.id) ?? 0)) };
}

/**
 * listOrganizationInstallations (with `status` false) and listOrganizationIntegrationsStatus: the organization's
 * installations with their integrations, by integration name; admins only.
 */
export async function listOrganizationInstallations(
  ctx: ServiceContext,
  organizationId: string,
  q: PageRequest & { search?: string },
): Promise<Page<{ installation: InstallationView; integration: IntegrationView }>> {
  const caller = requireUser(ctx.caller);
  authorize(organizationAccess(caller, organizationId), "organization.listInstallations", "Organization");
  const search = q.search?.trim().toLowerCase();
  // The statements read installations alone: the integration's name and title are matched in a subquery.
  const where = and(
    eq(integrationInstallations.organizationId, organizationId),
    search
      ? sql`${integrationInstallations.integrationName} IN (SELECT name FROM integrations
          WHERE instr(lower(name), ${search}) > 0 OR instr(lower(title), ${search}) > 0)`
      : undefined,
  );
  const page = await installationPage(ctx, q, where, [
    {
      column: integrationInstallations.integrationName,
      direction: "asc",
      value: (r: InstallationRow) => r.integrationName,
    },
  ]);
  const names = page.items.map((row) => row.integrationName);
  const integrationRows = names.length
    ? await ctx.db.select().from(integrations).where(inArray(integrations.name, names))
    : [];
  const owners = await ownersOf(ctx, integrationRows);
  const byName = new Map(integrationRows.map((row) => [row.name, row]));
  const counts = await spaceCountsOf(
    ctx,
    page.items.map((row) => row.id),
  );
  return {
    ...page,
    items: page.items.map((row) => {
      const integration = byName.get(row.integrationName)!;
      return {
        installation: view(row, integration, counts.get(row.id) ?? 0),
        integration: integrationView(caller, integration, owners.get(integration.organizationId)!),
      };
    }),
  };
}

/** getOrganizationIntegrationStatus: the status of the integration's installation in the organization. */
export async function organizationIntegrationStatus(ctx: ServiceContext, organizationId: string, name: string) {
  requireUser(ctx.caller);
  authorize(organizationAccess(ctx.caller, organizationId), "organization.view", "Organization");
  const integration = await loadIntegration(ctx, name);
  const [[row]] = await batch(ctx.db, [
    ctx.db
      .select({ status: integrationInstallations.status, acceptedScopes: integrationInstallations.acceptedScopes })
      .from(integrationInstallations)
      .where(
        and(
          eq(integrationInstallations.organizationId, organizationId),
          eq(integrationInstallations.integrationName, name),
        ),
      )
      .limit(1),
  ]);
  if (!row) throw notFound("Integration installation");
  return shownStatus(row, integration.row.scopes);
}
