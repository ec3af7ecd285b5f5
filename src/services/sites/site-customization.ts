import { and, eq } from "drizzle-orm";
import { batch } from "../../db/batch";
import type { Db } from "../../db/client";
import { siteCustomizations as customizations, siteSpaces, sites } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { type Access, authorize, siteAccess } from "../access";
import { requireUser, type ServiceContext } from "../core";
import {
  applyOverride,
  defaultSiteCustomization,
  patchOverride,
  type SiteCustomizationInput,
  type SiteCustomizationOverride,
  type SiteCustomizationSettings,
  withPageActions,
} from "./customization-settings";

/** The row key of a site's own settings (site spaces' overrides carry their id). */
const SITE = "";

/** Stored site settings over the defaults (a row written before a setting existed still reads complete). */
function siteSettings(stored: Record<string, unknown> | undefined): SiteCustomizationSettings {
  return applyOverride(defaultSiteCustomization(), stored ?? {});
}

const rowsOf = (db: Db, siteId: string, siteSpaceId: string) =>
  db
    .select({ siteSpaceId: customizations.siteSpaceId, settings: customizations.settings })
    .from(customizations)
    .where(and(eq(customizations.siteId, siteId), eq(customizations.siteSpaceId, siteSpaceId)));

/** The caller's access to the site (members see it; grants on it raise their role there), or 401/404. */
function accessTo(ctx: ServiceContext, organizationId: string, siteId: string): Access {
  requireUser(ctx.caller);
  const access = siteAccess(ctx.caller, organizationId, siteId);
  authorize(access, "site.view", "Site");
  return access;
}

/** The site's id when it is this organization's (none otherwise): the existence check a site setting's batch carries. */
export const siteRow = (ctx: ServiceContext, organizationId: string, siteId: string) =>
  ctx.db
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.id, siteId), eq(sites.organizationId, organizationId)));

const siteSpaceRow = (ctx: ServiceContext, siteId: string, siteSpaceId: string) =>
  ctx.db
    .select({ id: siteSpaces.id })
    .from(siteSpaces)
    .where(and(eq(siteSpaces.id, siteSpaceId), eq(siteSpaces.siteId, siteId)));

/** getSiteCustomizationById (members): the site's settings, the defaults until it is customized. */
export async function getSiteCustomization(ctx: ServiceContext, organizationId: string, siteId: string) {
  accessTo(ctx, organizationId, siteId);
  const [[site], [stored]] = await batch(ctx.db, [siteRow(ctx, organizationId, siteId), rowsOf(ctx.db, siteId, SITE)]);
  if (!site) throw notFound("Site");
  return withPageActions(siteSettings(stored?.settings));
}

/** updateSiteCustomizationById (`create` and up): replaces the site's settings (validated by the route). */
export async function updateSiteCustomization(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  settings: SiteCustomizationInput,
) {
  const access = accessTo(ctx, organizationId, siteId);
  const [[site]] = await batch(ctx.db, [siteRow(ctx, organizationId, siteId)]);
  if (!site) throw notFound("Site");
  authorize(access, "site.manage", "Site");
  const value = settings as unknown as Record<string, unknown>;
  await batch(ctx.db, [
    ctx.db
      .insert(customizations)
      .values({ siteId, siteSpaceId: SITE, settings: value, updatedAt: ctx.now })
      .onConflictDoUpdate({
        target: [customizations.siteId, customizations.siteSpaceId],
        set: { settings: value, updatedAt: ctx.now },
      }),
  ]);
  return withPageActions(siteSettings(value));
}

/** The site, its site space (404 for either), the site's settings and the site space's override: one batch. */
async function loadSiteSpaceCustomization(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  siteSpaceId: string,
) {
  const access = accessTo(ctx, organizationId, siteId);
  const [[site], [siteSpace], [stored], [override]] = await batch(ctx.db, [
    siteRow(ctx, organizationId, siteId),
    siteSpaceRow(ctx, siteId, siteSpaceId),
    rowsOf(ctx.db, siteId, SITE),
    rowsOf(ctx.db, siteId, siteSpaceId),
  ]);
  if (!site) throw notFound("Site");
  if (!siteSpace) throw notFound("Site space");
  return {
    access,
    site: siteSettings(stored?.settings),
    override: (override?.settings ?? undefined) as SiteCustomizationOverride | undefined,
  };
}

