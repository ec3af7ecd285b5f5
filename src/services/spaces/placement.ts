import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { badRequest } from "../../lib/errors";
import { keyBetween } from "../../lib/ordering";

export type ContentPointer = { type: "space"; space: string } | { type: "collection"; collection: string };
export interface ContentPosition {
  before?: ContentPointer;
  after?: ContentPointer;
}

const pointerId = (p: ContentPointer) => (p.type === "space" ? p.space : p.collection);

/** Siblings of a parent (spaces and collections, not deleted), minus the item being placed. */
function siblings(organizationId: string, parentId: string | null, self: string | null) {
  return sql`SELECT sort_key FROM spaces WHERE organization_id = ${organizationId} AND parent_id IS ${parentId}
      AND deleted_at IS NULL AND id IS NOT ${self}
    UNION ALL
    SELECT sort_key FROM collections WHERE organization_id = ${organizationId} AND parent_id IS ${parentId}
      AND deleted_at IS NULL AND id IS NOT ${self}`;
}

interface PointerRow {
  kind: string;
  id: string;
  organizationId: string;
  parentId: string | null;
  sortKey: string;
  deletedAt: number | null;
}

/** Resolves a position pointer; it must be a live sibling under the target parent (400 otherwise). */
async function resolvePointer(
  db: Db,
  field: "before" | "after",
  pointer: ContentPointer,
  target: { organizationId: string; parentId: string | null; self: string | null },
): Promise<string> {
  const table = pointer.type === "space" ? sql`spaces` : sql`collections`;
  const id = pointerId(pointer);
  const [row] = await db.all<PointerRow>(sql`SELECT id, organization_id AS organizationId, parent_id AS parentId,
      sort_key AS sortKey, deleted_at AS deletedAt FROM ${table} WHERE id = ${id}`);
  if (id === target.self) throw badRequest(`body.position.${field}: cannot place an item relative to itself`);
  if (
    !row ||
    row.deletedAt !== null ||
    row.organizationId !== target.organizationId ||
    row.parentId !== target.parentId
  ) {
    throw badRequest(`body.position.${field}: the ${pointer.type} "${id}" is not an item of the target parent`);
  }
  return row.sortKey;
}

/**
 * The sort key that puts an item at `position` among the siblings of `parentId` (default: last). Only the
 * placed item's key changes; its neighbours keep theirs.
 */
export async function placementKey(
  db: Db,
  target: { organizationId: string; parentId: string | null; self: string | null; position?: ContentPosition },
): Promise<string> {
  const { organizationId, parentId, self, position } = target;
  const after = position?.after ? await resolvePointer(db, "after", position.after, target) : null;
  const before = position?.before ? await resolvePointer(db, "before", position.before, target) : null;
  if (after !== null && before !== null) {
    if (after >= before) throw badRequest("body.position: `after` must come before `before` among the siblings");
    return keyBetween(after, before);
  }
  const all = siblings(organizationId, parentId, self);
  if (after !== null) {
    const [next] = await db.all<{ k: string | null }>(
      sql`SELECT min(sort_key) AS k FROM (${all}) WHERE sort_key > ${after}`,
    );
    return keyBetween(after, next?.k ?? null);
  }
  if (before !== null) {
    const [prev] = await db.all<{ k: string | null }>(
      sql`SELECT max(sort_key) AS k FROM (${all}) WHERE sort_key < ${before}`,
    );
    return keyBetween(prev?.k ?? null, before);
  }
  const [last] = await db.all<{ k: string | null }>(sql`SELECT max(sort_key) AS k FROM (${all})`);
  return keyBetween(last?.k ?? null, null);
}
