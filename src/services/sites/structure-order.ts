/**
 * The one order of a site's structure. A site's top level holds its section groups and its ungrouped sections
 * in one shared order: both carry fractional keys of one key space, compared by key, then groups before sections
 * on a tie (how getSiteStructure showed ties before migration 0044 made the keys distinct), then by id. A group's
 * sections follow in their own key order. Everything that lists the structure (getSiteStructure, listSiteSections,
 * the moves, the renderer's section tabs) orders it here.
 */

interface Keyed {
  id: string;
  sortKey: string;
}

interface GroupLike extends Keyed {}

interface SectionLike extends Keyed {
  groupId: string | null;
}

export type TopLevelItem<G, S> = { kind: "group"; row: G } | { kind: "section"; row: S };

/** Siblings' order: key, then (at the top level) groups before sections, then id. */
export function compareStructure(a: Keyed & { rank?: number }, b: Keyed & { rank?: number }): number {
  if (a.sortKey !== b.sortKey) return a.sortKey < b.sortKey ? -1 : 1;
  const rank = (a.rank ?? 0) - (b.rank ?? 0);
  if (rank) return rank;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Whether a section sits at the top level: ungrouped, or in a group that is not there (nothing is hidden). */
function isTopLevel(section: SectionLike, groupIds: Set<string>) {
  return section.groupId === null || !groupIds.has(section.groupId);
}

/** The site's top level (groups and ungrouped sections), in the shared order. */
export function topLevel<G extends GroupLike, S extends SectionLike>(groups: G[], sections: S[]): TopLevelItem<G, S>[] {
  const groupIds = new Set(groups.map((g) => g.id));
  const items = [
    ...groups.map((row) => ({ kind: "group" as const, row, id: row.id, sortKey: row.sortKey, rank: 0 })),
    ...sections
      .filter((s) => isTopLevel(s, groupIds))
      .map((row) => ({ kind: "section" as const, row, id: row.id, sortKey: row.sortKey, rank: 1 })),
  ].sort(compareStructure);
  return items.map((i) => (i.kind === "group" ? { kind: "group", row: i.row } : { kind: "section", row: i.row }));
}

/** A group's sections, in order. */
export function sectionsOfGroup<S extends SectionLike>(groupId: string, sections: S[]): S[] {
  return sections.filter((s) => s.groupId === groupId).sort(compareStructure);
}

/**
 * Every section in structure order (a group's sections in the group's place), each with a cursor key that
 * sorts as the order does (for list pagination): `key␀rank␀id` at the top level, the group's then `␁key␀id`.
 */
export function sectionsInStructureOrder<G extends GroupLike, S extends SectionLike>(
  groups: G[],
  sections: S[],
): { section: S; cursor: string }[] {
  const out: { section: S; cursor: string }[] = [];
  for (const item of topLevel(groups, sections)) {
    const rank = item.kind === "group" ? 0 : 1;
    const cursor = `${item.row.sortKey}\u0000${rank}\u0000${item.row.id}`;
    if (item.kind === "section") out.push({ section: item.row, cursor });
    else {
      for (const section of sectionsOfGroup(item.row.id, sections))
        out.push({ section, cursor: `${cursor}\u0001${section.sortKey}\u0000${section.id}` });
    }
  }
  return out;
}

// External links share their siblings' order: at the top level with groups and ungrouped sections, in a group with
// its sections; on a tie of keys they come after both (rank 2).

interface LinkLike extends Keyed {
  groupId: string | null;
}

export type StructureEntry<G, S, L> =
  | { kind: "group"; row: G; children: ({ kind: "section"; row: S } | { kind: "link"; row: L })[] }
  | { kind: "section"; row: S }
  | { kind: "link"; row: L };

/** The links among ordered items (each with its key and rank), in the shared order. */
function interleave<T extends { sortKey: string; id: string; rank: number }>(items: T[], links: T[]): T[] {
  return [...items, ...links].sort(compareStructure);
}

/**
 * The site's structure with its external links: top-level groups (each with its sections and links), sections and
 * links, in the shared order. A link in a group that is not there (hidden) sits at the top level.
 */
export function structureWithLinks<G extends GroupLike, S extends SectionLike, L extends LinkLike>(
  groups: G[],
  sections: S[],
  links: L[],
): StructureEntry<G, S, L>[] {
  const groupIds = new Set(groups.map((g) => g.id));
  const linkItem = (row: L) => ({ entry: { kind: "link" as const, row }, id: row.id, sortKey: row.sortKey, rank: 2 });
  const top = topLevel(groups, sections).map((item) => ({
    entry:
      item.kind === "group"
        ? {
            kind: "group" as const,
            row: item.row,
            children: interleave<{
              entry: { kind: "section"; row: S } | { kind: "link"; row: L };
              id: string;
              sortKey: string;
              rank: number;
            }>(
              sectionsOfGroup(item.row.id, sections).map((row) => ({
                entry: { kind: "section" as const, row },
                id: row.id,
                sortKey: row.sortKey,
                rank: 1,
              })),
              links.filter((l) => l.groupId === item.row.id).map(linkItem),
            ).map((c) => c.entry),
          }
        : { kind: "section" as const, row: item.row },
    id: item.row.id,
    sortKey: item.row.sortKey,
    rank: item.kind === "group" ? 0 : 1,
  }));
  const loose = links.filter((l) => l.groupId === null || !groupIds.has(l.groupId)).map(linkItem);
  return interleave<{ entry: StructureEntry<G, S, L>; id: string; sortKey: string; rank: number }>(top, loose).map(
    (i) => i.entry,
  );
}

/** Sections and links flattened in structure order (a group's in the group's place): the published navigation. */
export function navigationOrder<G extends GroupLike, S extends SectionLike, L extends LinkLike>(
  groups: G[],
  sections: S[],
  links: L[],
): ({ kind: "section"; row: S } | { kind: "link"; row: L })[] {
  return structureWithLinks(groups, sections, links).flatMap((e) => (e.kind === "group" ? e.children : [e]));
}
