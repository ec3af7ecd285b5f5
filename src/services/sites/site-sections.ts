import { and, asc, eq, inArray } from "drizzle-orm";
import { slugify, uniqueSlug } from "../../content/slug";
import { batch } from "../../db/batch";
import { siteCustomizations, siteSections, siteSpaces, sites } from "../../db/schema";
import { badRequest, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { keyBetween } from "../../lib/ordering";
import { type Page, type PageRequest, pageArray } from "../../lib/pagination";
import { authorize, checkCondition } from "../access";
import type { ServiceContext } from "../core";
import { adaptiveSchemaOf } from "./site-adaptive";
import { publishableSpaces } from "./publishable-spaces";
import type { SiteSpaceRow, SiteSpaceView } from "./site-spaces";
import { refreshPublishedSpaces } from "../spaces";
import { shownTo } from "./site-shown";
import { loadSite } from "./sites";
import { sectionsInStructureOrder } from "./structure-order";
import { groupKeysOf, lastKeyOf, rootLinkKeysOf, sectionKeysOf } from "./top-level";

export type SiteSectionRow = typeof siteSections.$inferSelect;

/** A section with its site spaces (its variants, in order) and whether it is the site's default section. */
export interface SiteSectionView {
  row: SiteSectionRow;
  isDefault: boolean;
  siteSpaces: SiteSpaceView[];
}

function sectionView(row: SiteSectionRow, defaultSectionId: string | null, variants: SiteSpaceRow[]): SiteSectionView {
  return {
    row,
    isDefault: row.id === defaultSectionId,
    siteSpaces: variants.map((v) => ({ row: v, isDefault: v.id === row.defaultSiteSpaceId })),
  };
}

async function variantsOf(ctx: ServiceContext, sectionIds: string[]) {
  if (!sectionIds.length) return [];
  return ctx.db
    .select()
    .from(siteSpaces)
    .where(inArray(siteSpaces.sectionId, sectionIds))
    .orderBy(asc(siteSpaces.sortKey), asc(siteSpaces.id));
}

/**
 * addSectionToSite (`create` and up, and admin of the space): a new section, last at the site's top level (after
 * its groups and ungrouped sections), whose first
 * variant is the space `spaceId`; its path comes from its title (or the space's), unique among sections. The
 * site's first section becomes its default.
 */
export async function addSectionToSite(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  input: { spaceId: string; title?: string | null; icon?: string | null },
): Promise<SiteSectionView> {
  const site = await loadSite(ctx, organizationId, siteId);
  authorize(site.access, "site.manage", "Site");
  const space = (await publishableSpaces(ctx, organizationId, [input.spaceId], "spaceId"))[0]!;
  const [groups, existing, links] = await batch(ctx.db, [
    groupKeysOf(ctx, siteId),
    ctx.db
      .select({
        id: siteSections.id,
        path: siteSections.path,
        sortKey: siteSections.sortKey,
        groupId: siteSections.groupId,
      })
      .from(siteSections)
      .where(eq(siteSections.siteId, siteId)),
    rootLinkKeysOf(ctx, siteId),
  ]);
  const title = input.title?.trim() || space.title;
  // Last at the top level, whose order groups, ungrouped sections and root links share.
  const lastKey = lastKeyOf(groups, existing, links);
  const sectionId = newId();
  const variant: SiteSpaceRow = {
    id: newId(),
    siteId,
    organizationId,
    spaceId: space.id,
    sectionId,
    path: slugify(space.title),
    sortKey: keyBetween(null, null),
    condition: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  const row: SiteSectionRow = {
    id: sectionId,
    siteId,
    organizationId,
    groupId: null,
    title,
    description: null,
    icon: input.icon ?? null,
    path: uniqueSlug(slugify(title), new Set(existing.map((s) => s.path))),
    sortKey: keyBetween(lastKey, null),
    condition: null,
    defaultSiteSpaceId: variant.id,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  const becomesDefault = site.row.defaultSiteSectionId === null;
  await batch(ctx.db, [
    ctx.db.insert(siteSections).values(row),
    ctx.db.insert(siteSpaces).values(variant),
    becomesDefault
      ? ctx.db.update(sites).set({ defaultSiteSectionId: sectionId }).where(eq(sites.id, siteId))
      : undefined,
    refreshPublishedSpaces(ctx.db, organizationId, siteId),
  ]);
  return sectionView(row, becomesDefault ? sectionId : site.row.defaultSiteSectionId, [variant]);
}

/**
 * listSiteSections (members, and visitors of the published site): the site's sections in structure order (a
 * group's sections in the group's place). Visitors get none, and no site space, that adaptive content hides from
 * them; `condition` is for site managers.
 */
export async function listSiteSections(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  page: PageRequest,
): Promise<Page<SiteSectionView>> {
  const site = await loadSite(ctx, organizationId, siteId, { visitors: true });
  const shown = shownTo(site);
  const [groups, sections] = await batch(ctx.db, [
    groupKeysOf(ctx, siteId),
    ctx.db.select().from(siteSections).where(eq(siteSections.siteId, siteId)),
  ]);
  const ordered = sectionsInStructureOrder(groups, sections).filter(({ section }) => shown.shows(section));
  const variants = (
    await variantsOf(
      ctx,
      ordered.map((o) => o.section.id),
    )
  )
    .filter(shown.shows)
    .map(shown.row);
  const views = ordered.map(({ section, cursor }) => ({
    cursor,
    view: sectionView(
      shown.row(section),
      site.row.defaultSiteSectionId,
      variants.filter((v) => v.sectionId === section.id),
    ),
  }));
  const listed = pageArray(views, (v) => v.cursor, page);
  return { ...listed, items: listed.items.map((v) => v.view) };
}

export interface SectionPatch {
  title?: string;
  path?: string;
  defaultSiteSpace?: string;
  condition?: string | null;
  icon?: string | null;
  description?: string | null;
}

/**
 * updateSiteSectionById (`create` and up): `path` unique among the site's sections, `defaultSiteSpace` one of
 * its own site spaces (400 otherwise), `condition`/`icon`/`description` set, kept, or removed with null; a
 * `condition` is checked against the conditions' language and the site's adaptive schema.
 */
export async function updateSiteSection(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  sectionId: string,
  patch: SectionPatch,
): Promise<SiteSectionView> {
  const site = await loadSite(ctx, organizationId, siteId);
  authorize(site.access, "site.manage", "Site");
  if (typeof patch.condition === "string") checkCondition(patch.condition, adaptiveSchemaOf(site.row));
  const [sections, variants] = await batch(ctx.db, [
    ctx.db.select().from(siteSections).where(eq(siteSections.siteId, siteId)),
    ctx.db.select().from(siteSpaces).where(eq(siteSpaces.sectionId, sectionId)).orderBy(asc(siteSpaces.sortKey)),
  ]);
  const current = sections.find((s) => s.id === sectionId);
  if (!current) throw notFound("Site section");
  if (patch.path !== undefined && sections.some((s) => s.id !== sectionId && s.path === patch.path)) {
    throw badRequest(`path: "${patch.path}" is taken by another section of the site`);
  }
  if (patch.defaultSiteSpace !== undefined && !variants.some((v) => v.id === patch.defaultSiteSpace)) {
    throw badRequest("defaultSiteSpace: is not a site space of this section");
  }
  const set: Partial<SiteSectionRow> = { updatedAt: ctx.now };
  if (patch.title !== undefined) set.title = patch.title.trim();
  if (patch.path !== undefined) set.path = patch.path;
  if (patch.defaultSiteSpace !== undefined) set.defaultSiteSpaceId = patch.defaultSiteSpace;
  if (patch.condition !== undefined) set.condition = patch.condition;
  if (patch.icon !== undefined) set.icon = patch.icon;
  if (patch.description !== undefined) set.description = patch.description;
  const [[row]] = await batch(ctx.db, [
    ctx.db.update(siteSections).set(set).where(eq(siteSections.id, sectionId)).returning(),
  ]);
  if (!row) throw notFound("Site section");
  return sectionView(row, site.row.defaultSiteSectionId, variants);
}

/**
 * deleteSiteSectionById (`create` and up): the section and its site spaces with their customization overrides
 * (never their spaces); when it was the site's default, the first in structure order becomes it. False when absent.
 */
export async function deleteSiteSection(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  sectionId: string,
) {
  const site = await loadSite(ctx, organizationId, siteId);
  authorize(site.access, "site.manage", "Site");
  const [removed, groups, rest] = await batch(ctx.db, [
    ctx.db
      .delete(siteSections)
      .where(and(eq(siteSections.id, sectionId), eq(siteSections.siteId, siteId)))
      .returning({ id: siteSections.id }),
    groupKeysOf(ctx, siteId),
    sectionKeysOf(ctx, siteId),
    // The section's site spaces' customization overrides, then the site spaces themselves.
    ctx.db.delete(siteCustomizations).where(
      and(
        eq(siteCustomizations.siteId, siteId),
        inArray(
          siteCustomizations.siteSpaceId,
          ctx.db
            .select({ id: siteSpaces.id })
            .from(siteSpaces)
            .where(and(eq(siteSpaces.siteId, siteId), eq(siteSpaces.sectionId, sectionId))),
        ),
      ),
    ),
    ctx.db.delete(siteSpaces).where(and(eq(siteSpaces.siteId, siteId), eq(siteSpaces.sectionId, sectionId))),
    refreshPublishedSpaces(ctx.db, organizationId, siteId),
  ]);
  if (!removed.length) return false;
  if (site.row.defaultSiteSectionId === sectionId) {
    await ctx.db
      .update(sites)
      .set({ defaultSiteSectionId: sectionsInStructureOrder(groups, rest)[0]?.section.id ?? null })
      .where(eq(sites.id, siteId));
  }
  return true;
}
