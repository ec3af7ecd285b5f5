import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "./client";

/** One drizzle statement (select, insert/update/delete with or without `.returning()`, raw `db.all`/`db.run`). */
export type Statement = BatchItem<"sqlite">;

/**
 * What `batch()` takes: statements, `undefined` (a statement left out, its result `undefined`) and arrays of
 * those built at run time (their results come back as an array of the same shape).
 */
export type Batchable = Statement | undefined | readonly Batchable[];

/**
 * The result of one member: a statement's rows (or run result), `undefined`, or the array of its members'
 * (`unknown[]` for an array typed only as `Batchable[]`, where the recursion would not end).
 */
export type BatchResult<T> = T extends Statement
  ? T["_"]["result"]
  : T extends undefined
    ? undefined
    : T extends readonly unknown[]
      ? readonly Batchable[] extends T
        ? unknown[]
        : { -readonly [K in keyof T]: BatchResult<T[K]> }
      : never;

function flatten(members: readonly Batchable[], out: Statement[]): Statement[] {
  for (const member of members) {
    if (Array.isArray(member)) flatten(member, out);
    else if (member !== undefined) out.push(member as Statement);
  }
  return out;
}

function regroup(members: readonly Batchable[], results: unknown[], at: { i: number }): unknown[] {
  return members.map((member) =>
    Array.isArray(member) ? regroup(member, results, at) : member === undefined ? undefined : results[at.i++],
  );
}

/**
 * Runs statements in one D1 round trip, atomically (D1 runs a batch as one transaction), and returns each
 * one's result in the shape the statements were given: `const [[space], chain, perTarget] = await batch(db,
 * [selectSpace, chainQuery, targets.map((t) => [readRevision(t), readNodes(t)])])`. drizzle's own `db.batch`
 * wants a non-empty tuple literal, which arrays built at run time are not; this takes any shape and keeps the
 * types. Nothing to run: no round trip. Raw statements still need `inBatch` (see client.ts).
 */
export function batch<const T extends readonly Batchable[]>(db: Db, members: T): Promise<BatchResult<T>>;
export async function batch(db: Db, members: readonly Batchable[]): Promise<unknown[]> {
  const statements = flatten(members, []);
  const results: unknown[] = statements.length ? await db.batch(statements as [Statement, ...Statement[]]) : [];
  return regroup(members, results, { i: 0 });
}
