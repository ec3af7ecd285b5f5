import { diff3Merge } from "node-diff3";
import { canonicalJSON, childrenOf, cloneSnapshot, type PageEntry, type Snapshot } from "./model";

/** Why a three-way merge could not finish on its own. */
export interface MergeConflict {
  page?: string;
  file?: string;
  reason: string;
}

export type MergeOutcome =
  | { kind: "merged"; snapshot: Snapshot; bodies: Map<string, string> }
  | { kind: "conflicts"; conflicts: MergeConflict[] };

export interface MergeDeps {
  /** Page bodies by hash (only those changed on both sides are asked for). */
  loadBodies(hashes: string[]): Promise<Map<string, string>>;
  hashBody(markdown: string): Promise<string>;
}

const same = (a: unknown, b: unknown) => canonicalJSON(a) === canonicalJSON(b);

/** Merges one value: the side that changed wins; both changed the same way is fine; otherwise undefined. */
function pick<T>(base: T, ours: T, theirs: T): { value: T } | undefined {
  if (same(ours, theirs)) return { value: ours };
  if (same(base, ours)) return { value: theirs };
  if (same(base, theirs)) return { value: ours };
  return undefined;
}

/** Splits text into lines, keeping line endings, for a line-based diff3. */
function lines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** Three-way merge of text by lines (diff3): non-overlapping edits both survive; overlaps are conflicts. */
export function mergeText(base: string, ours: string, theirs: string): string | undefined {
  const result = diff3Merge(lines(ours), lines(base), lines(theirs), { excludeFalseConflicts: true });
  let out = "";
  for (const region of result) {
    if (region.conflict) return undefined;
    out += region.ok!.join("");
  }
  return out;
}

/**
 * A real three-way merge of page trees by page id: `ours` (e.g. the change request) and `theirs` (e.g. main)
 * both descend from `base`. Per page: the side that changed wins; both sides' body edits are merged by diff3;
 * deleting a page the other side edited, contradictory moves or metadata, overlapping text edits and slug
 * collisions are conflicts, reported and never silently resolved.
 */
