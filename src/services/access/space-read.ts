import { eq, getTableColumns, type Placeholder, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import type { Db } from "../../db/client";
import { type Placeholders, reusableStatement } from "../../db/reusable";
import { spaces, type StoredLevel } from "../../db/schema";
import type { ServiceContext } from "../core/context";
import { type ChainLink, chainCte, type SpaceRow, type SpaceWithAccess, spaceAccess } from "./space-access";

/** A space's row as `spaceRead` reads it: with its collection chain, as JSON. */
export type SpaceReadRow = SpaceRow & { collectionChain: string };

type ChainTuple = [string, string | null, string, StoredLevel, number | null, number];

/**
 * A space (deleted or not) with its collection chain, nearest first, in one statement: each statement of a D1
 * batch has a fixed cost, whatever it reads (`withSpaceAccess` reads the result).
 */
const spaceWithChain = reusableStatement((db, p: Placeholders<{ spaceId: string }>) =>
  db.select(spaceReadColumns(p.spaceId)).from(spaces).where(eq(spaces.id, p.spaceId)).limit(1),
);

/** The columns of `spaceRead`, for a statement that reads more of the space `spaceId` along with them. */
export function spaceReadColumns(spaceId: Placeholder) {
  return {
    ...getTableColumns(spaces),
    collectionChain: sql<string>`(${chainCte(sql`SELECT parent_id FROM spaces WHERE id = ${spaceId}`)}
        SELECT json_group_array(json_array(id, parent_id, organization_id, default_level, deleted_at, depth)
          ORDER BY depth) FROM chain)`,
  };
}

/** The read of a space and its collection chain; it may ride a larger batch (`withSpaceAccess` reads it). */
export function spaceRead(db: Db, spaceId: string) {
  return spaceWithChain(db, { spaceId });
}

/**
 * The space `spaceRead` found, with its chain and the caller's access. Takes the context, not the caller: a
 * read's token may ride the same batch (http/request-authentication.ts), so the caller is known only once the
 * batch is back.
 */
export function withSpaceAccess(
  ctx: Pick<ServiceContext, "caller">,
  rows: SpaceReadRow[],
): SpaceWithAccess | undefined {
  const found = rows[0];
  if (!found) return undefined;
  const { collectionChain, ...row } = found;
  const chain = (JSON.parse(collectionChain) as ChainTuple[]).map(
    ([id, parentId, organizationId, defaultLevel, deletedAt, depth]): ChainLink => ({
      id,
      parentId,
      organizationId,
      defaultLevel,
      deletedAt,
      depth,
    }),
  );
  return { row, chain, ...spaceAccess(ctx.caller, row, chain) };
}

/** Reads a space (deleted or not) and its collection chain in one round trip, with the caller's access. */
export async function loadSpace(
  ctx: Pick<ServiceContext, "db" | "caller">,
  spaceId: string,
): Promise<SpaceWithAccess | undefined> {
  const [rows] = await batch(ctx.db, [spaceRead(ctx.db, spaceId)]);
  return withSpaceAccess(ctx, rows);
}