/** getSiteSpaceCustomizationById (members): the site's settings with the site space's override on top. */
export async function getSiteSpaceCustomization(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  siteSpaceId: string,
) {
  const loaded = await loadSiteSpaceCustomization(ctx, organizationId, siteId, siteSpaceId);
  return withPageActions(applyOverride(loaded.site, loaded.override ?? {}));
}

/**
 * overrideSiteSpaceCustomizationById (`create` and up): merges `patch` into the site space's override (a value
 * overrides that field, null removes its override, absent keeps it) and answers the merged settings. An
 * override left empty is removed.
 */
export async function overrideSiteSpaceCustomization(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  siteSpaceId: string,
  patch: SiteCustomizationOverride,
) {
  const loaded = await loadSiteSpaceCustomization(ctx, organizationId, siteId, siteSpaceId);
  authorize(loaded.access, "site.manage", "Site");
  const override = patchOverride(loaded.override ?? {}, patch);
  const key = and(eq(customizations.siteId, siteId), eq(customizations.siteSpaceId, siteSpaceId));
  await batch(ctx.db, [
    Object.keys(override).length
      ? ctx.db
          .insert(customizations)
          .values({ siteId, siteSpaceId, settings: override, updatedAt: ctx.now })
          .onConflictDoUpdate({
            target: [customizations.siteId, customizations.siteSpaceId],
            set: { settings: override, updatedAt: ctx.now },
          })
      : ctx.db.delete(customizations).where(key),
  ]);
  return withPageActions(applyOverride(loaded.site, override));
}

/** deleteSiteSpaceCustomizationById (`create` and up): removes the site space's override; false when none. */
export async function deleteSiteSpaceCustomization(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  siteSpaceId: string,
) {
  const loaded = await loadSiteSpaceCustomization(ctx, organizationId, siteId, siteSpaceId);
  authorize(loaded.access, "site.manage", "Site");
  const [removed] = await batch(ctx.db, [
    ctx.db
      .delete(customizations)
      .where(and(eq(customizations.siteId, siteId), eq(customizations.siteSpaceId, siteSpaceId)))
      .returning({ siteId: customizations.siteId }),
  ]);
  return removed.length > 0;
}

/** The statement reading every stored customization of a site (to ride a larger batch). */
export function siteCustomizationRows(db: Db, siteId: string) {
  return db
    .select({ siteSpaceId: customizations.siteSpaceId, settings: customizations.settings })
    .from(customizations)
    .where(eq(customizations.siteId, siteId));
}

/** The site's settings and, for each of `siteSpaceIds`, the settings with that space's override on top. */
export function assembleCustomizations(
  rows: { siteSpaceId: string; settings: Record<string, unknown> }[],
  siteSpaceIds: string[],
) {
  const stored = new Map(rows.map((r) => [r.siteSpaceId, r.settings]));
  const site = siteSettings(stored.get(SITE));
  const perSpace: Record<string, SiteCustomizationSettings> = {};
  for (const id of siteSpaceIds) perSpace[id] = withPageActions(applyOverride(site, stored.get(id) ?? {}));
  return { site: withPageActions(site), siteSpaces: perSpace };
}

/**
 * Every customization of one site, for its published pages (no caller: the site is already resolved): the
 * site's settings and, for each of its site spaces, the settings with that space's override on top. One batch.
 */
export async function siteCustomizations(db: Db, siteId: string) {
  const [spaceRows, rows] = await batch(db, [
    db.select({ id: siteSpaces.id }).from(siteSpaces).where(eq(siteSpaces.siteId, siteId)),
    siteCustomizationRows(db, siteId),
  ]);
  return assembleCustomizations(
    rows,
    spaceRows.map((r) => r.id),
  );
}
