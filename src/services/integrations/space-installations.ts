import { and, eq, inArray, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import { integrationSpaceInstallations, integrations } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { keysetPage, type Page, type PageRequest } from "../../lib/pagination";
import { authorize } from "../access/permissions";
import { loadSpace } from "../access/space-read";
import { organizationAccess, requireUser, type ServiceContext } from "../core/context";
import { queuedEventStatements, sendEventMessages } from "./events";
import { checkConfiguration, statusOf } from "./configuration";
import { administeredInstallation, installationsVisibleTo } from "./installation-scope";
import { integrationPage, type IntegrationView, loadIntegration } from "./integrations";

export type SpaceInstallationRow = typeof integrationSpaceInstallations.$inferSelect;

export interface SpaceInstallationView {
  row: SpaceInstallationRow;
}

const onSpace = (installationId: string, spaceId: string) =>
  and(
    eq(integrationSpaceInstallations.installationId, installationId),
    eq(integrationSpaceInstallations.spaceId, spaceId),
  );

/**
 * installIntegrationOnSpace: enables an organization installation on one of the organization's spaces (admins of
 * the installation's organization who administer the space). The integration's target must allow spaces.
 */
export async function installOnSpace(
  ctx: ServiceContext,
  name: string,
  installationId: string,
  spaceId: string,
): Promise<SpaceInstallationView> {
  const { installation, integration } = await administeredInstallation(ctx, name, installationId);
  authorize(
    organizationAccess(ctx.caller, installation.organizationId),
    "installation.admin",
    "Integration installation",
  );
  if (integration.target !== "all" && integration.target !== "space") {
    throw badRequest(`space: ${name} installs on ${integration.target === "site" ? "sites" : "the organization"} only`);
  }
  const space = await loadSpace(ctx, spaceId);
  if (!space || space.row.deletedAt !== null || space.row.organizationId !== installation.organizationId) {
    throw notFound("Space");
  }
  authorize(space.access, "space.installIntegration", "Space");
  const row: SpaceInstallationRow = {
    installationId,
    spaceId,
    integrationName: name,
    organizationId: installation.organizationId,
    status: statusOf(integration.configurations?.space, {}),
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
      spaceId,
      type: "space_installation_setup",
      payload: { installationId, spaceId, status: row.status },
    },
    sql`EXISTS (SELECT 1 FROM integration_space_installations WHERE installation_id = ${installationId} AND space_id = ${spaceId} AND created_at = ${ctx.now})`,
  );
  const [inserted] = await batch(ctx.db, [
    ctx.db.insert(integrationSpaceInstallations).values(row).onConflictDoNothing().returning(),
    setup.statements,
  ]);
  if (inserted.length) await sendEventMessages(ctx, [setup.message]);
  if (!inserted.length) throw conflict(`${name} is already installed on this space`);
  return { row };
}

async function loadSpaceInstallation(ctx: ServiceContext, name: string, installationId: string, spaceId: string) {
  const { installation, integration } = await administeredInstallation(ctx, name, installationId);
  const [[row]] = await batch(ctx.db, [
    ctx.db.select().from(integrationSpaceInstallations).where(onSpace(installationId, spaceId)).limit(1),
  ]);
  return { installation, integration, row };
}

export async function getSpaceInstallation(ctx: ServiceContext, name: string, installationId: string, spaceId: string) {
  const { row } = await loadSpaceInstallation(ctx, name, installationId, spaceId);
  if (!row) throw notFound("Integration space installation");
  return { row };
}

/** updateIntegrationSpaceInstallation: `configuration` is checked against `configurations.space`. */
export async function updateSpaceInstallation(
  ctx: ServiceContext,
  name: string,
  installationId: string,
  spaceId: string,
  patch: { externalIds?: string[]; configuration?: Record<string, unknown> },
): Promise<SpaceInstallationView> {
  const { installation, integration, row } = await loadSpaceInstallation(ctx, name, installationId, spaceId);
  if (!row) throw notFound("Integration space installation");
  authorize(
    organizationAccess(ctx.caller, installation.organizationId),
    "installation.admin",
    "Integration installation",
  );
  const schema = integration.configurations?.space;
  const configuration = patch.configuration ?? row.configuration;
  if (patch.configuration) checkConfiguration(name, schema, configuration);
  const setup = patch.configuration
    ? queuedEventStatements(
        ctx,
        {
          integrationName: name,
          installationId,
          spaceId,
          type: "space_installation_setup",
          payload: {
            installationId,
            spaceId,
            status: statusOf(schema, configuration),
            previous: { status: row.status, configuration: row.configuration },
          },
        },
        sql`EXISTS (SELECT 1 FROM integration_space_installations WHERE installation_id = ${installationId} AND space_id = ${spaceId})`,
      )
    : undefined;
  const [[updated]] = await batch(ctx.db, [
    ctx.db
      .update(integrationSpaceInstallations)
      .set({
        configuration,
        status: statusOf(schema, configuration),
        ...(patch.externalIds ? { externalIds: patch.externalIds } : {}),
        updatedAt: ctx.now,
      })
      .where(onSpace(installationId, spaceId))
      .returning(),
    setup?.statements,
  ]);
  if (!updated) throw notFound("Integration space installation");
  if (setup) await sendEventMessages(ctx, [setup.message]);
  return { row: updated };
}