export async function mergeSnapshots(
  base: Snapshot,
  ours: Snapshot,
  theirs: Snapshot,
  deps: MergeDeps,
): Promise<MergeOutcome> {
  const conflicts: MergeConflict[] = [];
  const result = cloneSnapshot(base);
  const bodies = new Map<string, string>();
  const ids = new Set([...base.pages.keys(), ...ours.pages.keys(), ...theirs.pages.keys()]);

  const needText: string[] = [];
  for (const id of ids) {
    const [b, o, t] = [base.pages.get(id), ours.pages.get(id), theirs.pages.get(id)];
    if (b && o && t && o.body !== b.body && t.body !== b.body && o.body !== t.body) {
      for (const h of [b.body, o.body, t.body]) if (h) needText.push(h);
    }
  }
  const texts = needText.length ? await deps.loadBodies([...new Set(needText)]) : new Map<string, string>();

  const finalPages = new Map<string, PageEntry>();
  const finalParent = new Map<string, string | null>();
  for (const id of ids) {
    const [b, o, t] = [base.pages.get(id), ours.pages.get(id), theirs.pages.get(id)];
    const parent = {
      b: base.parentOf.get(id) ?? null,
      o: ours.parentOf.get(id) ?? null,
      t: theirs.parentOf.get(id) ?? null,
    };
    if (!b) {
      // Added on one side (ids are unique, so both adding the same id means the same page was restored twice).
      const added = o ?? t!;
      if (o && t && !same(o, t)) conflicts.push({ page: id, reason: "added on both sides with different content" });
      finalPages.set(id, added);
      finalParent.set(id, o ? parent.o : parent.t);
      continue;
    }
    if (!o || !t) {
      const kept = o ?? t;
      if (!kept) continue; // deleted on both sides
      const keptParent = o ? parent.o : parent.t;
      if (!same(b, kept) || keptParent !== parent.b) {
        conflicts.push({ page: id, reason: `deleted on one side and edited on the other ("${kept.title}")` });
      }
      continue; // deleted on one side, untouched on the other
    }
    const merged: Record<string, unknown> = {};
    const keys = new Set([...Object.keys(b), ...Object.keys(o), ...Object.keys(t)]);
    for (const key of keys) {
      if (key === "updatedAt" || key === "body") continue;
      const field = (entry: PageEntry) => (entry as unknown as Record<string, unknown>)[key];
      const chosen = pick(field(b), field(o), field(t));
      if (!chosen) conflicts.push({ page: id, reason: `"${key}" changed differently on both sides ("${o.title}")` });
      else if (chosen.value !== undefined) merged[key] = chosen.value;
    }
    const body = pick(b.body, o.body, t.body);
    if (body) {
      if (body.value !== undefined) merged.body = body.value;
    } else {
      const text = mergeText(
        texts.get(b.body ?? "") ?? "",
        texts.get(o.body ?? "") ?? "",
        texts.get(t.body ?? "") ?? "",
      );
      if (text === undefined)
        conflicts.push({ page: id, reason: `the same lines were edited on both sides ("${o.title}")` });
      else {
        const hash = await deps.hashBody(text);
        bodies.set(hash, text);
        merged.body = hash;
      }
    }
    merged.updatedAt = Math.max(o.updatedAt, t.updatedAt);
    finalPages.set(id, merged as unknown as PageEntry);
    const where = pick(parent.b, parent.o, parent.t);
    if (!where) conflicts.push({ page: id, reason: `moved to different parents on both sides ("${o.title}")` });
    else finalParent.set(id, where.value);
  }
  if (conflicts.length) return { kind: "conflicts", conflicts };

  // A page must not end up under a page that no longer exists, nor (through moves on both sides) under itself.
  for (const [id, parent] of finalParent) {
    if (parent !== null && !finalPages.has(parent)) {
      conflicts.push({ page: id, reason: "its parent page was deleted on the other side" });
    }
  }
  for (const id of finalParent.keys()) {
    const seen = new Set<string>([id]);
    for (let at = finalParent.get(id) ?? null; at !== null; at = finalParent.get(at) ?? null) {
      if (seen.has(at)) {
        conflicts.push({ page: id, reason: "pages were moved into each other on both sides" });
        break;
      }
      seen.add(at);
    }
  }
  if (conflicts.length) return { kind: "conflicts", conflicts };

  // Order siblings: merge each parent's child sequence with diff3 over ids; on an ordering overlap keep ours.
  result.pages = finalPages;
  result.parentOf = finalParent;
  result.children = new Map();
  const parents = new Set<string | null>([null, ...finalPages.keys()]);
  for (const parent of parents) {
    const wanted = [...finalParent].filter(([, p]) => p === parent).map(([id]) => id);
    if (!wanted.length) continue;
    const order = mergeOrder(childrenOf(base, parent), childrenOf(ours, parent), childrenOf(theirs, parent));
    const inOrder = order.filter((id) => wanted.includes(id));
    for (const id of wanted) if (!inOrder.includes(id)) inOrder.push(id);
    result.children.set(parent, [...new Set(inOrder)]);
  }
  if (!result.children.has(null)) result.children.set(null, []);

  // Slugs must stay unique among siblings.
  for (const [parent, kids] of result.children) {
    const seen = new Map<string, string>();
    for (const id of kids) {
      const slug = finalPages.get(id)!.slug;
      if (seen.has(slug))
        conflicts.push({
          page: id,
          reason: `slug "${slug}" is used by two sibling pages${parent ? "" : " at the root"}`,
        });
      seen.set(slug, id);
    }
  }

  // Files, reusable contents, variables: the side that changed wins; both changing one differently conflicts.
  for (const [kind, pickMap] of [
    ["file", (s: Snapshot) => s.files],
    ["reusable content", (s: Snapshot) => s.reusables],
  ] as const) {
    const b = pickMap(base) as Map<string, unknown>,
      o = pickMap(ours) as Map<string, unknown>,
      t = pickMap(theirs) as Map<string, unknown>;
    const out = new Map<string, unknown>();
    for (const id of new Set([...b.keys(), ...o.keys(), ...t.keys()])) {
      const chosen = pick(b.get(id), o.get(id), t.get(id));
      if (!chosen) conflicts.push({ file: id, reason: `${kind} changed differently on both sides` });
      else if (chosen.value !== undefined) out.set(id, chosen.value);
    }
    if (kind === "file") result.files = out as Snapshot["files"];
    else result.reusables = out as Snapshot["reusables"];
  }
  const variables = pick(base.variables, ours.variables, theirs.variables);
  if (!variables) conflicts.push({ reason: "variables changed differently on both sides" });
  else result.variables = variables.value as Record<string, unknown>;

  if (conflicts.length) return { kind: "conflicts", conflicts };
  return { kind: "merged", snapshot: result, bodies };
}

function mergeOrder(base: string[], ours: string[], theirs: string[]): string[] {
  if (same(base, ours)) return theirs;
  if (same(base, theirs)) return ours;
  const out: string[] = [];
  for (const region of diff3Merge(ours, base, theirs)) {
    if (region.ok) out.push(...region.ok);
    else out.push(...region.conflict!.a, ...region.conflict!.b);
  }
  return out;
}
