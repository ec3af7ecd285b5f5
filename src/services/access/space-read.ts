import { eq, getTableColumns, type Placeholder, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import type { Db } from "../../db/client";
import { type Placeholders, reusableStatement } from "../../db/reusable";
import { spaces, type StoredLevel } from "../../db/schema";
import type { ServiceContext } from "../core";
import { accessGenerationSql } from "./access-memo";
import { collectionChains } from "../../lib/isolate-caches";
import type { AccessMemo } from "../../lib/lru";
import { type ChainLink, chainCte, type SpaceRow, type SpaceWithAccess, spaceAccess } from "./space-access";

/**
 * A space's row as `spaceRead` reads it: with the access generation, and its collection chain as JSON unless
 * the isolate knew the chain (`knownChains`).
 */
export type SpaceReadRow = SpaceRow & { collectionChain?: string; accessGeneration: number };

type ChainTuple = [string, string | null, string, StoredLevel, number | null, number];

/**
 * Collection chains by space id, with the access generation they were read at (collections move it): while it
 * stands still and the space's parent is the same, a space's read is its row and the counter, without the chain's
 * recursive CTE (the larger part of the statement to prepare). A space at the organization's root has none.
 */
const knownChains = collectionChains.store as AccessMemo<{ parentId: string | null; chain: ChainLink[] }>;

/**
 * A space (deleted or not) with its collection chain, nearest first, in one statement: each statement of a D1
 * batch has a fixed cost, whatever it reads (`withSpaceAccess` reads the result).
 */
const spaceWithChain = reusableStatement((db, p: Placeholders<{ spaceId: string }>) =>
  db.select(spaceReadColumns(p.spaceId, false)).from(spaces).where(eq(spaces.id, p.spaceId)).limit(1),
);
const spaceAlone = reusableStatement((db, p: Placeholders<{ spaceId: string }>) =>
  db.select(spaceReadColumns(p.spaceId, true)).from(spaces).where(eq(spaces.id, p.spaceId)).limit(1),
);

/**
 * The columns of `spaceRead`, for a statement that reads more of the space `spaceId` along with them; without
 * the chain when the isolate knows it (`chainKnown(spaceId)`).
 */
export function spaceReadColumns(spaceId: Placeholder, knownChain: boolean) {
  const columns = { ...getTableColumns(spaces), accessGeneration: accessGenerationSql };
  if (knownChain) return columns;
  return {
    ...columns,
    collectionChain: sql<string>`(${chainCte(sql`SELECT parent_id FROM spaces WHERE id = ${spaceId}`)}
        SELECT json_group_array(json_array(id, parent_id, organization_id, default_level, deleted_at, depth)
          ORDER BY depth) FROM chain)`,
  };
}

/** Whether this isolate knows the space's chain (as it was at some generation: `withSpaceAccess` checks). */
export const chainKnown = (spaceId: string) => knownChains.get(spaceId) !== undefined;

/** The read of a space and its collection chain; it may ride a larger batch (`withSpaceAccess` reads it). */
export function spaceRead(db: Db, spaceId: string) {
  return chainKnown(spaceId) ? spaceAlone(db, { spaceId }) : spaceWithChain(db, { spaceId });
}

const chainOf = (json: string) =>
  (JSON.parse(json) as ChainTuple[]).map(
    ([id, parentId, organizationId, defaultLevel, deletedAt, depth]): ChainLink => ({
      id,
      parentId,
      organizationId,
      defaultLevel,
      deletedAt,
      depth,
    }),
  );

/**
 * The space `spaceRead` found, with its chain and the caller's access. Takes the context, not the caller: a
 * read's token may ride the same batch (http/request-authentication.ts), so the caller is known only once the
 * batch is back. A chain the isolate knew but that may have changed since (the generation moved, or the space
 * moved to another collection) is read again with the space: one more round trip, once per change.
 */
export async function withSpaceAccess(
  ctx: Pick<ServiceContext, "caller" | "db">,
  rows: SpaceReadRow[],
): Promise<SpaceWithAccess | undefined> {
  const found = rows[0];
  if (!found) return undefined;
  const { collectionChain, accessGeneration, ...row } = found;
  let chain: ChainLink[];
  if (collectionChain !== undefined) {
    chain = chainOf(collectionChain);
    knownChains.set(row.id, { parentId: row.parentId, chain }, accessGeneration);
  } else if (row.parentId === null) {
    chain = [];
  } else {
    const known = knownChains.get(row.id);
    if (!known || known.value.parentId !== row.parentId || known.generation !== accessGeneration) {
      const [fresh] = await batch(ctx.db, [spaceWithChain(ctx.db, { spaceId: row.id })]);
      return withSpaceAccess(ctx, fresh);
    }
    chain = known.value.chain;
  }
  return { row, chain, ...spaceAccess(ctx.caller, row, chain) };
}

/** Reads a space (deleted or not) and its collection chain in one round trip, with the caller's access. */
export async function loadSpace(
  ctx: Pick<ServiceContext, "db" | "caller">,
  spaceId: string,
): Promise<SpaceWithAccess | undefined> {
  const [rows] = await batch(ctx.db, [spaceRead(ctx.db, spaceId)]);
  return await withSpaceAccess(ctx, rows);
}
