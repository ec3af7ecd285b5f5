/** What one request (or test) asked of D1: statements run, and round trips to the database. */
export interface D1Stats {
  statements: number;
  roundTrips: number;
}

/**
 * Wraps a D1 binding and counts at the database seam: a statement run on its own (`all`/`run`/`first`/`raw`)
 * is one statement in one round trip; a `batch` is its statements in one round trip; an `exec` is one round trip
 * with the statements D1 reports having run.
 */
export function countingD1(d1: D1Database): { database: D1Database; counter: D1Stats } {
  const counter: D1Stats = { statements: 0, roundTrips: 0 };
  const real = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, key) {
        const value = Reflect.get(target, key, target);
        if (key === "bind")
          return (...args: unknown[]) =>
            wrap((value as (...args: unknown[]) => D1PreparedStatement).apply(target, args));
        if (key === "all" || key === "run" || key === "first" || key === "raw") {
          return (...args: unknown[]) => {
            counter.statements++;
            counter.roundTrips++;
            return (value as (...args: unknown[]) => unknown).apply(target, args);
          };
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    real.set(proxy, statement);
    return proxy;
  };
  const database = new Proxy(d1, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      if (key === "prepare") return (query: string) => wrap(target.prepare(query));
      if (key === "batch") {
        return (statements: D1PreparedStatement[]) => {
          counter.statements += statements.length;
          counter.roundTrips++;
          return target.batch(statements.map((s) => real.get(s) ?? s));
        };
      }
      if (key === "exec") {
        return async (query: string) => {
          counter.roundTrips++;
          const result = await target.exec(query);
          counter.statements += result.count;
          return result;
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
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
    `d1;desc="statements=${counter.statements} roundtrips=${counter.roundTrips}"`,
  );
  return counted;
}
