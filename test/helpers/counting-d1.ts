import { env } from "cloudflare:workers";
import { createApp } from "../../src/app";
import { createDb } from "../../src/db/client";
import { countingD1 } from "../../src/db/d1-stats";
import type { ServiceContext } from "../../src/services/core/context";

// The counting wrapper is the one `D1_STATS` uses in the Worker (src/db/d1-stats.ts).
export { countingD1 };

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

/** The app over a D1 binding that counts round trips and records statements, with env overrides. */
export function countedApp(overrides: Record<string, string> = {}) {
  const app = createApp();
  const { database, counter } = countingD1(env.DB);
  const request = async (path: string, token?: string) => {
    counter.roundTrips = 0;
    counter.rows = 0;
    counter.rowsRead = 0;
    counter.queries = [];
    const res = await app.request(
      `https://api.quire.test/v1${path}`,
      { headers: token ? { authorization: `Bearer ${token}` } : {} },
      { ...env, ...overrides, DB: database },
    );
    const { roundTrips, rows, rowsRead } = counter;
    return { res, roundTrips, rows, rowsRead, statements: [...counter.queries] };
  };
  return { request };
}
