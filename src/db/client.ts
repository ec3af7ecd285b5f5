import { DrizzleD1Database, SQLiteD1Session } from "drizzle-orm/d1";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { bindingDatabases } from "../lib/isolate-caches";

/**
 * One dialect for the isolate: it holds drizzle's snake_case column-name cache, which `drizzle()` would build
 * anew for every request's database (with the relational config of every table, which Quire does not use:
 * no `db.query`). Both showed up as a tenth of a GET's CPU profile. The dialect keeps no per-request state.
 */
const dialect = new SQLiteAsyncDialect({ casing: "snake_case" });

/**
 * The single seam between the app and D1 (tests count round trips here): what `drizzle(d1, { casing })` builds,
 * on the shared dialect. test/db/client.test.ts pins the drizzle internals this relies on.
 */
export function createDb(d1: D1Database | D1DatabaseSession) {
  // A session has what drizzle's D1 driver calls at run time (prepare, batch), not the binding's exec/dump.
  const client = d1 as D1Database;
  const db = new DrizzleD1Database("async", dialect, new SQLiteD1Session(client, dialect, undefined), undefined);
  return Object.assign(db, { $client: client });
}

export type Db = ReturnType<typeof createDb>;

/**
 * The database over a binding, made once per binding object in this isolate: it holds no state of its own, and a
 * new one per request cost a read's CPU twice (building it, and then making it the prototype of the request's
 * authenticating view, which V8 does slowly for a fresh object). A session is per request: not kept.
 */
const bindingDbs = bindingDatabases.store as WeakMap<D1Database, Db>;
function bindingDb(d1: D1Database): Db {
  let db = bindingDbs.get(d1);
  if (!db) {
    db = createDb(d1);
    bindingDbs.set(d1, db);
  }
  return db;
}

/** What a client sends back (`X-D1-Bookmark`) to read its own writes through D1 read replicas. */
const BOOKMARK = /^[0-9A-Za-z-]{1,200}$/;

export const isBookmark = (value: string) => BOOKMARK.test(value);

/**
 * One request's database. With D1 read replication on (`replication: true`, the database's `read_replication`
 * mode "auto") it is a D1 session: its reads may be served by a replica at least as fresh as `bookmark` (the
 * client's last one), else by any replica for a read and by the primary for a write; `bookmark()` is where the
 * session got to, for the client to send next time. Without replication every statement reads the primary, so
 * a client always sees its own writes and there is no bookmark: the binding is used as it is, because a session
 * makes every batch ask D1 for a commit token, which costs the local D1 about a millisecond per batch.
 */
export function createRequestDb(
  d1: D1Database,
  options: { bookmark?: string; writes: boolean; replication: boolean },
): { db: Db; bookmark: () => string | null } {
  if (!options.replication) return { db: bindingDb(d1), bookmark: () => null };
  const session = d1.withSession(options.bookmark ?? (options.writes ? "first-primary" : "first-unconstrained"));
  return { db: createDb(session), bookmark: () => session.getBookmark() };
}

/**
 * Makes a raw statement (`db.run(sql…)`, `db.all(sql…)`) usable inside `db.batch`. Drizzle's D1 batch binds
 * parameters through the prepared statement's `stmt`, which raw statements lack (a TypeError as soon as the
 * SQL has a parameter); this gives them one. Usage: `batch(db, [inBatch(db, db.all(sql`…`)), …])`.
 */
export function inBatch<T extends { getQuery(): { sql: string } }>(db: Db, raw: T): T {
  return Object.assign(raw, { stmt: db.$client.prepare(raw.getQuery().sql) });
}
