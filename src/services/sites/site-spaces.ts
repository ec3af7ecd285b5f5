import { and, eq, isNull, notInArray, sql } from "drizzle-orm";
import { slugify, uniqueSlug } from "../../content/slug";
import { batch } from "../../db/batch";
import { siteCustomizations, siteSections, siteSpaces, sites } from "../../db/schema";
import { badRequest, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { keyBetween } from "../../lib/ordering";
import { keysetPage, type Page, type PageRequest } from "../../lib/pagination";
import { authorize, checkCondition } from "../access";
import type { ServiceContext } from "../core";
import { publishableSpaces } from "./publishable-spaces";
import { adaptiveSchemaOf } from "./site-adaptive";
import { refreshPublishedSpaces } from "../spaces";
import { shownTo } from "./site-shown";
import { loadSite, type SiteView } from "./sites";

export type SiteSpaceRow = typeof siteSpaces.$inferSelect;

/** A site space with whether it is its site's default. */
export interface SiteSpaceView {
  row: SiteSpaceRow;
  isDefault: boolean;
}

/** The site's own section, or 400 naming `field`. */
async function ownSection(ctx: ServiceContext, siteId: string, sectionId: string, field: string) {
  const [found] = await ctx.db
    .select({ id: siteSections.id })
    .from(siteSections)
    .where(and(eq(siteSections.id, sectionId), eq(siteSections.siteId, siteId)));
  if (!found) throw badRequest(`${field}: is not a section of this site`);
}

/** The paths taken at a level of the site (its root, or a section), but `except`'s. */
async function pathsAt(ctx: ServiceContext, siteId: string, sectionId: string | null, except?: string) {
  const rows = await ctx.db
    .select({ id: siteSpaces.id, path: siteSpaces.path, sortKey: siteSpaces.sortKey })
    .from(siteSpaces)
    .where(
      and(
        eq(siteSpaces.siteId, siteId),
        sectionId === null ? isNull(siteSpaces.sectionId) : eq(siteSpaces.sectionId, sectionId),
      ),
    );
  const others = rows.filter((r) => r.id !== except);
  return {
    taken: new Set(others.map((r) => r.path)),
    lastKey:
      others
        .map((r) => r.sortKey)
        .sort()
        .at(-1) ?? null,
  };
}

/**
 * addSpaceToSite (`create` and up, and admin of the space): publishes a space of the organization on the site, last at its root or in
 * one of its sections, at a path from the space's title unique at that level. The site's first site space
 * becomes its default.
 */
export async function addSpaceToSite(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  input: { spaceId: string; sectionId?: string },
): Promise<SiteSpaceView> {
  const site = await loadSite(ctx, organizationId, siteId);
  authorize(site.access, "site.manage", "Site");
  const space = (await publishableSpaces(ctx, organizationId, [input.spaceId], "spaceId"))[0]!;
  if (input.sectionId) await ownSection(ctx, siteId, input.sectionId, "sectionId");
  const level = await pathsAt(ctx, siteId, input.sectionId ?? null);
  const row: SiteSpaceRow = {
    id: newId(),
    siteId,
    organizationId,
    spaceId: space.id,
    sectionId: input.sectionId ?? null,
    path: uniqueSlug(slugify(space.title), level.taken),
    sortKey: keyBetween(level.lastKey, null),
    condition: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  const becomesDefault = site.row.defaultSiteSpaceId === null;
  await batch(ctx.db, [
    ctx.db.insert(siteSpaces).values(row),
    becomesDefault ? ctx.db.update(sites).set({ defaultSiteSpaceId: row.id }).where(eq(sites.id, siteId)) : undefined,
    refreshPublishedSpaces(ctx.db, organizationId, siteId),
  ]);
  return { row, isDefault: becomesDefault };
}

/**
 * listSiteSpaces (members, and visitors of the published site): the site's spaces in structure order; `default`
 * keeps only (or all but) the default. Visitors get none that adaptive content hides from them; `condition` is
 * for site managers.
 */
export async function listSiteSpaces(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  q: PageRequest & { default?: boolean },
): Promise<Page<SiteSpaceView>> {
  const site = await loadSite(ctx, organizationId, siteId, { visitors: true });
  const defaultId = site.row.defaultSiteSpaceId;
  const shown = shownTo(site);
  const where = and(
    eq(siteSpaces.siteId, siteId),
    site.hidden?.size ? notInArray(siteSpaces.id, [...site.hidden]) : undefined,
    q.default === undefined
      ? undefined
      : q.default
        ? eq(siteSpaces.id, defaultId ?? "")
        : sql`${siteSpaces.id} IS NOT ${defaultId}`,
  );
  const page = await keysetPage(ctx.db, {
    page: q,
    keys: [
      { column: siteSpaces.sortKey, direction: "asc", value: (r: SiteSpaceRow) => r.sortKey },
      { column: siteSpaces.id, direction: "asc", value: (r: SiteSpaceRow) => r.id },
    ],
    rows: (after, orderBy, limit) =>
      ctx.db
        .select()
        .from(siteSpaces)
        .where(and(where, after))
        .orderBy(...orderBy)
        .limit(limit),
    count: ctx.db.select({ count: sql<number>`count(*)` }).from(siteSpaces).where(where),
  });
  return { ...page, items: page.items.map((row) => ({ row: shown.row(row), isDefault: row.id === defaultId })) };
}

async function loadSiteSpace(ctx: ServiceContext, site: SiteView, siteSpaceId: string) {
  const [row] = await ctx.db
    .select()
    .from(siteSpaces)
    .where(and(eq(siteSpaces.id, siteSpaceId), eq(siteSpaces.siteId, site.row.id)));
  if (!row) throw notFound("Site space");
  return row;
}

/**
 * updateSiteSpaceById (`create` and up): `path` (unique at its level, 400 otherwise), `condition` (a string
 * sets it, null removes it, absent keeps it; checked against the conditions' language and the site's adaptive
 * schema, stored as given), `spaceId` (another live space of the organization, of which the caller is admin).
 */
export async function updateSiteSpace(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  siteSpaceId: string,
  patch: { path?: string; condition?: string | null; spaceId?: string },
): Promise<SiteSpaceView> {
  const site = await loadSite(ctx, organizationId, siteId);
  authorize(site.access, "site.manage", "Site");
  const current = await loadSiteSpace(ctx, site, siteSpaceId);
  if (typeof patch.condition === "string") checkCondition(patch.condition, adaptiveSchemaOf(site.row));
  const set: Partial<SiteSpaceRow> = { updatedAt: ctx.now };
  if (patch.path !== undefined) {
    const { taken } = await pathsAt(ctx, siteId, current.sectionId, siteSpaceId);
    if (taken.has(patch.path)) throw badRequest(`path: "${patch.path}" is taken at this level of the site`);
    set.path = patch.path;
  }
  if (patch.condition !== undefined) set.condition = patch.condition;
  if (patch.spaceId !== undefined)
    set.spaceId = (await publishableSpaces(ctx, organizationId, [patch.spaceId], "spaceId"))[0]!.id;
  const [[row]] = await batch(ctx.db, [
    ctx.db.update(siteSpaces).set(set).where(eq(siteSpaces.id, siteSpaceId)).returning(),
    set.spaceId !== undefined ? refreshPublishedSpaces(ctx.db, organizationId, siteId) : undefined,
  ]);
  if (!row) throw notFound("Site space");
  return { row, isDefault: row.id === site.row.defaultSiteSpaceId };
}

/**
 * deleteSiteSpaceById (`create` and up): false when absent; its customization override goes with it. When it was
 * the default, the site's next site space (in structure order) becomes the default.
 */
export async function deleteSiteSpace(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  siteSpaceId: string,
) {
  const site = await loadSite(ctx, organizationId, siteId);
  authorize(site.access, "site.manage", "Site");
  const wasDefault = site.row.defaultSiteSpaceId === siteSpaceId;
  const [removed] = await batch(ctx.db, [
    ctx.db
      .delete(siteSpaces)
      .where(and(eq(siteSpaces.id, siteSpaceId), eq(siteSpaces.siteId, siteId)))
      .returning({ id: siteSpaces.id }),
    ctx.db
      .delete(siteCustomizations)
      .where(and(eq(siteCustomizations.siteId, siteId), eq(siteCustomizations.siteSpaceId, siteSpaceId))),
    wasDefault
      ? ctx.db
          .update(sites)
          .set({
            defaultSiteSpaceId: sql`(SELECT id FROM site_spaces WHERE site_id = ${siteId} ORDER BY sort_key, id LIMIT 1)`,
          } as never)
          .where(eq(sites.id, siteId))
      : undefined,
    refreshPublishedSpaces(ctx.db, organizationId, siteId),
  ]);
  return removed.length > 0;
}
