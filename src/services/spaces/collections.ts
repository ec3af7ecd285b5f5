import { and, eq, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import { inBatch } from "../../db/client";
import { collections } from "../../db/schema";
import { conflict, forbidden, notFound, preconditionFailed } from "../../lib/errors";
import { memberRole, requireUser, type ServiceContext } from "../core";
import {
  organizationAccess,
  authorize,
  can,
  type Access,
  collectionAccess,
  type CollectionRow,
  type CollectionWithAccess,
  contentRole,
  type DefaultLevel,
  loadCollection,
  toStoredLevel,
} from "../access";
import { type ContentPosition, placementKey } from "./placement";
import { transferredVisibility, unpublishFromOtherOrganizations } from "./publication";
import { movedTreeItem, newTreeItem } from "./containers";

export interface CollectionView {
  row: CollectionRow;
  access: Access;
}

/** The ids of a collection and all its descendants (recursive CTE), as an SQL subquery. */
function subtree(collectionId: string) {
  return sql`WITH RECURSIVE sub(id) AS (
      SELECT ${collectionId}
      UNION SELECT c.id FROM collections c JOIN sub ON c.parent_id = sub.id
    ) SELECT id FROM sub`;
}

function requireOrganizationAdmin(ctx: ServiceContext, organizationId: string) {
  if (!can(organizationAccess(ctx.caller, organizationId), "organization.admin")) {
    throw forbidden("Only organization admins can delete or transfer a whole collection");
  }
}

/** A live collection the caller can see (404 otherwise). */
async function visibleCollection(ctx: ServiceContext, collectionId: string): Promise<CollectionWithAccess> {
  requireUser(ctx.caller);
  const found = await loadCollection(ctx.db, ctx.caller, collectionId);
  if (!found || found.row.deletedAt !== null) throw notFound("Collection");
  authorize(found.access, "collection.view", "Collection");
  return found;
}

export async function createCollection(
  ctx: ServiceContext,
  organizationId: string,
  input: { title?: string; parent?: string },
): Promise<CollectionView> {
  const { caller, chain, fields } = await newTreeItem(ctx, organizationId, input);
  const row: CollectionRow = { ...fields, description: null };
  await ctx.db.insert(collections).values(row);
  return {
    row,
    access: collectionAccess(caller, row, [{ id: row.id, defaultLevel: row.defaultLevel }, ...chain]).access,
  };
}

export async function getCollection(ctx: ServiceContext, collectionId: string): Promise<CollectionView> {
  const { row, access } = await visibleCollection(ctx, collectionId);
  return { row, access };
}

/** Title and description need `create`; `defaultLevel` changes who may do what: `admin`. */
export async function updateCollection(
  ctx: ServiceContext,
  collectionId: string,
  patch: { title?: string; description?: string; defaultLevel?: DefaultLevel },
): Promise<CollectionView> {
  const found = await visibleCollection(ctx, collectionId);
  authorize(found.access, patch.defaultLevel !== undefined ? "collection.admin" : "collection.create", "Collection");
  const set: Partial<CollectionRow> = { updatedAt: ctx.now };
  if (patch.title !== undefined) set.title = patch.title.trim() || "Untitled";
  if (patch.description !== undefined) set.description = patch.description || null;
  if (patch.defaultLevel !== undefined) set.defaultLevel = toStoredLevel(patch.defaultLevel);
  const [row] = await ctx.db.update(collections).set(set).where(eq(collections.id, collectionId)).returning();
  if (!row) throw notFound("Collection");
  const chain = [{ id: row.id, defaultLevel: row.defaultLevel }, ...found.chain.slice(1)];
  return { row, access: collectionAccess(ctx.caller, row, chain).access };
}

/**
 * Soft-deletes a collection (admins) with its sub-collections; their live spaces go to the trash with the
 * same `deletedAt`, restorable like any deleted space. A missing, invisible or deleted collection: no-op.
 */
export async function deleteCollection(ctx: ServiceContext, collectionId: string): Promise<void> {
  requireUser(ctx.caller);
  const found = await loadCollection(ctx.db, ctx.caller, collectionId);
  if (!found || found.row.deletedAt !== null || !can(found.access, "collection.view")) return;
  authorize(found.access, "collection.admin", "Collection");
  // The subtree may hold spaces the caller cannot see: only an organization admin may trash all of it.
  requireOrganizationAdmin(ctx, found.row.organizationId);
  const ids = subtree(collectionId);
  await batch(ctx.db, [
    inBatch(
      ctx.db,
      ctx.db.run(sql`UPDATE spaces SET deleted_at = ${ctx.now}, updated_at = ${ctx.now}
      WHERE deleted_at IS NULL AND parent_id IN (${ids})`),
    ),
    inBatch(
      ctx.db,
      ctx.db.run(sql`UPDATE collections SET deleted_at = ${ctx.now}, updated_at = ${ctx.now}
      WHERE deleted_at IS NULL AND id IN (${ids})`),
    ),
  ]);
}

/**
 * Moves a collection under `parent` (undefined: keep, null: top level) at `position` (default: last).
 * Moving it into itself or one of its descendants is a 409.
 */
export async function moveCollection(
  ctx: ServiceContext,
  collectionId: string,
  input: { parent?: string | null; position?: ContentPosition },
): Promise<CollectionView> {
  const found = await visibleCollection(ctx, collectionId);
  authorize(found.access, "collection.create", "Collection");
  const { row } = found;
  const parent = input.parent === undefined ? row.parentId : input.parent;
  if (parent !== null) {
    const [inside] = await ctx.db.all<{ id: string }>(
      sql`SELECT id FROM (${subtree(collectionId)}) WHERE id = ${parent}`,
    );
    if (inside) throw conflict("A collection cannot be moved into itself or one of its descendants");
  }
  const target = await movedTreeItem(ctx, row, found.chain.slice(1), input);
  // The descendant check again inside the write: two crossing moves must not both pass and make a cycle.
  const [updated] = await ctx.db
    .update(collections)
    .set({ parentId: target.parentId, sortKey: target.sortKey, updatedAt: ctx.now })
    .where(
      and(
        eq(collections.id, collectionId),
        target.parentId === null ? undefined : sql`${target.parentId} NOT IN (${subtree(collectionId)})`,
      ),
    )
    .returning();
  if (!updated) throw conflict("A collection cannot be moved into itself or one of its descendants");
  const chain = [{ id: updated.id, defaultLevel: updated.defaultLevel }, ...target.chain];
  return { row: updated, access: collectionAccess(ctx.caller, updated, chain).access };
}

/**
 * Transfers a collection (admins) with its sub-collections and all their spaces (trashed ones too, so that
 * they restore where they were) to the top level of another organization where the caller may create
 * content: 412 for its own organization, 404 for one the caller cannot see, 403 without `create` there. Its
 * spaces leave the old organization's sites, and are published only where the new one publishes them.
 */
export async function transferCollection(
  ctx: ServiceContext,
  collectionId: string,
  organizationId: string,
): Promise<CollectionView> {
  const found = await visibleCollection(ctx, collectionId);
  authorize(found.access, "collection.admin", "Collection");
  const { row } = found;
  // Everything below goes with it, including spaces the caller may not see: organization admins only.
  requireOrganizationAdmin(ctx, row.organizationId);
  // 412, not 400: the reference declares it for a collection that cannot be transferred (CONTRACT §3).
  if (organizationId === row.organizationId)
    throw preconditionFailed("The collection already belongs to this organization");
  const targetRole = memberRole(ctx.caller, organizationId);
  authorize(targetRole, "organization.createContent", "Organization");
  const sortKey = await placementKey(ctx.db, { organizationId, parentId: null, self: row.id });
  const ids = subtree(collectionId);
  const moved = sql`SELECT id FROM spaces WHERE parent_id IN (${ids})`;
  const results = await batch(ctx.db, [
    // The old organization's sites let go of the spaces, whose visibility then follows the new one's.
    unpublishFromOtherOrganizations(ctx.db, moved, organizationId),
    inBatch(
      ctx.db,
      ctx.db.run(
        sql`UPDATE spaces SET organization_id = ${organizationId}, updated_at = ${ctx.now},
          visibility = ${transferredVisibility(organizationId, false)} WHERE parent_id IN (${ids})`,
      ),
    ),
    inBatch(
      ctx.db,
      ctx.db.run(
        sql`UPDATE collections SET organization_id = ${organizationId}, updated_at = ${ctx.now} WHERE id IN (${ids})`,
      ),
    ),
    ctx.db
      .update(collections)
      .set({ parentId: null, sortKey, updatedAt: ctx.now })
      .where(eq(collections.id, collectionId))
      .returning(),
  ]);
  const [updated] = results[3] as CollectionRow[];
  return { row: updated, access: contentRole(targetRole, [updated.defaultLevel]) };
}
