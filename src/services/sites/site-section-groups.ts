import { and, asc, eq, inArray } from "drizzle-orm";
import { batch } from "../../db/batch";
import { siteExternalLinks, siteSectionGroups, siteSections, siteSpaces } from "../../db/schema";
import { badRequest, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { keyBetween } from "../../lib/ordering";
import { type Page, type PageRequest, pageArray } from "../../lib/pagination";
import { authorize } from "../access";
import type { ServiceContext } from "../core";
import type { SiteSectionView } from "./site-sections";
import { shownTo } from "./site-shown";
import { loadSite, type SiteView } from "./sites";
import { sectionsOfGroup, structureWithLinks } from "./structure-order";
import { linkShownTo, type SiteExternalLinkRow } from "./site-external-links";
import { lastTopLevelKey, ungroup } from "./top-level";

export type SiteSectionGroupRow = typeof siteSectionGroups.$inferSelect;

export interface SiteSectionGroupView {
  row: SiteSectionGroupRow;
  sections: SiteSectionView[];
  /** Its sections and external links, in order. */
  children: ({ kind: "section"; view: SiteSectionView } | { kind: "link"; row: SiteExternalLinkRow })[];
}

/**
 * The site's groups, sections and site spaces, each in key order (one round trip), as the caller sees them:
 * without what adaptive content hides from a visitor (and groups left empty by it), `condition` for managers.
 */
export async function structureRows(ctx: ServiceContext, site: SiteView, { published = false } = {}) {
  const [groups, sections, variants, allLinks] = await allStructureRows(ctx, site);
  const shown = shownTo(site);
  const links = allLinks.filter(linkShownTo(ctx.caller, site, { published })).map(shown.row);
  const visibleSections = sections.filter(shown.shows);
  const emptied = new Set(sections.filter((s) => !shown.shows(s) && s.groupId).map((s) => s.groupId));
  for (const s of visibleSections) emptied.delete(s.groupId);
  for (const l of links) emptied.delete(l.groupId);
  return [
    groups.filter((g) => !emptied.has(g.id)),
    visibleSections.map(shown.row),
    variants.filter(shown.shows).map(shown.row),
    links,
  ] as const;
}

function allStructureRows(ctx: ServiceContext, site: SiteView) {
  return batch(ctx.db, [
    ctx.db
      .select()
      .from(siteSectionGroups)
      .where(eq(siteSectionGroups.siteId, site.row.id))
      .orderBy(asc(siteSectionGroups.sortKey), asc(siteSectionGroups.id)),
    ctx.db
      .select()
      .from(siteSections)
      .where(eq(siteSections.siteId, site.row.id))
      .orderBy(asc(siteSections.sortKey), asc(siteSections.id)),
    ctx.db
      .select()
      .from(siteSpaces)
      .where(eq(siteSpaces.siteId, site.row.id))
      .orderBy(asc(siteSpaces.sortKey), asc(siteSpaces.id)),
    ctx.db
      .select()
      .from(siteExternalLinks)
      .where(eq(siteExternalLinks.siteId, site.row.id))
      .orderBy(asc(siteExternalLinks.sortKey), asc(siteExternalLinks.id)),
  ]);
}

type StructureRows = Awaited<ReturnType<typeof structureRows>>;

/** Sections with their site spaces, grouped or not, the groups with their sections, and the external links. */
export function assemble(
  site: SiteView,
  groups: StructureRows[0],
  sections: StructureRows[1],
  variants: StructureRows[2],
  links: StructureRows[3],
) {
  const sectionViews: SiteSectionView[] = sections.map((s) => ({
    row: s,
    isDefault: s.id === site.row.defaultSiteSectionId,
    siteSpaces: variants
      .filter((v) => v.sectionId === s.id)
      .map((v) => ({ row: v, isDefault: v.id === s.defaultSiteSpaceId })),
  }));
  const viewOf = new Map(sectionViews.map((v) => [v.row.id, v]));
  const entries = structureWithLinks(groups, sections, links);
  const groupView = (row: SiteSectionGroupRow): SiteSectionGroupView => {
    const entry = entries.find((e) => e.kind === "group" && e.row.id === row.id);
    return {
      row,
      sections: sectionsOfGroup(row.id, sections).map((s) => viewOf.get(s.id)!),
      children: (entry?.kind === "group" ? entry.children : []).map((c) =>
        c.kind === "section" ? { kind: "section" as const, view: viewOf.get(c.row.id)! } : c,
      ),
    };
  };
  return {
    groups: groups.map(groupView),
    /** The top level in the shared order of groups, ungrouped sections and root links. */
    top: entries.map((item) =>
      item.kind === "group"
        ? { kind: "group" as const, view: groupView(item.row) }
        : item.kind === "section"
          ? { kind: "section" as const, view: viewOf.get(item.row.id)! }
          : item,
    ),
  };
}

/** The site's groups (or one) with their sections, each with its site spaces, in structure order. */
async function groupViews(ctx: ServiceContext, site: SiteView, groupId?: string): Promise<SiteSectionGroupView[]> {
  const [groups, sections, variants, links] = await structureRows(ctx, site);
  return assemble(site, groups, sections, variants, links).groups.filter((g) => !groupId || g.row.id === groupId);
}

async function managedGroup(ctx: ServiceContext, organizationId: string, siteId: string, groupId: string) {
  const site = await loadSite(ctx, organizationId, siteId);
  authorize(site.access, "site.manage", "Site");
  const [group] = await ctx.db
    .select()
    .from(siteSectionGroups)
    .where(and(eq(siteSectionGroups.id, groupId), eq(siteSectionGroups.siteId, siteId)));
  return { site, group };
}

async function groupView(ctx: ServiceContext, site: SiteView, groupId: string) {
  const [view] = await groupViews(ctx, site, groupId);
  if (!view) throw notFound("Site section group");
  return view;
}

/** listSiteSectionGroups (members). */
export async function listSiteSectionGroups(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  page: PageRequest,
): Promise<Page<SiteSectionGroupView>> {
  const site = await loadSite(ctx, organizationId, siteId);
  const views = await groupViews(ctx, site);
  return pageArray(views, (v) => `${v.row.sortKey}\u0000${v.row.id}`, page);
}

/** The site's own sections among `sectionIds`, or 400 naming the others. */
async function ownSections(ctx: ServiceContext, siteId: string, sectionIds: string[], field: string) {
  if (!sectionIds.length) return;
  const found = await ctx.db
    .select({ id: siteSections.id })
    .from(siteSections)
    .where(and(eq(siteSections.siteId, siteId), inArray(siteSections.id, sectionIds)));
  const known = new Set(found.map((s) => s.id));
  const unknown = sectionIds.filter((id) => !known.has(id));
  if (unknown.length) throw badRequest(`${field}: ${unknown.join(", ")} are not sections of this site`);
}

/** addSectionGroupToSite (`create` and up): a group, last at the site's top level, holding `sections` in order. */
export async function addSectionGroup(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  input: { title: string; icon?: string | null; sections?: string[] },
): Promise<SiteSectionGroupView> {
  const site = await loadSite(ctx, organizationId, siteId);
  authorize(site.access, "site.manage", "Site");
  const sectionIds = [...new Set(input.sections ?? [])];
  await ownSections(ctx, siteId, sectionIds, "sections");
  const row: SiteSectionGroupRow = {
    id: newId(),
    siteId,
    organizationId,
    title: input.title.trim(),
    icon: input.icon ?? null,
    sortKey: await lastTopLevelKey(ctx, siteId),
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  let key: string | null = null;
  await batch(ctx.db, [
    ctx.db.insert(siteSectionGroups).values(row),
    sectionIds.map((id) => {
      key = keyBetween(key, null);
      return ctx.db
        .update(siteSections)
        .set({ groupId: row.id, sortKey: key, updatedAt: ctx.now })
        .where(eq(siteSections.id, id));
    }),
  ]);
  return groupView(ctx, site, row.id);
}

/** updateSiteSectionGroupById (`create` and up): `title`, `icon` (null removes it). */
export async function updateSectionGroup(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  groupId: string,
  patch: { title?: string; icon?: string | null },
): Promise<SiteSectionGroupView> {
  const { site, group } = await managedGroup(ctx, organizationId, siteId, groupId);
  if (!group) throw notFound("Site section group");
  const set: Partial<SiteSectionGroupRow> = { updatedAt: ctx.now };
  if (patch.title !== undefined) set.title = patch.title.trim();
  if (patch.icon !== undefined) set.icon = patch.icon;
  await ctx.db.update(siteSectionGroups).set(set).where(eq(siteSectionGroups.id, groupId));
  return groupView(ctx, site, groupId);
}

/**
 * deleteSiteSectionGroupById (`create` and up): the group goes; its sections stay, ungrouped, in the group's place
 * at the top level (nothing published is lost). False when absent.
 */
export async function deleteSectionGroup(ctx: ServiceContext, organizationId: string, siteId: string, groupId: string) {
  const { site, group } = await managedGroup(ctx, organizationId, siteId, groupId);
  if (!group) return false;
  const [groups, sections] = await structureRows(ctx, site);
  await batch(ctx.db, [
    ungroup(ctx, groups, sections, group, sectionsOfGroup(groupId, sections), { replacing: true }),
    // Its external links stay too, at the top level where the group was.
    ctx.db
      .update(siteExternalLinks)
      .set({ groupId: null, sortKey: group.sortKey, updatedAt: ctx.now })
      .where(and(eq(siteExternalLinks.siteId, siteId), eq(siteExternalLinks.groupId, groupId))),
    ctx.db.delete(siteSectionGroups).where(eq(siteSectionGroups.id, groupId)),
  ]);
  return true;
}

/** addSectionToGroup (`create` and up): moves one of the site's sections into the group, last. */
export async function addSectionToGroup(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  groupId: string,
  sectionId: string,
): Promise<SiteSectionGroupView> {
  const { site, group } = await managedGroup(ctx, organizationId, siteId, groupId);
  if (!group) throw notFound("Site section group");
  await ownSections(ctx, siteId, [sectionId], "sectionId");
  const inGroup = await ctx.db
    .select({ sortKey: siteSections.sortKey })
    .from(siteSections)
    .where(eq(siteSections.groupId, groupId));
  const sortKey = keyBetween(
    inGroup
      .map((s) => s.sortKey)
      .sort()
      .at(-1) ?? null,
    null,
  );
  await ctx.db.update(siteSections).set({ groupId, sortKey, updatedAt: ctx.now }).where(eq(siteSections.id, sectionId));
  return groupView(ctx, site, groupId);
}

/**
 * removeSectionFromGroup (`create` and up): the section leaves the group for the top level, right after the group;
 * false when it was not in it.
 */
export async function removeSectionFromGroup(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  groupId: string,
  sectionId: string,
) {
  const { site, group } = await managedGroup(ctx, organizationId, siteId, groupId);
  if (!group) throw notFound("Site section group");
  const [groups, sections] = await structureRows(ctx, site);
  const section = sections.find((s) => s.id === sectionId && s.groupId === groupId);
  if (!section) return false;
  await batch(ctx.db, ungroup(ctx, groups, sections, group, [section], { replacing: false }));
  return true;
}
