// What is enabled on a space: its integrations and their blocks, and how many spaces an installation covers.
// Installing, reading and listing space installations: target-installations.ts.
import { and, inArray, sql } from "drizzle-orm";
import { integrationSpaceInstallations, integrations } from "../../db/schema";
import { notFound } from "../../lib/errors";
import type { Page, PageRequest } from "../../lib/pagination";
import { authorize, loadSpace } from "../access";
import { requireUser, type ServiceContext } from "../core";
import { integrationPage, type IntegrationView } from "./integrations";

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
