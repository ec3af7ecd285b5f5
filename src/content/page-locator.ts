import { canonicalJSON, type Snapshot } from "./model";

/**
 * A revision's page locator: where each page hangs in the tree, so that a read of one page walks only the level
 * nodes on its path (O(depth) rows) instead of every level of the revision.
 *
 * Pages are spread over LOCATOR_BUCKETS buckets by a hash of their id. A bucket is a content node, the canonical
 * JSON of `{pageId: [ancestor ids, root first]}`; the locator node maps each non-empty bucket's number to its
 * node's hash. Ancestors change only when a page is added, removed or moved, so an edit to a page's body or
 * title writes no new bucket: most commits reuse every bucket node of their base.
 *
 * The format is fixed: a reader finds a page's bucket with `locatorBucket`, so changing the hash or the bucket
 * count needs a new column, not an edit here.
 */
export const LOCATOR_BUCKETS = 64;

/** The bucket of a page id (FNV-1a over its UTF-16 code units). */
export function locatorBucket(pageId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < pageId.length; i++) {
    hash ^= pageId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % LOCATOR_BUCKETS;
}

/** Each non-empty bucket's node data, by bucket number, for the pages reachable from the snapshot's root. */
export function locatorBucketData(snapshot: Snapshot): Map<number, string> {
  const buckets = new Map<number, Record<string, string[]>>();
  const visit = (parent: string | null, ancestors: string[]) => {
    for (const id of snapshot.children.get(parent) ?? []) {
      if (!snapshot.pages.has(id)) continue;
      const bucket = locatorBucket(id);
      const entries = buckets.get(bucket) ?? {};
      entries[id] = ancestors;
      buckets.set(bucket, entries);
      visit(id, [...ancestors, id]);
    }
  };
  visit(null, []);
  return new Map([...buckets].map(([bucket, entries]) => [bucket, canonicalJSON(entries)]));
}