/** uninstallIntegrationFromSpace: false when it was not installed there. */
export async function uninstallFromSpace(ctx: ServiceContext, name: string, installationId: string, spaceId: string) {
  const { installation } = await administeredInstallation(ctx, name, installationId);
  authorize(
    organizationAccess(ctx.caller, installation.organizationId),
    "installation.admin",
    "Integration installation",
  );
  const [removed] = await batch(ctx.db, [
    ctx.db
      .delete(integrationSpaceInstallations)
      .where(onSpace(installationId, spaceId))
      .returning({ spaceId: integrationSpaceInstallations.spaceId }),
  ]);
  return removed.length > 0;
}

function spaceInstallationPage(ctx: ServiceContext, where: ReturnType<typeof and>, page: PageRequest) {
  return keysetPage(ctx.db, {
    page,
    keys: [
      {
        column: integrationSpaceInstallations.createdAt,
        direction: "asc",
        value: (r: SpaceInstallationRow) => r.createdAt,
      },
      {
        column: integrationSpaceInstallations.spaceId,
        direction: "asc",
        value: (r: SpaceInstallationRow) => r.spaceId,
      },
    ],
    rows: (after, orderBy, limit) =>
      ctx.db
        .select()
        .from(integrationSpaceInstallations)
        .where(and(where, after))
        .orderBy(...orderBy)
        .limit(limit),
    count: ctx.db.select({ count: sql<number>`count(*)` }).from(integrationSpaceInstallations).where(where),
  });
}

/** listIntegrationInstallationSpaces: the spaces an organization installation is enabled on. */
export async function listInstallationSpaces(
  ctx: ServiceContext,
  name: string,
  installationId: string,
  page: PageRequest,
): Promise<Page<SpaceInstallationView>> {
  await administeredInstallation(ctx, name, installationId);
  const found = await spaceInstallationPage(
    ctx,
    eq(integrationSpaceInstallations.installationId, installationId),
    page,
  );
  return { ...found, items: found.items.map((row) => ({ row })) };
}

/**
 * listIntegrationSpaceInstallations: the integration's space installations in organizations where the caller
 * may see installations (all of them for admins of the integration's organization).
 */
export async function listIntegrationSpaceInstallations(
  ctx: ServiceContext,
  name: string,
  q: PageRequest & { externalId?: string },
): Promise<Page<SpaceInstallationView>> {
  const caller = requireUser(ctx.caller);
  const integration = await loadIntegration(ctx, name);
  const where = and(
    eq(integrationSpaceInstallations.integrationName, name),
    installationsVisibleTo(caller, integration, integrationSpaceInstallations, q.externalId),
  );
  const found = await spaceInstallationPage(ctx, where, q);
  return { ...found, items: found.items.map((row) => ({ row })) };
}

/** listSpaceIntegrations: the integrations enabled on a space the caller can read, by name. */
export async function listSpaceIntegrations(
  ctx: ServiceContext,
  spaceId: string,
  q: PageRequest & { search?: string },
): Promise<Page<IntegrationView>> {
  const caller = requireUser(ctx.caller);
  const space = await loadSpace(ctx, spaceId);
  if (!space || space.row.deletedAt !== null) throw notFound("Space");
  authorize(space.access, "space.view", "Space");
  const search = q.search?.trim().toLowerCase();
  const where = and(
    sql`${integrations.name} IN (SELECT integration_name FROM integration_space_installations WHERE space_id = ${spaceId})`,
    search ? sql`instr(lower(${integrations.name}), ${search}) > 0` : undefined,
  );
  return integrationPage(ctx, caller, where, q);
}

/** listSpaceIntegrationsBlocks: the blocks of the integrations enabled on a space the caller can read. */
export async function listSpaceIntegrationBlocks(ctx: ServiceContext, spaceId: string) {
  const page = await listSpaceIntegrations(ctx, spaceId, { limit: 1000 });
  return page.items
    .filter((view) => view.row.blocks?.length)
    .map((view) => ({ name: view.row.name, blocks: view.row.blocks! }));
}

/** How many spaces each of these organization installations is enabled on. */
export async function spaceCountsOf(ctx: ServiceContext, installationIds: string[]) {
  if (!installationIds.length) return new Map<string, number>();
  const rows = await ctx.db
    .select({ installationId: integrationSpaceInstallations.installationId, count: sql<number>`count(*)` })
    .from(integrationSpaceInstallations)
    .where(inArray(integrationSpaceInstallations.installationId, installationIds))
    .groupBy(integrationSpaceInstallations.installationId);
  return new Map(rows.map((r) => [r.installationId, Number(r.count)]));
}
