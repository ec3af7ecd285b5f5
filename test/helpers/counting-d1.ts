import { createDb } from "../../src/db/client";
import type { ServiceContext } from "../../src/services/core/context";
/**
 * Wraps a D1 binding and counts round trips at the database seam: each statement run on its own
 * (`all`/`run`/`first`/`raw`), each `batch` and each `exec` is one round trip to D1.
 */
export function countingD1(d1: D1Database) {
  /** Round trips, and the SQL of every statement sent (in a batch or alone). */
  const counter = { roundTrips: 0, statements: [] as string[] };
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
          return (...args: unknown[]) => {
            counter.roundTrips++;
            counter.statements.push(query);
            return (value as (...args: unknown[]) => unknown).apply(target, args);
          };
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    real.set(proxy, statement);
    sqlOf.set(proxy, query);
    return proxy;
  };
  const database = new Proxy(d1, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      if (key === "prepare") return (query: string) => wrap(target.prepare(query), query);
      if (key === "batch") {
        return (statements: D1PreparedStatement[]) => {
          counter.roundTrips++;
          for (const s of statements) counter.statements.push(sqlOf.get(s) ?? "?");
          return target.batch(statements.map((s) => real.get(s) ?? s));
        };
      }
      if (key === "exec") {
        return (query: string) => {
          counter.roundTrips++;
          counter.statements.push(query);
          return target.exec(query);
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { database, counter };
}

/**
 * A service context for an organization admin whose database calls are counted (round-trip budgets are
 * asserted at the database seam). Like a request, it defers work meant for after the response (inline search
 * indexing) to `settle()`, so budgets count what the caller waits for.
 */
export function countedAdminContext(
  env: { DB: D1Database },
  admin: { user: { id: string }; tokenId: string },
  organizationId: string,
) {
  const { database, counter } = countingD1(env.DB);
  const deferred: Promise<unknown>[] = [];
  const ctx: ServiceContext = {
    db: createDb(database),
    env: env as never,
    caller: {
      kind: "user",
      userId: admin.user.id,
      tokenId: admin.tokenId,
      memberships: new Map([[organizationId, "admin"]]),
    },
    urls: { api: "https://api.quire.test", app: "https://app.quire.test" },
    now: Date.now(),
    defer: (task) => void deferred.push(task),
  };
  const settle = () => Promise.all(deferred.splice(0));
  return { ctx, counter, settle };
}
