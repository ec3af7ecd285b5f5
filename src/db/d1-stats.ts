/** What one request (or test) asked of D1: statements run, and round trips to the database. */
export interface D1Stats {
  statements: number;
  roundTrips: number;
  /** Rows D1 sent back. */
  rows: number;
  /** Rows D1 says the statements read (`meta.rows_read`, where a result carries it): what a query costs inside. */
  rowsRead: number;
  /** The SQL of every statement, in order (tests read it to tell reads from writes). */
  queries: string[];
}

function rowsReadIn(result: unknown): number {
  const read = (result as { meta?: { rows_read?: unknown } } | null)?.meta?.rows_read;
  return typeof read === "number" ? read : 0;
}

function rowsIn(result: unknown): number {
  if (Array.isArray(result)) return result.length;
  const rows = (result as { results?: unknown[] } | null)?.results;
  return Array.isArray(rows) ? rows.length : result ? 1 : 0;
}

/**
 * Wraps a D1 binding and counts at the database seam: a statement run on its own (`all`/`run`/`first`/`raw`)
 * is one statement in one round trip; a `batch` is its statements in one round trip; an `exec` is one round trip
 * with the statements D1 reports having run.
 */
export function countingD1(d1: D1Database): { database: D1Database; counter: D1Stats } {
  const counter: D1Stats = { statements: 0, roundTrips: 0, rows: 0, rowsRead: 0, queries: [] };
  const real = new WeakMap<object, D1PreparedStatement>();
  const sqlOf = new WeakMap<object, string>();
  const wrap = (statement: D1PreparedStatement, query: string): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, key) {
        const value = Reflect.get(target, key, target);
        if (key === "bind")
          return (...args: unknown[]) =>
            wrap((value as (...args: unknown[]) => D1PreparedStatement).apply(target, args), query);
        if (key === "all" || key === "run" || key === "first" || key === "raw") {
          return async (...args: unknown[]) => {
            counter.statements++;
            counter.roundTrips++;
            counter.queries.push(query);
            const result = await (value as (...args: unknown[]) => Promise<unknown>).apply(target, args);
            counter.rows += rowsIn(result);
            counter.rowsRead += rowsReadIn(result);
            return result;
          };
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    real.set(proxy, statement);
    sqlOf.set(proxy, query);
    return proxy;
  };
  // A request's D1 session (read replication) is counted like the binding it came from.
  const count = <T extends D1Database | D1DatabaseSession>(d1: T): T =>
    new Proxy(d1, {
      get(target, key) {
        const value = Reflect.get(target, key, target);
        if (key === "prepare") return (query: string) => wrap(target.prepare(query), query);
        if (key === "withSession")
          return (...args: unknown[]) =>
            count((value as (...args: unknown[]) => D1DatabaseSession).apply(target, args));
        if (key === "batch") {
          return async (statements: D1PreparedStatement[]) => {
            counter.statements += statements.length;
            counter.roundTrips++;
            for (const s of statements) counter.queries.push(sqlOf.get(s) ?? "?");
            const results = await target.batch(statements.map((s) => real.get(s) ?? s));
            for (const result of results) {
              counter.rows += rowsIn(result);
              counter.rowsRead += rowsReadIn(result);
            }
            return results;
          };
        }
        if (key === "exec") {
          return async (query: string) => {
            counter.roundTrips++;
            counter.queries.push(query);
            const result = await (target as D1Database).exec(query);
            counter.statements += result.count;
            return result;
          };
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  const database = count(d1);
  return { database, counter };
}

/**
 * Runs one request with its D1 binding counted and reports the counts in a `Server-Timing` header
 * (`d1;desc="statements=5 roundtrips=2"`). Only used when the `D1_STATS` var is "true" (benchmarks); work the
 * request leaves for after its response (`waitUntil`) is not in the header.
 */
export async function withD1Stats<E extends { DB: D1Database }>(
  env: E,
  handle: (env: E) => Response | Promise<Response>,
): Promise<Response> {
  const { database, counter } = countingD1(env.DB);
  const response = await handle({ ...env, DB: database });
  // A fresh Response: the one handed back may have immutable headers (e.g. a static asset's).
  const counted = new Response(response.body, response);
  counted.headers.append(
    "Server-Timing",
    `d1;desc="statements=${counter.statements} roundtrips=${counter.roundTrips} rows=${counter.rows}"`,
  );
  return counted;
}
