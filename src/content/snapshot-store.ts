import { type Placeholder, type SQL, sql } from "drizzle-orm";
import { type Db, inBatch } from "../db/client";
import { contentBlobs, contentNodes, type revisions } from "../db/schema";
import { sha256Hex } from "../lib/crypto";
import {
  canonicalJSON,
  emptySnapshot,
  type FileEntry,
  type PageEntry,
  type ReusableEntry,
  type Snapshot,
} from "./model";
import { locatorBucketData } from "./page-locator";

export type RevisionRow = typeof revisions.$inferSelect;

/** A snapshot read from the store, remembering each level's stored node so unchanged levels are not rewritten. */
export interface StoredSnapshot extends Snapshot {
  revision: RevisionRow;
  /** Level node data and hash per parent id (`null` = root). */
  levels: Map<string | null, { hash: string; data: string }>;
  /** Hashes of every node of this revision (levels, files, reusables). */
  nodeHashes: Set<string>;
}

type LevelEntry = PageEntry & { children?: string };

/** The statement that reads every node of a revision in one go (recursive CTE over the level nodes). */
export function revisionNodesQuery(db: Db, spaceId: string | Placeholder, revisionIdSql: SQL) {
  return inBatch(
    db,
    db.all<{ hash: string; data: string; role: string }>(sql`
    WITH RECURSIVE
      rev AS (SELECT root_node, files_node, reusables_node, locator_node FROM revisions WHERE id = (${revisionIdSql}) AND space_id = ${spaceId}),
      levels(hash) AS (
        SELECT root_node FROM rev
        UNION
        SELECT json_extract(e.value, '$.children')
        FROM levels
        JOIN content_nodes n ON n.space_id = ${spaceId} AND n.hash = levels.hash, json_each(n.data) e
        WHERE json_extract(e.value, '$.children') IS NOT NULL
      )
    SELECT n.hash, n.data, 'level' AS role FROM levels JOIN content_nodes n ON n.space_id = ${spaceId} AND n.hash = levels.hash
    UNION ALL
    SELECT n.hash, n.data, 'files' FROM rev JOIN content_nodes n ON n.space_id = ${spaceId} AND n.hash = rev.files_node
    UNION ALL
    SELECT n.hash, n.data, 'reusables' FROM rev JOIN content_nodes n ON n.space_id = ${spaceId} AND n.hash = rev.reusables_node
    UNION ALL
    SELECT n.hash, n.data, 'locator' FROM rev JOIN content_nodes n ON n.space_id = ${spaceId} AND n.hash = rev.locator_node`),
  );
}

/**
 * Fills a snapshot's pages, parents and children from the level nodes under `rootHash`, recording each level read
 * in `levels` when it has them. `dataOf` gives a level node's JSON; a level it has not (undefined) is left out.
 */
export function readLevels(
  snapshot: Snapshot & { levels?: StoredSnapshot["levels"] },
  rootHash: string,
  dataOf: (hash: string) => string | undefined,
) {
  const readLevel = (parent: string | null, hash: string) => {
    const data = dataOf(hash);
    if (data === undefined) return;
    snapshot.levels?.set(parent, { hash, data });
    const entries = JSON.parse(data) as LevelEntry[];
    snapshot.children.set(
      parent,
      entries.map((e) => e.id),
    );
    for (const { children, ...page } of entries) {
      snapshot.pages.set(page.id, page);
      snapshot.parentOf.set(page.id, parent);
      if (children) readLevel(page.id, children);
    }
  };
  readLevel(null, rootHash);
}

