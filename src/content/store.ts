import { sql } from "drizzle-orm";
import { type Db, inBatch } from "../db/client";
import { contentNodes, revisions } from "../db/schema";
import { sha256Hex } from "../lib/crypto";

/** The canonical empty node (an empty page level, file list or reusable-content list). */
export const EMPTY_NODE_DATA = "[]";
let emptyHash: string | undefined;
export async function emptyNodeHash(): Promise<string> {
  emptyHash ??= await sha256Hex(EMPTY_NODE_DATA);
  return emptyHash;
}

/**
 * Statements that give a new space its first, empty revision (so content reads work at once).
 * Run them in the same batch as the space's own insert.
 */
export async function initialRevisionStatements(
  db: Db,
  input: { spaceId: string; revisionId: string; createdBy: string | null; now: number },
) {
  const empty = await emptyNodeHash();
  return [
    db
      .insert(contentNodes)
      .values({ spaceId: input.spaceId, hash: empty, data: EMPTY_NODE_DATA })
      .onConflictDoNothing(),
    db.insert(revisions).values({
      id: input.revisionId,
      spaceId: input.spaceId,
      type: "edits",
      parents: [],
      rootNode: empty,
      filesNode: empty,
      reusablesNode: empty,
      createdBy: input.createdBy,
      createdAt: input.now,
    }),
  ] as const;
}

/**
 * Statements that give `toSpaceId` a copy of `fromRevisionId`'s content as its first revision (duplicate
 * space). Nodes and blobs are copied server-side (INSERT … SELECT), keeping their hashes.
 */
export function copyRevisionStatements(
  db: Db,
  input: {
    fromSpaceId: string;
    fromRevisionId: string;
    toSpaceId: string;
    revisionId: string;
    createdBy: string | null;
    now: number;
  },
) {
  return [
    inBatch(
      db,
      db.run(sql`INSERT OR IGNORE INTO content_nodes (space_id, hash, data)
      SELECT ${input.toSpaceId}, hash, data FROM content_nodes WHERE space_id = ${input.fromSpaceId}`),
    ),
    inBatch(
      db,
      db.run(sql`INSERT OR IGNORE INTO content_blobs (space_id, hash, body)
      SELECT ${input.toSpaceId}, hash, body FROM content_blobs WHERE space_id = ${input.fromSpaceId}`),
    ),
    inBatch(
      db,
      db.run(sql`INSERT INTO revisions (id, space_id, type, parents, merged_from, change_request_id, root_node, files_node,
        reusables_node, locator_node, variables, created_by, created_at, computed_specs)
      SELECT ${input.revisionId}, ${input.toSpaceId}, 'edits', '[]', NULL, NULL, root_node, files_node, reusables_node,
        locator_node, variables, ${input.createdBy}, ${input.now}, computed_specs
      FROM revisions WHERE id = ${input.fromRevisionId} AND space_id = ${input.fromSpaceId}`),
    ),
  ] as const;
}

/** Tables whose rows belong to one space (column `space_id`): what the purge removes. */
export const SPACE_SCOPED_TABLES = [
  "revisions",
  "content_blobs",
  "content_nodes",
  "change_requests",
  "change_request_contributors",
  "content_links",
  "search_sections",
  "search_pages",
  "search_index_state",
  "comments",
  "comment_reactions",
] as const;
