import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { SpaceWriteCoordinator } from "../../src/coordination/space-write-coordinator";
import type { ServiceContext } from "../../src/services/core/context";
import { withSpaceWriteTurn } from "../../src/services/revisions/write-turns";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A coordinator for a fresh space, with its lease and wait shortened. */
async function coordinator(name: string, times: { leaseMs?: number; waitMs?: number } = {}) {
  const stub = env.SPACE_WRITES.getByName(name);
  await runInDurableObject(stub, (instance: SpaceWriteCoordinator) => {
    if (times.leaseMs) instance.leaseMs = times.leaseMs;
    if (times.waitMs) instance.waitMs = times.waitMs;
  });
  return stub;
}

/** A service context whose only real part is the write coordinator binding (withSpaceWriteTurn reads nothing else). */
const contextWith = (spaceWrites: unknown) =>
  ({ env: { SPACE_WRITES: spaceWrites }, now: 0 }) as unknown as ServiceContext;

describe("space write coordinator", () => {
  it("gives one turn at a time", async () => {
    const stub = await coordinator("exclusive");
    let inside = 0;
    let most = 0;
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () =>
        stub.runTurn(async () => {
          inside++;
          most = Math.max(most, inside);
          await sleep(5);
          inside--;
        }),
      ),
    );
    expect(outcomes).toEqual(Array(6).fill("done"));
    expect(most).toBe(1);
    expect(await stub.state()).toEqual({ holding: false, waiting: 0 });
  });

  it("ends a turn whose writer fails, and lets the next one in", async () => {
    const stub = await coordinator("failing");
    // workerd logs this rejection as uncaught: it crosses RPC back to the coordinator, which is the point.
    const failing = stub.runTurn(async () => {
      throw new Error("the writer's write failed");
    });
    const next = stub.runTurn(async () => "ran");
    expect(await failing).toBe("done");
    expect(await next).toBe("done");
    expect(await stub.state()).toEqual({ holding: false, waiting: 0 });
  });

  it("takes the turn back from a writer that outlives its lease", async () => {
    const stub = await coordinator("hung", { leaseMs: 50 });
    let release!: () => void;
    const hung = stub.runTurn(() => new Promise<void>((resolve) => (release = resolve)));
    const started = Date.now();
    let nextRanAt = 0;
    await stub.runTurn(async () => {
      nextRanAt = Date.now();
    });
    expect(nextRanAt - started).toBeGreaterThanOrEqual(40);
    expect(await hung).toBe("done");
    release();
  });

  it("answers busy to a writer that waited too long, without running it", async () => {
    const stub = await coordinator("busy", { waitMs: 30 });
    const holding = stub.runTurn(() => sleep(200));
    let ran = false;
    expect(
      await stub.runTurn(async () => {
        ran = true;
      }),
    ).toBe("busy");
    expect(ran).toBe(false);
    await holding;
  });
});

describe("withSpaceWriteTurn", () => {
  it("runs the write in the space's turn and returns its result and errors", async () => {
    const ctx = contextWith(env.SPACE_WRITES);
    expect(await withSpaceWriteTurn(ctx, "space-a", async () => 42)).toBe(42);
    await expect(withSpaceWriteTurn(ctx, "space-a", async () => Promise.reject(new Error("refused")))).rejects.toThrow(
      "refused",
    );
    expect(await env.SPACE_WRITES.getByName("space-a").state()).toEqual({ holding: false, waiting: 0 });
  });

  it("gives the write a `now` taken when its turn starts", async () => {
    const before = Date.now();
    const now = await withSpaceWriteTurn(contextWith(env.SPACE_WRITES), "space-b", async (turnCtx) => turnCtx.now);
    expect(now).toBeGreaterThanOrEqual(before);
  });

  it("writes without a turn, once, when there is no coordinator, it is busy or it cannot be reached", async () => {
    const coordinators = {
      none: undefined,
      busy: { getByName: () => ({ runTurn: async () => "busy" }) },
      unreachable: {
        getByName: () => ({ runTurn: async () => Promise.reject(new Error("Durable Object is overloaded")) }),
      },
    };
    for (const [name, spaceWrites] of Object.entries(coordinators)) {
      let runs = 0;
      expect(await withSpaceWriteTurn(contextWith(spaceWrites), "s", async () => ++runs), name).toBe(1);
      expect(runs, name).toBe(1);
    }
  });

  it("does not run the write again when the coordinator fails after the turn began", async () => {
    const failsMidTurn = {
      getByName: () => ({
        runTurn: async (write: () => Promise<unknown>) => {
          void write();
          throw new Error("Durable Object reset");
        },
      }),
    };
    let runs = 0;
    expect(
      await withSpaceWriteTurn(contextWith(failsMidTurn), "s", async () => {
        await sleep(5);
        return ++runs;
      }),
    ).toBe(1);
    expect(runs).toBe(1);
  });
});
