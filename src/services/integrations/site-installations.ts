// What is enabled on a site: its integrations. Installing, reading and listing site installations:
// target-installations.ts.
import { and, sql } from "drizzle-orm";
import { integrations } from "../../db/schema";
import type { Page, PageRequest } from "../../lib/pagination";
import { requireUser, type ServiceContext } from "../core";
import { loadSite } from "../sites";
import { integrationPage, type IntegrationView } from "./integrations";

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
