import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { countingD1 } from "../../src/db/d1-stats";
import worker from "../../src/index";
import { workerFetch } from "../helpers/http";
import { seedUser } from "../helpers/seed";

const SERVER_TIMING = /^d1;desc="statements=(\d+) roundtrips=(\d+) rows=(\d+)"$/;

async function getUser(token: string, vars: Record<string, string>, ask = true) {
  const ctx = createExecutionContext();
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (ask) headers["x-d1-stats"] = "1";
  const res = await worker.fetch(new Request("https://api.quire.test/v1/user", { headers }), { ...env, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe("D1_STATS", () => {
  it("is off by default: no Server-Timing header", async () => {
    const { token } = await seedUser();
    const res = await workerFetch("https://api.quire.test/v1/user", { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("server-timing")).toBeNull();
    expect((await getUser(token, { D1_STATS: "false" })).headers.get("server-timing")).toBeNull();
    // On, but the request does not ask: not counted (a benchmark's load runs uncounted).
    expect((await getUser(token, { D1_STATS: "true" }, false)).headers.get("server-timing")).toBeNull();
  });

  it('"true" reports the request\'s D1 statements and round trips in Server-Timing', async () => {
    const { token } = await seedUser();
    const res = await getUser(token, { D1_STATS: "true" });
    expect(res.status).toBe(200);
    expect((await res.json()) as object).toMatchObject({ object: "user" });
    const [, statements, roundTrips] = SERVER_TIMING.exec(res.headers.get("server-timing") ?? "")!.map(Number);
    // Authentication is one statement, reading the user another (after it: it needs the token's user).
    expect(roundTrips).toBeGreaterThanOrEqual(1);
    expect(statements).toBeGreaterThanOrEqual(2);
    expect(statements).toBeGreaterThanOrEqual(roundTrips);
  });

  it("counts a batch as its statements in one round trip, a lone statement as one of each", async () => {
    const { database, counter } = countingD1(env.DB);
    await database.batch([database.prepare("SELECT 1"), database.prepare("SELECT ?").bind(2)]);
    await database.prepare("SELECT 3").first();
    expect(counter).toEqual({
      statements: 3,
      roundTrips: 2,
      rows: 3,
      rowsRead: 0,
      queries: ["SELECT 1", "SELECT ?", "SELECT 3"],
    });
  });

  it("counts the rows D1 says its statements read (meta.rows_read)", async () => {
    const { database, counter } = countingD1(env.DB);
    await database.prepare("SELECT generation FROM search_generation").all();
    await database.batch([database.prepare("SELECT generation FROM search_generation WHERE id = ?").bind(1)]);
    expect(counter.rowsRead).toBe(2);
  });
});
