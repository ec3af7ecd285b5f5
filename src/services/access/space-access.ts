import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import { type Db, inBatch } from "../../db/client";
import { collections, type spaces, type StoredLevel } from "../../db/schema";
import { type Caller, memberRole } from "../core";
import { scopedSpaceAccess } from "./scoped-access";
import type { Access } from "./permissions";
import { type MemberRole, strongest } from "./roles";

/** `defaultLevel` on the wire: a role, null (guest: no default access) or `inherit`. */
export type DefaultLevel = MemberRole | "inherit";

export const toStoredLevel = (level: DefaultLevel): StoredLevel => (level === null ? "guest" : level);
export const toWireLevel = (level: StoredLevel): DefaultLevel => (level === "guest" ? null : level);

/**
 * THE role function for content (CONTRACT §7). `levels` are the stored `defaultLevel`s from the item itself
 * up its collection chain (nearest first). Organization admins are admins everywhere; guests and
 * non-members get nothing from default levels; for other members the nearest level that is not `inherit`
 * replaces (caps or raises) their organization role, `guest` meaning no access; all `inherit` keeps it.
 */
export function contentRole(orgRole: MemberRole | undefined, levels: readonly StoredLevel[]): MemberRole | undefined {
  if (orgRole === undefined || orgRole === null || orgRole === "admin") return orgRole;
  for (const level of levels) {
    if (level !== "inherit") return level === "guest" ? null : level;
  }
  return orgRole;
}

/**
 * Access that publishing grants: a space published on a public or unlisted site (its `visibility`, kept by
 * services/spaces/site-publication.ts) is readable by anyone; one published on a share-link or visitor-auth site
 * by whoever holds a pass for one of those sites. A site API token's pass is exclusive: its spaces, nothing else.
 */
export function visibilityAccess(caller: Caller, space: Pick<SpaceRow, "id" | "visibility">): MemberRole | undefined {
  if (caller.visitor?.spaces.has(space.id)) return "read";
  if (caller.visitor?.exclusive) return undefined;
  if (space.visibility === "public" || space.visibility === "unlisted") return "read";
  return undefined;
}

export type SpaceRow = typeof spaces.$inferSelect;
export type CollectionRow = typeof collections.$inferSelect;

export interface ChainLink {
  id: string;
  parentId: string | null;
  organizationId: string;
  defaultLevel: StoredLevel;
  deletedAt: number | null;
  depth: number;
}

/** The collection chain from `start` (an SQL expression giving a collection id) up to the root: CTE `chain`. */
export function chainCte(start: SQL): SQL {
  return sql`WITH RECURSIVE chain(id, parent_id, organization_id, default_level, deleted_at, depth) AS (
      SELECT id, parent_id, organization_id, default_level, deleted_at, 0 FROM collections WHERE id = (${start})
      UNION ALL
      SELECT c.id, c.parent_id, c.organization_id, c.default_level, c.deleted_at, chain.depth + 1
      FROM collections c JOIN chain ON c.id = chain.parent_id WHERE chain.depth < 64
    )`;
}

/**
 * The collection chain from `start` (an SQL expression giving a collection id) up to the root, nearest
 * first, in one statement (recursive CTE); batch it with the resource's own read.
 */
export function chainQuery(db: Db, start: SQL) {
  return inBatch(
    db,
    db.all<ChainLink>(sql`${chainCte(start)}
    SELECT id, parent_id AS parentId, organization_id AS organizationId, default_level AS defaultLevel,
      deleted_at AS deletedAt, depth FROM chain ORDER BY depth`),
  );
}

export interface SpaceWithAccess {
  row: SpaceRow;
  access: Access;
  /** The caller's access on the space's container (parent collection, or the organization). */
  containerAccess: Access;
  chain: ChainLink[];
}

/** A space's access from its row and chain: the single computation used by authorization and presenters. */
export function spaceAccess(
  caller: Caller,
  row: SpaceRow,
  chain: readonly Pick<ChainLink, "id" | "defaultLevel">[],
): { access: Access; containerAccess: Access } {
  // A scoped token: its scopes on the spaces its installation selects; no levels, grants, visibility or container.
  if (caller.kind === "scoped") return { access: scopedSpaceAccess(caller, row), containerAccess: undefined };
  const orgRole = memberRole(caller, row.organizationId);
  const levels = chain.map((c) => c.defaultLevel);
  const chainIds = chain.map((c) => c.id);
  const access = strongest(membersAccess(caller, row, chain), visibilityAccess(caller, row));
  const containerAccess = strongest(
    row.parentId ? contentRole(orgRole, levels) : orgRole,
    grantedRole(caller, undefined, chainIds),
  );
  return { access, containerAccess };
}

/** What the caller holds on a space as a member (role, levels, grants), without what publishing opens. */
function membersAccess(
  caller: Caller,
  row: SpaceRow,
  chain: readonly Pick<ChainLink, "id" | "defaultLevel">[],
): MemberRole | undefined {
  const levels = chain.map((c) => c.defaultLevel);
  return strongest(
    contentRole(memberRole(caller, row.organizationId), [row.defaultLevel, ...levels]),
    grantedRole(
      caller,
      row.id,
      chain.map((c) => c.id),
    ),
  );
}

