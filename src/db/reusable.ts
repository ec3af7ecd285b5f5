import { fillPlaceholders, type Placeholder, sql } from "drizzle-orm";
import type { Statement } from "./batch";
import type { Db } from "./client";

/** Stand-ins for a reusable statement's values: `p.spaceId` is the placeholder named "spaceId". */
export type Placeholders<V> = { readonly [K in keyof V]: Placeholder<K & string> };

interface Query {
  sql: string;
  params: unknown[];
}

/**
 * The parts of drizzle's prepared query (a raw statement is its own) that its D1 batch and thenables use:
 * `stmt` to bind, `getQuery()` for the parameters, `query` for `all()`/`get()` (test/db/reusable.test.ts).
 */
interface PreparedQuery {
  stmt: D1PreparedStatement;
  query: Query;
  getQuery(): Query;
}

const RUN_METHODS = ["run", "all", "get", "values"] as const;
type Runnable = Record<(typeof RUN_METHODS)[number], () => Promise<unknown>>;

const placeholders = new Proxy({} as Record<string, Placeholder>, {
  get: (_, name) => sql.placeholder(String(name)),
});

interface Template {
  builder: Statement;
  prepared: PreparedQuery;
  query: Query;
}

function templateOf(builder: Statement): Template {
  const prepared = (builder as unknown as { _prepare(): PreparedQuery })._prepare();
  return { builder, prepared, query: prepared.getQuery() };
}

/** The template's statement with this call's values, run by this call's database. */
function instantiate({ builder, prepared, query: built }: Template, db: Db, values: Record<string, unknown>) {
  const query = { sql: built.sql, params: fillPlaceholders(built.params, values) };
  const instance: PreparedQuery = Object.assign(Object.create(prepared), {
    stmt: db.$client.prepare(query.sql),
    query,
    getQuery: () => query,
  });
  const statement = Object.assign(Object.create(builder as object), { _prepare: () => instance });
  // Drizzle's builders run through arrow functions bound to themselves: point them at this call's query.
  for (const method of RUN_METHODS) {
    if (method in statement) statement[method] = () => (instance as unknown as Runnable)[method]();
  }
  // A raw statement (`db.all(sql…)`, its own prepared query) awaited alone would run its build-time SQL: it
  // runs as a batch of one instead, with the results a batch gives it.
  if (prepared === (builder as unknown)) statement.execute = () => db.batch([statement]).then(([result]) => result);
  return statement;
}

/**
 * A statement whose SQL drizzle builds once per isolate instead of on every call. Drizzle rebuilds a query's
 * SQL each time it runs (entity checks, column names, selection order): a fifth of a hot read's CPU. `build`
 * receives placeholders for the values and must not depend on anything else, so that every call has the same
 * SQL; each call binds its own values and runs on its own `db` (a request's D1 session). The result is the
 * statement `build` returns, for `batch()` or `await`, with the same typed rows.
 */
export function reusableStatement<V extends Record<string, unknown>, Q extends Statement>(
  build: (db: Db, p: Placeholders<V>) => Q,
): (db: Db, values: V) => Q {
  let template: Template | undefined;
  return (db, values) => {
    template ??= templateOf(build(db, placeholders as Placeholders<V>));
    return instantiate(template, db, values) as Q;
  };
}

/** reusableStatement for statements that go together (e.g. a row and its children): a tuple in, a tuple out. */
export function reusableStatements<V extends Record<string, unknown>, const Q extends readonly Statement[]>(
  build: (db: Db, p: Placeholders<V>) => Q,
): (db: Db, values: V) => Q {
  let templates: Template[] | undefined;
  return (db, values) => {
    templates ??= build(db, placeholders as Placeholders<V>).map(templateOf);
    return templates.map((template) => instantiate(template, db, values)) as unknown as Q;
  };
}
