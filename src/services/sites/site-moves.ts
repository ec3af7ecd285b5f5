import { eq } from "drizzle-orm";
import { batch } from "../../db/batch";
import { siteExternalLinks, siteSectionGroups, siteSections, siteSpaces } from "../../db/schema";
import { badRequest, notFound } from "../../lib/errors";
import { keysAt } from "../../lib/ordering";
import { authorize } from "../access";
import type { ServiceContext } from "../core";
import { compareStructure } from "./structure-order";
import { loadSite } from "./sites";

export type StructureItemType = "site-space" | "site-section" | "site-section-group" | "site-external-link";

export interface StructurePointer {
  type: StructureItemType;
  id: string;
}

interface Node {
  type: StructureItemType;
  id: string;
  sortKey: string;
  /** Groups before sections before external links on a key tie (structure-order.ts). */
  rank: number;
  /** Where the item sits: "top" (groups, ungrouped sections), "group:<id>" (its sections), "space:<section id>". */
  level: string;
  path?: string;
}

const TOP = "top";
const NAMES: Record<StructureItemType, string> = {
  "site-space": "Site space",
  "site-section": "Site section",
  "site-section-group": "Site section group",
  "site-external-link": "Site external link",
};

/**
 * sortSiteStructure and the deprecated moves (`create` and up): puts a site space, section or section group just
 * before or after another item, taking that item's level. Site spaces move among site spaces (into the anchor's
 * section). Sections and groups share the top level's order, so either may name either: a section moves into a
 * group by naming one of its sections, out of it by naming a top-level item; a group names only top-level items.
 * External links move like sections (into a group by naming one of its sections or links).
 * With no position, last at its own level. One row changes (fractional keys), unless a key tie must be re-keyed.
 * A site space's path must stay unique at its new level (400).
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
  if (anchor && (anchor.type === "site-space") !== (item.type === "site-space"))
    throw badRequest(
      "position: a site space moves among site spaces, a section, group or link among sections, groups and links",
    );
  if (anchor?.type === item.type && anchor.id === item.id)
    throw badRequest("position: an item cannot move relative to itself");
  const [groups, sections, variants, links] = await batch(ctx.db, [
    ctx.db.select().from(siteSectionGroups).where(eq(siteSectionGroups.siteId, siteId)),
    ctx.db.select().from(siteSections).where(eq(siteSections.siteId, siteId)),
    ctx.db.select().from(siteSpaces).where(eq(siteSpaces.siteId, siteId)),
    ctx.db.select().from(siteExternalLinks).where(eq(siteExternalLinks.siteId, siteId)),
  ]);
  const groupIds = new Set(groups.map((g) => g.id));
  const nodes: Node[] = [
    ...groups.map((g) => ({ type: "site-section-group" as const, id: g.id, sortKey: g.sortKey, rank: 0, level: TOP })),
    ...sections.map((s) => ({
      type: "site-section" as const,
      id: s.id,
      sortKey: s.sortKey,
      rank: 1,
      level: s.groupId && groupIds.has(s.groupId) ? `group:${s.groupId}` : TOP,
    })),
    ...links.map((l) => ({
      type: "site-external-link" as const,
      id: l.id,
      sortKey: l.sortKey,
      rank: 2,
      level: l.groupId && groupIds.has(l.groupId) ? `group:${l.groupId}` : TOP,
    })),
    ...variants.map((v) => ({
      type: "site-space" as const,
      id: v.id,
      sortKey: v.sortKey,
      rank: 1,
      level: `space:${v.sectionId ?? ""}`,
      path: v.path,
    })),
  ];
  const find = (p: StructurePointer) => nodes.find((n) => n.type === p.type && n.id === p.id);
  const moving = find(item);
  if (!moving) throw notFound(NAMES[item.type]);
  const target = anchor ? find(anchor) : undefined;
  if (anchor && !target) throw badRequest(`position: no ${anchor.type} ${anchor.id} in this site`);
  const level = target ? target.level : moving.level;
  if (item.type === "site-section-group" && level !== TOP)
    throw badRequest("position: a section group moves among the site's top-level sections and groups");
  const siblings = nodes.filter((n) => n.level === level && n !== moving).sort(compareStructure);
  if (item.type === "site-space" && level !== moving.level && siblings.some((o) => o.path === moving.path)) {
    throw badRequest(`position: the path "${moving.path}" is taken at that level of the site`);
  }
  const index = !target ? siblings.length : siblings.indexOf(target) + (position.before ? 0 : 1);
  const { keys, rekeyed } = keysAt(siblings, index, 1);
  const moves = [...rekeyed.map((r) => ({ node: r.item, sortKey: r.sortKey })), { node: moving, sortKey: keys[0]! }];
  // The moving item takes its key and the anchor's level; a re-keyed sibling only its key.
  const parent = level === TOP ? null : level.slice(level.indexOf(":") + 1) || null;
  await batch(
    ctx.db,
    moves.map(({ node, sortKey }) => {
      const set = { sortKey, updatedAt: ctx.now };
      if (node.type === "site-space")
        return ctx.db
          .update(siteSpaces)
          .set(node === moving ? { ...set, sectionId: parent } : set)
          .where(eq(siteSpaces.id, node.id));
      if (node.type === "site-section")
        return ctx.db
          .update(siteSections)
          .set(node === moving ? { ...set, groupId: parent } : set)
          .where(eq(siteSections.id, node.id));
      if (node.type === "site-external-link")
        return ctx.db
          .update(siteExternalLinks)
          .set(node === moving ? { ...set, groupId: parent } : set)
          .where(eq(siteExternalLinks.id, node.id));
      return ctx.db.update(siteSectionGroups).set(set).where(eq(siteSectionGroups.id, node.id));
    }),
  );
  return item;
}