/**
 * Whether the caller reads the space only as its visitors do (anonymously, with a visitor pass or a site API
 * token, or as a non-member of a public space): they read its published history, never a change request's work.
 */
export function readsAsVisitor(caller: Caller, space: Pick<SpaceWithAccess, "row" | "chain">): boolean {
  if (caller.kind === "scoped") return false;
  const role = membersAccess(caller, space.row, space.chain);
  return role === undefined || role === null;
}

/**
 * The strongest role granted to the caller (directly or through a team) on the space `spaceId` or on any of
 * `collectionIds` (the collections above it, nearest first): grants reach everything under their resource.
 */
export function grantedRole(
  caller: Caller,
  spaceId: string | undefined,
  collectionIds: readonly string[],
): MemberRole | undefined {
  if (caller.kind !== "user" || !caller.grants) return undefined;
  const { spaces: onSpaces, collections: onCollections } = caller.grants;
  return strongest(
    spaceId === undefined ? undefined : onSpaces.get(spaceId),
    ...collectionIds.map((id) => onCollections.get(id)),
  );
}

/** A collection's access from its chain (itself first): organization role with levels, and grants. */
export function collectionAccess(
  caller: Caller,
  row: Pick<CollectionRow, "organizationId" | "parentId">,
  chain: readonly Pick<ChainLink, "id" | "defaultLevel">[],
): { access: Access; containerAccess: Access } {
  // Collections are nothing a scope reaches: invisible to scoped tokens.
  if (caller.kind === "scoped") return { access: undefined, containerAccess: undefined };
  const orgRole = memberRole(caller, row.organizationId);
  const levels = chain.map((c) => c.defaultLevel);
  const ids = chain.map((c) => c.id);
  return {
    access: strongest(contentRole(orgRole, levels), grantedRole(caller, undefined, ids)),
    containerAccess: strongest(
      row.parentId ? contentRole(orgRole, levels.slice(1)) : orgRole,
      grantedRole(caller, undefined, ids.slice(1)),
    ),
  };
}

export interface CollectionWithAccess {
  row: CollectionRow;
  access: Access;
  containerAccess: Access;
  chain: ChainLink[];
}

/** Reads a collection (deleted or not) and its chain (itself first) in one round trip, with the caller's access. */
export async function loadCollection(
  db: Db,
  caller: Caller,
  collectionId: string,
): Promise<CollectionWithAccess | undefined> {
  const [rows, chain] = await batch(db, [
    db.select().from(collections).where(eq(collections.id, collectionId)).limit(1),
    chainQuery(db, sql`${collectionId}`),
  ]);
  const row = rows[0];
  if (!row) return undefined;
  return { row, chain, ...collectionAccess(caller, row, chain) };
}

/**
 * Every collection of an organization with its resolved chain of levels, for lists (one query). `levelsOf`
 * gives the levels from a collection up to the root, as `contentRole` takes them.
 */
export async function organizationTree(db: Db, organizationId: string) {
  return treeFromRows(await organizationTreeRows(db, organizationId));
}

/** The statement organizationTree runs (to ride a larger batch; treeFromRows builds the tree from its rows). */
export function organizationTreeRows(db: Db, organizationId: string) {
  return db
    .select({ id: collections.id, parentId: collections.parentId, defaultLevel: collections.defaultLevel })
    .from(collections)
    .where(and(eq(collections.organizationId, organizationId), isNull(collections.deletedAt)));
}

export function treeFromRows(rows: { id: string; parentId: string | null; defaultLevel: StoredLevel }[]) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const memo = new Map<string, StoredLevel[]>();
  const levelsOf = (id: string | null): StoredLevel[] => {
    if (id === null) return [];
    const cached = memo.get(id);
    if (cached) return cached;
    const levels: StoredLevel[] = [];
    const seen = new Set<string>();
    for (let at = byId.get(id); at && !seen.has(at.id); at = at.parentId ? byId.get(at.parentId) : undefined) {
      seen.add(at.id);
      levels.push(at.defaultLevel);
    }
    memo.set(id, levels);
    return levels;
  };
  /** The chain from a collection up to the root (itself first), as spaceAccess and collectionAccess take it. */
  const chainOf = (id: string | null): { id: string; defaultLevel: StoredLevel }[] => {
    const chain: { id: string; defaultLevel: StoredLevel }[] = [];
    const seen = new Set<string>();
    for (
      let at = id ? byId.get(id) : undefined;
      at && !seen.has(at.id);
      at = at.parentId ? byId.get(at.parentId) : undefined
    ) {
      seen.add(at.id);
      chain.push({ id: at.id, defaultLevel: at.defaultLevel });
    }
    return chain;
  };
  return { ids: [...byId.keys()], levelsOf, chainOf };
}

export type OrganizationTree = ReturnType<typeof treeFromRows>;
