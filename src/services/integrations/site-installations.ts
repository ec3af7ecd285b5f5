import { and, eq, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import { integrationSiteInstallations, integrations } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { keysetPage, type Page, type PageRequest } from "../../lib/pagination";
import { authorize } from "../access/permissions";
import { organizationAccess, requireUser, type ServiceContext } from "../core/context";
import { loadSite } from "../sites/sites";
import { queuedEventStatements, sendEventMessages } from "./events";
import { checkConfiguration, statusOf } from "./configuration";
import { administeredInstallation, installationsVisibleTo } from "./installation-scope";
import { integrationPage, type IntegrationView, loadIntegration } from "./integrations";

export type SiteInstallationRow = typeof integrationSiteInstallations.$inferSelect;

export interface SiteInstallationView {
  row: SiteInstallationRow;
}

const onSite = (installationId: string, siteId: string) =>
  and(eq(integrationSiteInstallations.installationId, installationId), eq(integrationSiteInstallations.siteId, siteId));

/** The installation of `name`, for admins of its organization (403 for its other members, 404 for the rest). */
async function installationToAdminister(ctx: ServiceContext, name: string, installationId: string) {
  const found = await administeredInstallation(ctx, name, installationId);
  authorize(
    organizationAccess(ctx.caller, found.installation.organizationId),
    "installation.admin",
    "Integration installation",
  );
  return found;
}

/**
 * installIntegrationOnSite: enables an organization installation on one of the organization's sites (admins of
 * the installation's organization, who manage its sites). The integration's target must allow sites.
 */
export async function installOnSite(
  ctx: ServiceContext,
  name: string,
  installationId: string,
  siteId: string,
): Promise<SiteInstallationView> {
  const { installation, integration } = await installationToAdminister(ctx, name, installationId);
  if (integration.target !== "all" && integration.target !== "site") {
    throw badRequest(
      `siteId: ${name} installs on ${integration.target === "space" ? "spaces" : "the organization"} only`,
    );
  }
  const site = await loadSite(ctx, installation.organizationId, siteId);
  authorize(site.access, "site.manage", "Site");
  const row: SiteInstallationRow = {
    installationId,
    siteId,
    integrationName: name,
    organizationId: installation.organizationId,
    status: statusOf(integration.configurations?.site, {}),
    configuration: {},
    externalIds: [],
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  const setup = queuedEventStatements(
    ctx,
    {
      integrationName: name,
      installationId,
      siteId,
      type: "site_installation_setup",
      payload: { installationId, siteId, status: row.status },
    },
    sql`EXISTS (SELECT 1 FROM integration_site_installations WHERE installation_id = ${installationId} AND site_id = ${siteId} AND created_at = ${ctx.now})`,
  );
  const [inserted] = await batch(ctx.db, [
    ctx.db.insert(integrationSiteInstallations).values(row).onConflictDoNothing().returning(),
    setup.statements,
  ]);
  if (inserted.length) await sendEventMessages(ctx, [setup.message]);
  if (!inserted.length) throw conflict(`${name} is already installed on this site`);
  return { row };
}

async function loadSiteInstallation(ctx: ServiceContext, name: string, installationId: string, siteId: string) {
  const { installation, integration } = await administeredInstallation(ctx, name, installationId);
  const [[row]] = await batch(ctx.db, [
    ctx.db.select().from(integrationSiteInstallations).where(onSite(installationId, siteId)).limit(1),
  ]);
  return { installation, integration, row };
}

/** getIntegrationSiteInstallation: members of the installation's organization. */
export async function getSiteInstallation(ctx: ServiceContext, name: string, installationId: string, siteId: string) {
  const { row } = await loadSiteInstallation(ctx, name, installationId, siteId);
  if (!row) throw notFound("Integration site installation");
  return { row };
}

/** updateIntegrationSiteInstallation: `configuration` is checked against `configurations.site`. */
export async function updateSiteInstallation(
  ctx: ServiceContext,
  name: string,
  installationId: string,
  siteId: string,
  patch: { externalIds?: string[]; configuration?: Record<string, unknown> },
): Promise<SiteInstallationView> {
  const { installation, integration, row } = await loadSiteInstallation(ctx, name, installationId, siteId);
  if (!row) throw notFound("Integration site installation");
  authorize(
    organizationAccess(ctx.caller, installation.organizationId),
    "installation.admin",
    "Integration installation",
  );
  const schema = integration.configurations?.site;
  const configuration = patch.configuration ?? row.configuration;
  if (patch.configuration) checkConfiguration(name, schema, configuration);
  const setup = patch.configuration
    ? queuedEventStatements(
        ctx,
        {
          integrationName: name,
          installationId,
          siteId,
          type: "site_installation_setup",
          payload: {
            installationId,
            siteId,
            status: statusOf(schema, configuration),
            previous: { status: row.status, configuration: row.configuration },
          },
        },
        sql`EXISTS (SELECT 1 FROM integration_site_installations WHERE installation_id = ${installationId} AND site_id = ${siteId})`,
      )
    : undefined;
  const [[updated]] = await batch(ctx.db, [
    ctx.db
      .update(integrationSiteInstallations)
      .set({
        configuration,
        status: statusOf(schema, configuration),
        ...(patch.externalIds ? { externalIds: patch.externalIds } : {}),
        updatedAt: ctx.now,
      })
      .where(onSite(installationId, siteId))
      .returning(),
    setup?.statements,
  ]);
  if (!updated) throw notFound("Integration site installation");
  if (setup) await sendEventMessages(ctx, [setup.message]);
  return { row: updated };
}

/** uninstallIntegrationFromSite: false when it was not installed there. */
export async function uninstallFromSite(ctx: ServiceContext, name: string, installationId: string, siteId: string) {
  await installationToAdminister(ctx, name, installationId);
  const [removed] = await batch(ctx.db, [
    ctx.db
      .delete(integrationSiteInstallations)
      .where(onSite(installationId, siteId))
      .returning({ siteId: integrationSiteInstallations.siteId }),
  ]);
  return removed.length > 0;
}

function siteInstallationPage(ctx: ServiceContext, where: ReturnType<typeof and>, page: PageRequest) {
  return keysetPage(ctx.db, {
    page,
    keys: [
      {
        column: integrationSiteInstallations.createdAt,
        direction: "asc",
        value: (r: SiteInstallationRow) => r.createdAt,
      },
      { column: integrationSiteInstallations.siteId, direction: "asc", value: (r: SiteInstallationRow) => r.siteId },
    ],
    rows: (after, orderBy, limit) =>
      ctx.db
        .select()
        .from(integrationSiteInstallations)
        .where(and(where, after))
        .orderBy(...orderBy)
        .limit(limit),
    count: ctx.db.select({ count: sql<number>`count(*)` }).from(integrationSiteInstallations).where(where),
  });
}

/** listIntegrationInstallationSites: the sites an organization installation is enabled on. */
export async function listInstallationSites(
  ctx: ServiceContext,
  name: string,
  installationId: string,
  page: PageRequest,
): Promise<Page<SiteInstallationView>> {
  await administeredInstallation(ctx, name, installationId);
  const found = await siteInstallationPage(ctx, eq(integrationSiteInstallations.installationId, installationId), page);
  return { ...found, items: found.items.map((row) => ({ row })) };
}

/**
 * listIntegrationSiteInstallations: the integration's site installations in organizations where the caller may
 * see installations (all of them for admins of the integration's organization).
 */
export async function listIntegrationSiteInstallations(
  ctx: ServiceContext,
  name: string,
  q: PageRequest & { externalId?: string },
): Promise<Page<SiteInstallationView>> {
  const caller = requireUser(ctx.caller);
  const integration = await loadIntegration(ctx, name);
  const where = and(
    eq(integrationSiteInstallations.integrationName, name),
    installationsVisibleTo(caller, integration, integrationSiteInstallations, q.externalId),
  );
  const found = await siteInstallationPage(ctx, where, q);
  return { ...found, items: found.items.map((row) => ({ row })) };
}

/** listSiteIntegrations: the integrations enabled on a site of the organization (its members), by name. */
export async function listSiteIntegrations(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  q: PageRequest & { search?: string },
): Promise<Page<IntegrationView>> {
  const caller = requireUser(ctx.caller);
  await loadSite(ctx, organizationId, siteId);
  const search = q.search?.trim().toLowerCase();
  const where = and(
    sql`${integrations.name} IN (SELECT integration_name FROM integration_site_installations WHERE site_id = ${siteId})`,
    search ? sql`instr(lower(${integrations.name}), ${search}) > 0` : undefined,
  );
  return integrationPage(ctx, caller, where, q);
}
