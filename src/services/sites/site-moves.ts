import { eq } from "drizzle-orm";
import { batch } from "../../db/batch";
import { siteSectionGroups, siteSections, siteSpaces } from "../../db/schema";
import { badRequest, notFound } from "../../lib/errors";
import { keyBetween } from "../../lib/ordering";
import { authorize } from "../access/permissions";
import type { ServiceContext } from "../core/context";
import { loadSite } from "./sites";

export type StructureItemType = "site-space" | "site-section" | "site-section-group";

export interface StructurePointer {
  type: StructureItemType;
  id: string;
}

interface Ordered {
  id: string;
  sortKey: string;
  /** The level the item sits at: a site space's section, a section's group (null: the top). */
  level: string | null;
  path?: string;
}

/**
 * sortSiteStructure and the deprecated moves (`create` and up): puts a site space, section or section group
 * just before or after another item of the same kind, taking that item's level (a site space moves into its
 * section, a section into its group); with no position, last at its own level. One row changes (fractional
 * keys). A site space's path must stay unique at its new level (400).
 */
export async function moveStructureItem(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  item: StructurePointer,
  position: { before?: StructurePointer; after?: StructurePointer } = {},
): Promise<StructurePointer> {
  const site = await loadSite(ctx, organizationId, siteId);
  authorize(site.access, "site.manage", "Site");
  const anchor = position.before ?? position.after;
  if (position.before && position.after) throw badRequest("position: give before or after, not both");
  if (anchor && anchor.type !== item.type)
    throw badRequest(`position: an item of type ${item.type} moves among ${item.type}s`);
  if (anchor?.id === item.id) throw badRequest("position: an item cannot move relative to itself");
  const [groups, sections, variants] = await batch(ctx.db, [
    ctx.db.select().from(siteSectionGroups).where(eq(siteSectionGroups.siteId, siteId)),
    ctx.db.select().from(siteSections).where(eq(siteSections.siteId, siteId)),
    ctx.db.select().from(siteSpaces).where(eq(siteSpaces.siteId, siteId)),
  ]);
  const all: Ordered[] =
    item.type === "site-space"
      ? variants.map((v) => ({ id: v.id, sortKey: v.sortKey, level: v.sectionId, path: v.path }))
      : item.type === "site-section"
        ? sections.map((s) => ({ id: s.id, sortKey: s.sortKey, level: s.groupId }))
        : groups.map((g) => ({ id: g.id, sortKey: g.sortKey, level: null }));
  const moving = all.find((o) => o.id === item.id);
  if (!moving)
    throw notFound(
      item.type === "site-space" ? "Site space" : item.type === "site-section" ? "Site section" : "Site section group",
    );
  const target = anchor ? all.find((o) => o.id === anchor.id) : undefined;
  if (anchor && !target) throw badRequest(`position: no ${anchor.type} ${anchor.id} in this site`);
  const level = target ? target.level : moving.level;
  const siblings = all
    .filter((o) => o.level === level && o.id !== moving.id)
    .sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : a.id < b.id ? -1 : 1));
  if (item.type === "site-space" && level !== moving.level && siblings.some((o) => o.path === moving.path)) {
    throw badRequest(`position: the path "${moving.path}" is taken at that level of the site`);
  }
  const at = target ? siblings.indexOf(target) : siblings.length;
  const [low, high] = position.before
    ? [siblings[at - 1]?.sortKey ?? null, siblings[at]!.sortKey]
    : target
      ? [siblings[at]!.sortKey, siblings[at + 1]?.sortKey ?? null]
      : [siblings.at(-1)?.sortKey ?? null, null];
  const sortKey = keyBetween(low, high);
  if (item.type === "site-space") {
    await ctx.db
      .update(siteSpaces)
      .set({ sortKey, sectionId: level, updatedAt: ctx.now })
      .where(eq(siteSpaces.id, item.id));
  } else if (item.type === "site-section") {
    await ctx.db
      .update(siteSections)
      .set({ sortKey, groupId: level, updatedAt: ctx.now })
      .where(eq(siteSections.id, item.id));
  } else {
    await ctx.db
      .update(siteSectionGroups)
      .set({ sortKey, updatedAt: ctx.now })
      .where(eq(siteSectionGroups.id, item.id));
  }
  return item;
}
