import { type SQL, sql } from "drizzle-orm";
import type { Statement } from "./batch";
import { type Db, inBatch } from "./client";

/**
 * What an aborted batch's error says (SQLite's json() on text that is not JSON). A batch holding abortUnless
 * must not otherwise parse stored JSON that could be malformed, or isAborted would mistake that for it.
 */
const ABORTED = "malformed JSON";

/**
 * A statement that rolls back the whole batch it is in (D1 runs a batch as one transaction) unless `condition`
 * holds when it runs: SQLite has no RAISE outside triggers, so json() of a text that is not JSON raises instead.
 * The argument depends on the condition, so SQLite cannot evaluate it once up front as a constant. For writes
 * that must land whole or not at all on a condition known only inside the transaction (a site still empty).
 */
export function abortUnless(db: Db, condition: SQL): Statement {
  return inBatch(db, db.all(sql`SELECT json(CASE WHEN ${condition} THEN '1' ELSE 'abort' END) AS ok`));
}

/** Whether `error` is an abortUnless rolling its batch back. */
export function isAborted(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (String((e as Error).message ?? e).includes(ABORTED)) return true;
  }
  return false;
}