/** Builds a snapshot from a revision row and the rows of `revisionNodesQuery`. */
export function assembleSnapshot(
  revision: RevisionRow,
  rows: { hash: string; data: string; role: string }[],
): StoredSnapshot {
  const byHash = new Map(rows.map((r) => [r.hash, r.data]));
  const snapshot = emptySnapshot() as StoredSnapshot;
  snapshot.revision = revision;
  snapshot.levels = new Map();
  snapshot.nodeHashes = new Set(rows.map((r) => r.hash));
  // The locator's buckets are not read, but a commit on this snapshot must know which of them are stored.
  const locator = rows.find((r) => r.role === "locator");
  if (locator)
    for (const hash of Object.values(JSON.parse(locator.data) as Record<string, string>)) snapshot.nodeHashes.add(hash);
  snapshot.variables = revision.variables ?? {};

  readLevels(snapshot, revision.rootNode, (hash) => {
    const data = byHash.get(hash);
    if (data === undefined) throw new Error(`Revision ${revision.id} is missing node ${hash}`);
    return data;
  });
  for (const file of JSON.parse(byHash.get(revision.filesNode) ?? "[]") as FileEntry[])
    snapshot.files.set(file.id, file);
  for (const r of JSON.parse(byHash.get(revision.reusablesNode) ?? "[]") as ReusableEntry[])
    snapshot.reusables.set(r.id, r);
  return snapshot;
}

export interface SnapshotWrite {
  rootNode: string;
  filesNode: string;
  reusablesNode: string;
  /** The page locator (content/page-locator.ts). */
  locatorNode: string;
  /** Nodes that the base revision did not have. */
  nodes: { hash: string; data: string }[];
}

/**
 * Serializes a snapshot into level nodes bottom-up. Levels whose JSON equals the base's are not re-hashed or
 * re-written, so a one-page change yields only the nodes on that page's path (plus lists that changed).
 */
export async function serializeSnapshot(next: Snapshot, base?: StoredSnapshot): Promise<SnapshotWrite> {
  const nodes: { hash: string; data: string }[] = [];
  const known = base?.nodeHashes ?? new Set<string>();

  const store = async (data: string, previous?: { hash: string; data: string }) => {
    if (previous && previous.data === data) return previous.hash;
    const hash = await sha256Hex(data);
    if (!known.has(hash) && !nodes.some((n) => n.hash === hash)) nodes.push({ hash, data });
    return hash;
  };

  let written = 0;
  const writeLevel = async (parent: string | null): Promise<string> => {
    const entries: LevelEntry[] = [];
    for (const id of next.children.get(parent) ?? []) {
      const page = next.pages.get(id);
      if (!page) continue;
      written++;
      const hasChildren = (next.children.get(id) ?? []).length > 0;
      entries.push(hasChildren ? { ...page, children: await writeLevel(id) } : page);
    }
    return store(canonicalJSON(entries), base?.levels.get(parent));
  };

  const rootNode = await writeLevel(null);
  // Every page must hang from the root: a page that cannot be reached would silently vanish from the revision.
  if (written !== next.pages.size) {
    throw new Error(
      `Refusing to write a revision: ${next.pages.size - written} page(s) are not reachable from the root`,
    );
  }
  const filesNode = await store(canonicalJSON([...next.files.values()]));
  const reusablesNode = await store(canonicalJSON([...next.reusables.values()]));
  const bucketHashes: Record<string, string> = {};
  for (const [bucket, data] of locatorBucketData(next)) bucketHashes[bucket] = await store(data);
  const locatorNode = await store(canonicalJSON(bucketHashes));
  return { rootNode, filesNode, reusablesNode, locatorNode, nodes };
}

/** Insert statements for new nodes and page bodies (content-addressed: existing rows are left alone). */
export function contentInsertStatements(
  db: Db,
  spaceId: string,
  nodes: { hash: string; data: string }[],
  bodies: Map<string, string>,
) {
  return [
    ...nodes.map((n) => db.insert(contentNodes).values({ spaceId, hash: n.hash, data: n.data }).onConflictDoNothing()),
    ...[...bodies].map(([hash, body]) => db.insert(contentBlobs).values({ spaceId, hash, body }).onConflictDoNothing()),
  ];
}
