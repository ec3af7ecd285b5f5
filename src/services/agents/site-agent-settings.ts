import { eq } from "drizzle-orm";
import { batch } from "../../db/batch";
import { siteAgentSettings } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { type Access, authorize, siteAccess } from "../access";
import { requireUser, type ServiceContext } from "../core";
import { siteRow } from "../sites";

export type ScanTopics = "auto" | "never";
export type FindingChangeRequests = "always" | "auto-fixable" | "never";

/** A site's agent settings as stored (instructions in markdown); `updatedAt` absent until first updated. */
export interface SiteAgentSettingsView {
  organizationId: string;
  siteId: string;
  scanTopics: ScanTopics;
  findingChangeRequests: FindingChangeRequests;
  editingInstructions: string;
  updatedAt?: number;
  updatedBy?: string;
}

export interface SiteAgentSettingsUpdate {
  scanTopics: ScanTopics;
  findingChangeRequests: FindingChangeRequests;
  editingInstructions: string;
}

/** Quire runs no scanning agent of its own: a site that was never configured says so. */
const DEFAULTS = { scanTopics: "never", findingChangeRequests: "never", editingInstructions: "" } as const;

function accessTo(ctx: ServiceContext, organizationId: string, siteId: string): Access {
  const access = siteAccess(ctx.caller, organizationId, siteId);
  authorize(access, "site.view", "Site");
  return access;
}

const storedRow = (ctx: ServiceContext, siteId: string) =>
  ctx.db.select().from(siteAgentSettings).where(eq(siteAgentSettings.siteId, siteId));

/** getSiteAgentSettingsById (members who see the site): the stored settings, or the defaults. One batch. */
export async function getSiteAgentSettings(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
): Promise<SiteAgentSettingsView> {
  accessTo(ctx, organizationId, siteId);
  const [[site], [stored]] = await batch(ctx.db, [siteRow(ctx, organizationId, siteId), storedRow(ctx, siteId)]);
  if (!site) throw notFound("Site");
  return stored ? { organizationId, ...stored } : { organizationId, siteId, ...DEFAULTS };
}

/** updateSiteAgentSettingsById (site managers: `create` and up, or a grant raising them there): replaces them. */
export async function updateSiteAgentSettings(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  update: SiteAgentSettingsUpdate,
): Promise<SiteAgentSettingsView> {
  const access = accessTo(ctx, organizationId, siteId);
  const [[site]] = await batch(ctx.db, [siteRow(ctx, organizationId, siteId)]);
  if (!site) throw notFound("Site");
  authorize(access, "site.manage", "Site");
  const updatedBy = requireUser(ctx.caller).userId;
  const row = { siteId, ...update, updatedAt: ctx.now, updatedBy };
  await batch(ctx.db, [
    ctx.db
      .insert(siteAgentSettings)
      .values(row)
      .onConflictDoUpdate({ target: siteAgentSettings.siteId, set: { ...update, updatedAt: ctx.now, updatedBy } }),
  ]);
  return { organizationId, ...row };
}
