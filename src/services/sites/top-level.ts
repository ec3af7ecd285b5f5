import { and, eq, isNull } from "drizzle-orm";
import { siteExternalLinks, siteSectionGroups, siteSections } from "../../db/schema";
import { batch } from "../../db/batch";
import { keyBetween, keysAt } from "../../lib/ordering";
import type { ServiceContext } from "../core";
import { topLevel } from "./structure-order";

type SiteSectionGroupRow = typeof siteSectionGroups.$inferSelect;
type SiteSectionRow = typeof siteSections.$inferSelect;

// Placing items at a site's top level, whose order groups and ungrouped sections share (structure-order.ts).

/** The statement reading a site's groups' keys, for a batch that places something at its top level. */
export function groupKeysOf(ctx: ServiceContext, siteId: string) {
  return ctx.db
    .select({ id: siteSectionGroups.id, sortKey: siteSectionGroups.sortKey })
    .from(siteSectionGroups)
    .where(eq(siteSectionGroups.siteId, siteId));
}

/** The statement reading a site's sections' keys and groups, likewise. */
export function sectionKeysOf(ctx: ServiceContext, siteId: string) {
  return ctx.db
    .select({ id: siteSections.id, sortKey: siteSections.sortKey, groupId: siteSections.groupId })
    .from(siteSections)
    .where(eq(siteSections.siteId, siteId));
}

/** The statement reading the keys of a site's top-level external links, likewise. */
export function rootLinkKeysOf(ctx: ServiceContext, siteId: string) {
  return ctx.db
    .select({ sortKey: siteExternalLinks.sortKey })
    .from(siteExternalLinks)
    .where(and(eq(siteExternalLinks.siteId, siteId), isNull(siteExternalLinks.groupId)));
}

/** The last key of a top level: its groups', ungrouped sections' and root links'. */
export function lastKeyOf(
  groups: { id: string; sortKey: string }[],
  sections: { id: string; sortKey: string; groupId: string | null }[],
  links: { sortKey: string }[],
): string | null {
  const keys = [topLevel(groups, sections).at(-1)?.row.sortKey, ...links.map((l) => l.sortKey)];
  return (
    keys
      .filter((k): k is string => k !== undefined)
      .sort()
      .at(-1) ?? null
  );
}

/** A key after every top-level item of the site (groups, ungrouped sections and root links share one order). */
export async function lastTopLevelKey(ctx: ServiceContext, siteId: string) {
  const [groups, sections, links] = await batch(ctx.db, [
    groupKeysOf(ctx, siteId),
    sectionKeysOf(ctx, siteId),
    rootLinkKeysOf(ctx, siteId),
  ]);
  return keyBetween(lastKeyOf(groups, sections, links), null);
}

/**
 * The writes that put `leaving` (sections of `group`, in order) at the top level right after the group, or in
 * its place when the group goes (`replacing`): where they were seen.
 */
export function ungroup(
  ctx: ServiceContext,
  groups: SiteSectionGroupRow[],
  sections: SiteSectionRow[],
  group: SiteSectionGroupRow,
  leaving: SiteSectionRow[],
  { replacing }: { replacing: boolean },
) {
  const full = topLevel(
    groups,
    sections.filter((s) => !leaving.includes(s)),
  ).map((item) => ({ ...item, sortKey: item.row.sortKey }));
  const place = full.findIndex((item) => item.kind === "group" && item.row.id === group.id);
  const top = replacing ? full.filter((_, i) => i !== place) : full;
  const at = replacing ? place : place + 1;
  const { keys, rekeyed } = keysAt(top, at, leaving.length);
  return [
    ...rekeyed.map(({ item, sortKey }) =>
      item.kind === "group"
        ? ctx.db
            .update(siteSectionGroups)
            .set({ sortKey, updatedAt: ctx.now })
            .where(eq(siteSectionGroups.id, item.row.id))
        : ctx.db.update(siteSections).set({ sortKey, updatedAt: ctx.now }).where(eq(siteSections.id, item.row.id)),
    ),
    ...leaving.map((section, i) =>
      ctx.db
        .update(siteSections)
        .set({ groupId: null, sortKey: keys[i]!, updatedAt: ctx.now })
        .where(and(eq(siteSections.id, section.id), eq(siteSections.groupId, group.id))),
    ),
  ];
}
