import { type SQL, sql } from "drizzle-orm";
import { type Db, inBatch } from "../db/client";
import { emptySnapshot, type Snapshot } from "./model";
import { locatorBucket } from "./page-locator";
import { readLevels, type RevisionRow } from "./snapshot-store";

/** Which page to read: by id, or by its slash-joined path of slugs. */
export type PageLocator = { id: string } | { path: string };

/**
 * The part of a revision's tree one page read needs: the levels on the page's path (its ancestors and their
 * siblings, for the page's path) and every level under the page (its nested `pages`). Only for presenting that
 * page: it is not the revision's content, so it never serves another page, a listing or a write.
 */
export interface PageSnapshot extends Snapshot {
  revision: RevisionRow;
  partial: true;
}

export interface PageNodeRow {
  hash: string;
  data: string;
  role: "level" | "body";
}

const segmentsOf = (path: string) => path.split("/").filter(Boolean);

/**
 * One statement: the level nodes a page read needs, walking from the root one level per step of the page's
 * chain (its ancestors' ids then its own, from the revision's page locator; or its path's slugs), then every
 * level under it, and the page's body (role `body`, keyed by its hash). O(depth + levels under the page) rows,
 * never the revision's other levels. A page the locator does not know (or a revision without a locator) yields
 * the root level alone. Levels in `heldHashes` (which the caller holds: nodes are content-addressed) are walked
 * but not sent back.
 */
export function pageNodesQuery(
  db: Db,
  spaceId: string,
  revisionIdSql: SQL,
  locator: PageLocator,
  heldHashes: readonly string[] = [],
) {
  // The bucket's key in the locator node, as a JSON path (a number: nothing of the id reaches the path).
  const bucketPath = "id" in locator ? `$."${locatorBucket(locator.id)}"` : "";
  const chain =
    "id" in locator
      ? sql`SELECT json_insert(e.value, '$[#]', e.key)
          FROM rev
          JOIN content_nodes l ON l.space_id = ${spaceId} AND l.hash = rev.locator_node
          JOIN content_nodes b ON b.space_id = ${spaceId} AND b.hash = json_extract(l.data, ${bucketPath}),
          json_each(b.data) e
          WHERE e.key = ${locator.id}`
      : sql`SELECT ${JSON.stringify(segmentsOf(locator.path))}`;
  const key = "id" in locator ? "$.id" : "$.slug";
  return inBatch(
    db,
    db.all<PageNodeRow>(sql`
    WITH RECURSIVE
      rev AS (SELECT root_node, locator_node FROM revisions WHERE id = (${revisionIdSql}) AND space_id = ${spaceId}),
      chain(ids) AS (${chain}),
      walk(depth, hash, body) AS (
        SELECT 0, root_node, NULL FROM rev
        UNION ALL
        SELECT walk.depth + 1, json_extract(e.value, '$.children'), json_extract(e.value, '$.body')
        FROM walk, chain JOIN content_nodes n ON n.space_id = ${spaceId} AND n.hash = walk.hash, json_each(n.data) e
        WHERE walk.depth < json_array_length(chain.ids)
          AND json_extract(e.value, ${key}) = json_extract(chain.ids, '$[' || walk.depth || ']')
      ),
      below(hash) AS (
        SELECT walk.hash FROM walk, chain WHERE walk.depth = json_array_length(chain.ids) AND walk.hash IS NOT NULL
        UNION
        SELECT json_extract(e.value, '$.children')
        FROM below JOIN content_nodes n ON n.space_id = ${spaceId} AND n.hash = below.hash, json_each(n.data) e
        WHERE json_extract(e.value, '$.children') IS NOT NULL
      )
    SELECT n.hash, n.data, 'level' AS role
    FROM (SELECT hash FROM walk WHERE hash IS NOT NULL UNION SELECT hash FROM below) h
    JOIN content_nodes n ON n.space_id = ${spaceId} AND n.hash = h.hash
    WHERE h.hash NOT IN (SELECT value FROM json_each(${JSON.stringify(heldHashes)}))
    UNION ALL
    SELECT b.hash, b.body, 'body'
    FROM walk, chain JOIN content_blobs b ON b.space_id = ${spaceId} AND b.hash = walk.body
    WHERE walk.depth = json_array_length(chain.ids)`),
  );
}

/**
 * Builds a page snapshot from a revision row, the rows of `pageNodesQuery` and the levels the caller held (levels
 * in neither are left out), with the stored size of the levels it was built from.
 */
export function assemblePageSnapshot(
  revision: RevisionRow,
  rows: PageNodeRow[],
  held: ReadonlyMap<string, string> = new Map(),
): { snapshot: PageSnapshot; bytes: number } {
  const byHash = new Map(rows.filter((r) => r.role === "level").map((r) => [r.hash, r.data]));
  const snapshot: PageSnapshot = { ...emptySnapshot(), revision, partial: true, variables: revision.variables ?? {} };
  let bytes = 0;
  readLevels(snapshot, revision.rootNode, (hash) => {
    const data = byHash.get(hash) ?? held.get(hash);
    bytes += data?.length ?? 0;
    return data;
  });
  return { snapshot, bytes };
}
