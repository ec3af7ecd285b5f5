import type { PageLocator, PageSnapshot } from "../../content/page-snapshot";
import type { StoredSnapshot } from "../../content/snapshot-store";
import * as isolate from "../../lib/isolate-caches";
import type { ByteLru } from "../../lib/lru";

/**
 * Assembled snapshots by revision id, in this isolate. Revisions never change, so an entry never goes stale;
 * the cache is bounded by the stored size of the nodes it was assembled from (the heap cost is a small multiple
 * of that). Least recently used entries leave first. Cached snapshots are shared: nobody may mutate one
 * (content/apply.ts and content/merge.ts work on clones); their page entries are frozen to make a slip loud.
 */
const MAX_NODE_BYTES = isolate.snapshots.bound.bytes;
/** Which revision a space's main, a change request or a merge base named when this isolate last read it. */
const MAX_POINTERS = isolate.revisionPointers.bound.entries;

const snapshots = isolate.snapshots.store as Map<string, { snapshot: StoredSnapshot; bytes: number }>;
let cachedBytes = 0;
const pointers = isolate.revisionPointers.store;

export function cachedSnapshot(revisionId: string, spaceId: string): StoredSnapshot | undefined {
  const entry = snapshots.get(revisionId);
  if (!entry || entry.snapshot.revision.spaceId !== spaceId) return undefined;
  snapshots.delete(revisionId);
  snapshots.set(revisionId, entry);
  return entry.snapshot;
}

/** Keeps a snapshot assembled from `bytes` bytes of stored nodes (not kept when larger than the whole cache). */
export function cacheSnapshot(snapshot: StoredSnapshot, bytes: number): void {
  const id = snapshot.revision.id;
  if (bytes > MAX_NODE_BYTES || snapshots.has(id)) return;
  for (const page of snapshot.pages.values()) Object.freeze(page);
  for (const file of snapshot.files.values()) Object.freeze(file);
  snapshots.set(id, { snapshot, bytes });
  cachedBytes += bytes;
  for (const [oldest, entry] of snapshots) {
    if (cachedBytes <= MAX_NODE_BYTES) break;
    snapshots.delete(oldest);
    cachedBytes -= entry.bytes;
  }
}

/** The revision `pointer` (e.g. "main of space X") named last time, a guess to be checked against D1. */
export function lastRevisionOf(pointer: string): string | undefined {
  return pointers.get(pointer);
}

export function rememberRevisionOf(pointer: string, revisionId: string): void {
  pointers.delete(pointer);
  pointers.set(pointer, revisionId);
  if (pointers.size > MAX_POINTERS) pointers.delete(pointers.keys().next().value!);
}

/**
 * Page snapshots (the part of a revision one page read needs, content/page-snapshot.ts) by revision and page:
 * what a page read keeps when the isolate does not hold the whole revision. Immutable like snapshots.
 */
const pageSnapshots = isolate.pageSnapshots.store as ByteLru<{ snapshot: PageSnapshot; bytes: number }>;

const pageKey = (revisionId: string, locator: PageLocator) =>
  `${revisionId}\n${"id" in locator ? `id:${locator.id}` : `path:${segmentsKey(locator.path)}`}`;
const segmentsKey = (path: string) => path.split("/").filter(Boolean).join("/");

export function cachedPageSnapshot(
  revisionId: string,
  spaceId: string,
  locator: PageLocator,
): PageSnapshot | undefined {
  const entry = pageSnapshots.get(pageKey(revisionId, locator));
  return entry && entry.snapshot.revision.spaceId === spaceId ? entry.snapshot : undefined;
}

export function cachePageSnapshot(snapshot: PageSnapshot, locator: PageLocator, bytes: number): void {
  for (const page of snapshot.pages.values()) Object.freeze(page);
  pageSnapshots.set(pageKey(snapshot.revision.id, locator), { snapshot, bytes });
}

/**
 * Level nodes page reads brought, by space and hash (content-addressed: never stale), and for each space the
 * hashes it read last: a page read tells D1 which it holds, so that the next page of a big level (a flat space's
 * root) does not bring that level again.
 */
const levelData = isolate.levelNodes.store;
const recentLevels = isolate.recentLevels.store;
const HELD_PER_SPACE = 32;
const SPACES_HELD = isolate.recentLevels.bound.entries;

export function keepLevels(spaceId: string, levels: { hash: string; data: string }[]): void {
  if (!levels.length) return;
  const recent = (recentLevels.get(spaceId) ?? []).filter((hash) => !levels.some((l) => l.hash === hash));
  for (const { hash, data } of levels) {
    levelData.set(`${spaceId}:${hash}`, data);
    recent.push(hash);
  }
  recentLevels.delete(spaceId);
  recentLevels.set(spaceId, recent.slice(-HELD_PER_SPACE));
  if (recentLevels.size > SPACES_HELD) recentLevels.delete(recentLevels.keys().next().value!);
}

/** The levels of the space this isolate still holds, by hash (taken now: later evictions do not touch it). */
export function heldLevels(spaceId: string): Map<string, string> {
  const held = new Map<string, string>();
  for (const hash of recentLevels.get(spaceId) ?? []) {
    const data = levelData.get(`${spaceId}:${hash}`);
    if (data !== undefined) held.set(hash, data);
  }
  return held;
}

/** Forgets every snapshot this isolate holds (tests that measure a cold read). */
export function forgetSnapshots(): void {
  snapshots.clear();
  cachedBytes = 0;
  pageSnapshots.clear();
  levelData.clear();
  recentLevels.clear();
}
