// An organization installation enabled on one of the organization's spaces or sites: one service over the
// installation target. The two tables differ only in the target's id column (`space_id`, `site_id`).
import { and, eq, type SQL, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import { integrationSiteInstallations, integrationSpaceInstallations } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { keysetPage, type Page, type PageRequest } from "../../lib/pagination";
import { authorize, loadSpace, organizationAccess } from "../access";
import { requireUser, type ServiceContext } from "../core";
import { loadSite } from "../sites";
import { checkConfiguration, statusOf } from "./configuration";
import { queuedEventStatements, sendEventMessages } from "./events";
import { administeredInstallation, installationsVisibleTo } from "./installation-scope";
import { loadIntegration } from "./integrations";

export type SpaceInstallationRow = typeof integrationSpaceInstallations.$inferSelect;
export type SiteInstallationRow = typeof integrationSiteInstallations.$inferSelect;
export interface SpaceInstallationView {
  row: SpaceInstallationRow;
}
export interface SiteInstallationView {
  row: SiteInstallationRow;
}

export type InstallationTargetKind = "space" | "site";
/** Where an organization installation is enabled: a space or a site of the installation's organization. */
export interface InstallationTarget<K extends InstallationTargetKind = InstallationTargetKind> {
  kind: K;
  id: string;
}
type RowOf<K extends InstallationTargetKind> = K extends "space" ? SpaceInstallationRow : SiteInstallationRow;
/** A space installation's view for `space`, a site installation's for `site`. */
export type TargetInstallationView<K extends InstallationTargetKind> = { row: RowOf<K> };
type ViewOf<K extends InstallationTargetKind> = TargetInstallationView<K>;
type AnyRow = SpaceInstallationRow | SiteInstallationRow;
const targetIdOf = (row: AnyRow) => ("spaceId" in row ? row.spaceId : row.siteId);

/** What differs between the two targets: table, id column, names in messages and events, and who may install. */
const TARGETS = {
  space: {
    table: integrationSpaceInstallations,
    key: integrationSpaceInstallations.spaceId,
    keyName: "spaceId",
    exists: (installationId: string, id: string) =>
      sql`SELECT 1 FROM integration_space_installations WHERE installation_id = ${installationId} AND space_id = ${id}`,
    /** The field named by a 400, and what the integration installs on instead. */
    field: "space",
    elsewhere: (target: string) => (target === "site" ? "sites" : "the organization"),
    notFound: "Integration space installation",
    /** Admins of the installation's organization who administer the space. */
    authorizeInstall: async (ctx: ServiceContext, organizationId: string, spaceId: string) => {
      const space = await loadSpace(ctx, spaceId);
      if (!space || space.row.deletedAt !== null || space.row.organizationId !== organizationId) {
        throw notFound("Space");
      }
      authorize(space.access, "space.installIntegration", "Space");
    },
  },
  site: {
    table: integrationSiteInstallations,
    key: integrationSiteInstallations.siteId,
    keyName: "siteId",
    exists: (installationId: string, id: string) =>
      sql`SELECT 1 FROM integration_site_installations WHERE installation_id = ${installationId} AND site_id = ${id}`,
    field: "siteId",
    elsewhere: (target: string) => (target === "space" ? "spaces" : "the organization"),
    notFound: "Integration site installation",
    /** Admins of the installation's organization, who manage its sites. */
    authorizeInstall: async (ctx: ServiceContext, organizationId: string, siteId: string) => {
      const site = await loadSite(ctx, organizationId, siteId);
      authorize(site.access, "site.manage", "Site");
    },
  },
} as const;

const on = (target: InstallationTarget, installationId: string) => {
  const { table, key } = TARGETS[target.kind];
  return and(eq(table.installationId, installationId), eq(key, target.id));
};

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

/** The `*_installation_setup` event of a target, queued in the batch of the write it reports. */
function setupEvent(
  ctx: ServiceContext,
  name: string,
  installationId: string,
  target: InstallationTarget,
  payload: Record<string, unknown>,
  guard: SQL,
) {
  const { keyName } = TARGETS[target.kind];
  return queuedEventStatements(
    ctx,
    {
      integrationName: name,
      installationId,
      [keyName]: target.id,
      type: `${target.kind}_installation_setup`,
      payload: { installationId, [keyName]: target.id, ...payload },
    },
    guard,
  );
}

/**
 * installIntegrationOnSpace, installIntegrationOnSite: enables an organization installation on one of the
 * organization's spaces or sites. The integration's target must allow that kind.
 */
export async function installOn<K extends InstallationTargetKind>(
  ctx: ServiceContext,
  name: string,
  installationId: string,
  target: InstallationTarget<K>,
): Promise<ViewOf<K>> {
  const kind = TARGETS[target.kind as InstallationTargetKind];
  const { installation, integration } = await installationToAdminister(ctx, name, installationId);
  if (integration.target !== "all" && integration.target !== target.kind) {
    throw badRequest(`${kind.field}: ${name} installs on ${kind.elsewhere(integration.target)} only`);
  }
  await kind.authorizeInstall(ctx, installation.organizationId, target.id);
  const row = {
    installationId,
    [kind.keyName]: target.id,
    integrationName: name,
    organizationId: installation.organizationId,
    status: statusOf(integration.configurations?.[target.kind], {}),
    configuration: {},
    externalIds: [],
    createdAt: ctx.now,
    updatedAt: ctx.now,
  } as unknown as RowOf<K>;
  const setup = setupEvent(
    ctx,
    name,
    installationId,
    target,
    { status: row.status },
    sql`EXISTS (${kind.exists(installationId, target.id)} AND created_at = ${ctx.now})`,
  );
  const [inserted] = await batch(ctx.db, [
    ctx.db.insert(kind.table).values(row).onConflictDoNothing().returning(),
    setup.statements,
  ]);
  if (inserted.length) await sendEventMessages(ctx, [setup.message]);
  if (!inserted.length) throw conflict(`${name} is already installed on this ${target.kind}`);
  return { row };
}

async function loadTargetInstallation<K extends InstallationTargetKind>(
  ctx: ServiceContext,
  name: string,
  installationId: string,
  target: InstallationTarget<K>,
) {
  const { installation, integration } = await administeredInstallation(ctx, name, installationId);
  const [[row]] = await batch(ctx.db, [
    ctx.db.select().from(TARGETS[target.kind].table).where(on(target, installationId)).limit(1),
  ]);
  return { installation, integration, row: row as RowOf<K> | undefined };
}

/** getIntegrationSpaceInstallation, getIntegrationSiteInstallation: members of the installation's organization. */
export async function getTargetInstallation<K extends InstallationTargetKind>(
  ctx: ServiceContext,
  name: string,
  installationId: string,
  target: InstallationTarget<K>,
): Promise<ViewOf<K>> {
  const { row } = await loadTargetInstallation(ctx, name, installationId, target);
  if (!row) throw notFound(TARGETS[target.kind].notFound);
  return { row };
}

/** updateIntegration{Space,Site}Installation: `configuration` is checked against `configurations.{space,site}`. */
export async function updateTargetInstallation<K extends InstallationTargetKind>(
  ctx: ServiceContext,
  name: string,
  installationId: string,
  target: InstallationTarget<K>,
  patch: { externalIds?: string[]; configuration?: Record<string, unknown> },
): Promise<ViewOf<K>> {
  const kind = TARGETS[target.kind as InstallationTargetKind];
  const { installation, integration, row } = await loadTargetInstallation(ctx, name, installationId, target);
  if (!row) throw notFound(kind.notFound);
  authorize(
    organizationAccess(ctx.caller, installation.organizationId),
    "installation.admin",
    "Integration installation",
  );
  const schema = integration.configurations?.[target.kind];
  const configuration = patch.configuration ?? row.configuration;
  if (patch.configuration) checkConfiguration(name, schema, configuration);
  const setup = patch.configuration
    ? setupEvent(
        ctx,
        name,
        installationId,
        target,
        {
          status: statusOf(schema, configuration),
          previous: { status: row.status, configuration: row.configuration },
        },
        sql`EXISTS (${kind.exists(installationId, target.id)})`,
      )
    : undefined;
  const [[updated]] = await batch(ctx.db, [
    ctx.db
      .update(kind.table)
      .set({
        configuration,
        status: statusOf(schema, configuration),
        ...(patch.externalIds ? { externalIds: patch.externalIds } : {}),
        updatedAt: ctx.now,
      })
      .where(on(target, installationId))
      .returning(),
    setup?.statements,
  ]);
  if (!updated) throw notFound(kind.notFound);
  if (setup) await sendEventMessages(ctx, [setup.message]);
  return { row: updated as RowOf<K> };
}

/** uninstallIntegrationFrom{Space,Site}: false when it was not installed there. */
export async function uninstallFrom(
  ctx: ServiceContext,
  name: string,
  installationId: string,
  target: InstallationTarget,
) {
  await installationToAdminister(ctx, name, installationId);
  const { table, key } = TARGETS[target.kind];
  const [removed] = await batch(ctx.db, [
    ctx.db.delete(table).where(on(target, installationId)).returning({ id: key }),
  ]);
  return removed.length > 0;
}

async function targetInstallationPage<K extends InstallationTargetKind>(
  ctx: ServiceContext,
  kind: K,
  where: (table: (typeof TARGETS)[K]["table"]) => SQL | undefined,
  page: PageRequest,
): Promise<Page<ViewOf<K>>> {
  const { table, key } = TARGETS[kind as InstallationTargetKind];
  const filter = where(table as (typeof TARGETS)[K]["table"]);
  const found = await keysetPage(ctx.db, {
    page,
    keys: [
      { column: table.createdAt, direction: "asc", value: (r: AnyRow) => r.createdAt },
      { column: key, direction: "asc", value: targetIdOf },
    ],
    rows: (after, orderBy, limit) =>
      ctx.db
        .select()
        .from(table)
        .where(and(filter, after))
        .orderBy(...orderBy)
        .limit(limit),
    count: ctx.db.select({ count: sql<number>`count(*)` }).from(table).where(filter),
  });
  return { ...found, items: found.items.map((row) => ({ row: row as RowOf<K> })) };
}

/** listIntegrationInstallation{Spaces,Sites}: the spaces or sites an organization installation is enabled on. */
export async function listInstallationTargets<K extends InstallationTargetKind>(
  ctx: ServiceContext,
  name: string,
  installationId: string,
  kind: K,
  page: PageRequest,
): Promise<Page<ViewOf<K>>> {
  await administeredInstallation(ctx, name, installationId);
  return targetInstallationPage(ctx, kind, (table) => eq(table.installationId, installationId), page);
}

/**
 * listIntegration{Space,Site}Installations: the integration's installations on spaces or sites, in organizations
 * where the caller may see installations (all of them for admins of the integration's organization).
 */
export async function listIntegrationTargetInstallations<K extends InstallationTargetKind>(
  ctx: ServiceContext,
  name: string,
  kind: K,
  q: PageRequest & { externalId?: string },
): Promise<Page<ViewOf<K>>> {
  const caller = requireUser(ctx.caller);
  const integration = await loadIntegration(ctx, name);
  return targetInstallationPage(
    ctx,
    kind,
    (table) => and(eq(table.integrationName, name), installationsVisibleTo(caller, integration, table, q.externalId)),
    q,
  );
}
