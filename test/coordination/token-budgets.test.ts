// The per-token rate limit: requests are counted against leases from the token's counter, so the counter is
// called once per lease, not once per request, and the limit still holds exactly.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { countTokenRequest } from "../../src/coordination/token-budgets";

/** The real counters, counting lease calls; `failures` first calls reject (not counted) as `failure` says. */
function countedCounters(failures = 0, failure = new Error("lease failed")) {
  const calls = { lease: 0 };
  const real = env.TOKEN_REQUESTS;
  const counters = {
    idFromName: (name: string) => real.idFromName(name),
    get: (id: DurableObjectId) => {
      const stub = real.get(id);
      return {
        lease: (windowSeconds: number, want: number, limit: number) => {
          if (failures > 0) {
            failures--;
            return Promise.reject(failure);
          }
          calls.lease++;
          return stub.lease(windowSeconds, want, limit);
        },
      };
    },
  } as unknown as typeof env.TOKEN_REQUESTS;
  return { counters, calls };
}

describe("token request budgets", () => {
  it("calls the counter once per lease (5% of the limit) and counts every request", async () => {
    const { counters, calls } = countedCounters();
    const token = crypto.randomUUID();
    const counts: number[] = [];
    for (let i = 0; i < 120; i++) counts.push((await countTokenRequest(counters, token, 1000, 3600)).count);
    expect(calls.lease).toBe(3);
    expect(counts).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
  });

  it("holds a small limit exactly, concurrent requests included, and refuses without calling again", async () => {
    const { counters, calls } = countedCounters();
    const token = crypto.randomUUID();
    const results = await Promise.all(Array.from({ length: 5 }, () => countTokenRequest(counters, token, 3, 3600)));
    expect(results.map((r) => r.count <= 3).filter(Boolean)).toHaveLength(3);
    const leases = calls.lease;
    expect((await countTokenRequest(counters, token, 3, 3600)).count).toBe(4);
    expect(calls.lease).toBe(leases);
  });

  it("takes a lease of its own when the one it waited for failed with the request that was taking it", async () => {
    // What a waiter sees when the request that created the lease's promise ended before it settled.
    const ended = new Error("This promise was created by a request that has since ended");
    const { counters: failingOnce, calls } = countedCounters(1, ended);
    const token = crypto.randomUUID();
    const [taker, waiter] = await Promise.allSettled([
      countTokenRequest(failingOnce, token, 1000, 3600),
      countTokenRequest(failingOnce, token, 1000, 3600),
    ]);
    expect(taker.status).toBe("rejected");
    expect(waiter).toEqual({ status: "fulfilled", value: expect.objectContaining({ count: 1 }) });
    expect(calls.lease).toBe(1);
    expect((await countTokenRequest(failingOnce, token, 1000, 3600)).count).toBe(2);
  });
});
