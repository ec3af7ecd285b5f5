import { and, eq, inArray, isNull, type Placeholder, type SQL, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import type { Db } from "../../db/client";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { type Placeholders, reusableStatement } from "../../db/reusable";
import { changeRequests, comments } from "../../db/schema";
import { chunk } from "../../lib/chunk";
import type { ServiceContext } from "../core";

/** The counters every Space object carries. */
export interface SpaceCounters {
  comments: number;
  changeRequests: number;
  changeRequestsOpen: number;
  changeRequestsDraft: number;
}

/**
 * The one place that computes space counters, for a page of spaces at once: change requests grouped by space
 * and status, and open comments (≤ 90 ids per statement). `comments` counts the open (not resolved) comments
 * on the space's primary content, replies and change-request comments excluded; comment rows come with the
 * status `OPEN_COMMENTS`. The statements can ride in another read's batch (`spaceCountersQueries` +
 * `foldSpaceCounters`) or run alone (`spaceCounters`).
 */
export function spaceCountersQueries(ctx: ServiceContext, spaceIds: readonly string[]) {
  // One space (a space read, the hot case): the same statements, their SQL built once per isolate.
  if (spaceIds.length === 1) return [countersOfSpace(ctx.db, { spaceId: spaceIds[0] })];
  return chunk([...spaceIds], 90).flatMap((ids) => countersQueries(ctx.db, ids));
}

function countersQueries(db: Db, spaceIds: readonly string[] | Placeholder) {
  const of = (column: SQLiteColumn) =>
    Array.isArray(spaceIds) ? inArray(column, spaceIds as string[]) : eq(column, spaceIds as Placeholder);
  return [
    db
      .select({
        spaceId: changeRequests.spaceId,
        status: sql<string>`${changeRequests.status}`,
        count: sql<number>`count(*)`,
      })
      .from(changeRequests)
      .where(of(changeRequests.spaceId))
      .groupBy(changeRequests.spaceId, changeRequests.status),
    db
      .select({ spaceId: comments.spaceId, status: sql<string>`${OPEN_COMMENTS}`, count: sql<number>`count(*)` })
      .from(comments)
      .where(
        and(
          of(comments.spaceId),
          isNull(comments.changeRequestId),
          isNull(comments.parentId),
          isNull(comments.resolvedAt),
        ),
      )
      .groupBy(comments.spaceId),
  ] as const;
}

/** Both counter statements of one space as one (fewer statements: each costs the read some CPU). */
const countersOfSpace = reusableStatement((db, p: Placeholders<{ spaceId: string }>) => countersUnion(db, p.spaceId));

function countersUnion(db: Db, spaceId: Placeholder) {
  const [changeRequestCounts, openCommentCounts] = countersQueries(db, spaceId);
  return changeRequestCounts.unionAll(openCommentCounts);
}

/**
 * One space's counter rows as one JSON value (`[status, count]` pairs), an expression to embed in the space's own
 * statement: `countersFromJson` reads it.
 */
export function spaceCountersJsonSql(db: Db, spaceId: Placeholder): SQL {
  return sql`(WITH counted(space_id, status, n) AS ${countersUnion(db, spaceId)}
    SELECT json_group_array(json_array(status, n)) FROM counted)`;
}

/** The counters of a `spaceCountersJsonSql` value. */
export function countersFromJson(spaceId: string, json: string): SpaceCounters {
  const rows = (JSON.parse(json) as [string, number][]).map(([status, count]) => ({ spaceId, status, count }));
  return foldSpaceCounters([spaceId], rows).get(spaceId)!;
}

/** The status that marks open-comment rows among `spaceCountersQueries`' rows (no change request has it). */
const OPEN_COMMENTS = "comments:open";

/** One row of `spaceCountersQueries`. */
export interface SpaceCounterRow {
  spaceId: string;
  status: string;
  count: number;
}

/** Counters from the rows of `spaceCountersQueries`. */
export function foldSpaceCounters(spaceIds: readonly string[], rows: SpaceCounterRow[]) {
  const counters = new Map(
    spaceIds.map((id) => [id, { comments: 0, changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 }]),
  );
  for (const row of rows) {
    const c = counters.get(row.spaceId);
    if (!c) continue;
    const n = Number(row.count);
    if (row.status === OPEN_COMMENTS) {
      c.comments += n;
      continue;
    }
    c.changeRequests += n;
    if (row.status === "open") c.changeRequestsOpen += n;
    if (row.status === "draft") c.changeRequestsDraft += n;
  }
  return counters;
}

export async function spaceCounters(
  ctx: ServiceContext,
  spaceIds: readonly string[],
): Promise<Map<string, SpaceCounters>> {
  if (!spaceIds.length) return new Map();
  const results = await batch(ctx.db, spaceCountersQueries(ctx, spaceIds));
  return foldSpaceCounters(spaceIds, results.flat());
}
