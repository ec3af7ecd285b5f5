import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

/** The single seam between the app and D1 (tests count round trips here; a D1 session could slot in). */
export function createDb(d1: D1Database) {
  return drizzle(d1, { schema, casing: "snake_case" });
}

export type Db = ReturnType<typeof createDb>;

/**
 * Makes a raw statement (`db.run(sql…)`, `db.all(sql…)`) usable inside `db.batch`. Drizzle's D1 batch binds
 * parameters through the prepared statement's `stmt`, which raw statements lack (a TypeError as soon as the
 * SQL has a parameter); this gives them one. Usage: `batch(db, [inBatch(db, db.all(sql`…`)), …])`.
 */
export function inBatch<T extends { getQuery(): { sql: string } }>(db: Db, raw: T): T {
  return Object.assign(raw, { stmt: db.$client.prepare(raw.getQuery().sql) });
}
