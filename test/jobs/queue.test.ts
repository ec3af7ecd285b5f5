import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { jobs } from "../../src/db/schema";
import worker from "../../src/index";
import { HEARTBEAT_MS, JOB_RUNNERS, RUN_LEASE_MS, runJob } from "../../src/jobs/registry";
import { newJob } from "../../src/services/core/jobs";
import { db } from "../helpers/seed";

// Test-only job kinds, registered the same way features register theirs.
let runs = 0;
JOB_RUNNERS["test-ok"] = async () => {
  runs++;
  return { done: true };
};
JOB_RUNNERS["test-fail"] = async () => {
  throw new Error("upstream unavailable");
};

// A job that runs until the test lets it finish.
let finishSlow: () => void = () => {};
JOB_RUNNERS["test-slow"] = () => new Promise((resolve) => (finishSlow = () => resolve({ slow: true })));

async function deliver(queue: string, jobId: string, attempts = 1) {
  const batch = createMessageBatch(queue, [
    { id: `m-${jobId}-${attempts}`, timestamp: new Date(), attempts, body: { jobId } },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch as never, env as never, ctx);
  return getQueueResult(batch, ctx);
}

async function insertJob(kind: string) {
  const { row } = newJob(kind, {}, Date.now());
  await db.insert(jobs).values(row);
  return row.id as string;
}

const jobRow = async (id: string) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0];

describe("the job queue consumer", () => {
  it("runs a job once, acks it, and ignores a redelivery", async () => {
    const id = await insertJob("test-ok");
    runs = 0;
    const first = await deliver("quire-jobs", id);
    expect(first.explicitAcks).toEqual([`m-${id}-1`]);
    expect(await jobRow(id)).toMatchObject({ status: "completed", result: { done: true }, attempts: 1 });
    await deliver("quire-jobs", id, 2);
    expect(runs).toBe(1);
  });

  it("retries a failing job with backoff, records the error, and marks it failed from the dead-letter queue", async () => {
    const id = await insertJob("test-fail");
    const result = await deliver("quire-jobs", id, 3);
    expect(result.retryMessages.map((m) => m.msgId)).toEqual([`m-${id}-3`]);
    expect(await jobRow(id)).toMatchObject({ status: "pending", error: "upstream unavailable" });
    const dead = await deliver("quire-jobs-dlq", id, 1);
    expect(dead.explicitAcks).toEqual([`m-${id}-1`]);
    expect(await jobRow(id)).toMatchObject({ status: "failed", error: "upstream unavailable" });
  });

  it("fails a job of an unknown kind instead of retrying it forever", async () => {
    const id = await insertJob("no-such-kind");
    const result = await deliver("quire-jobs", id);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await jobRow(id)).toMatchObject({ status: "failed", error: 'No runner for job kind "no-such-kind"' });
  });
});

describe("pruning finished jobs", () => {
  it("deletes completed and failed jobs older than 7 days, and keeps recent and pending ones", async () => {
    const { pruneFinishedJobs } = await import("../../src/services/core/jobs");
    const now = Date.now();
    const day = 24 * 3600 * 1000;
    const rows = [
      { status: "completed" as const, age: 8 },
      { status: "failed" as const, age: 9 },
      { status: "completed" as const, age: 1 },
      { status: "pending" as const, age: 30 },
    ].map(({ status, age }) => ({ ...newJob("test-ok", {}, now - age * day).row, status, updatedAt: now - age * day }));
    await db.insert(jobs).values(rows);
    const removed = await pruneFinishedJobs({ db, env: env as never, now });
    expect(removed).toBeGreaterThanOrEqual(2);
    const left = new Set((await db.select({ id: jobs.id }).from(jobs)).map((j) => j.id));
    expect(rows.map((r) => left.has(r.id as string))).toEqual([false, false, true, true]);
  });

  it("keeps a running job's claim alive with a heartbeat, so that no other consumer takes it while it runs", async () => {
    const id = await insertJob("test-slow");
    const claimedAt = Date.now() - RUN_LEASE_MS + 5_000; // five seconds of lease left
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const running = runJob({ db, env, now: claimedAt }, id, { deadLetter: false });
      for (let i = 0; i < 100 && (await jobRow(id))?.status !== "running"; i++)
        await new Promise((r) => setTimeout(r, 10));
      expect(await jobRow(id)).toMatchObject({ status: "running", updatedAt: claimedAt });
      vi.advanceTimersByTime(HEARTBEAT_MS);
      for (let i = 0; i < 100 && (await jobRow(id))!.updatedAt === claimedAt; i++)
        await new Promise((r) => setTimeout(r, 10));
      expect((await jobRow(id))!.updatedAt).toBeGreaterThan(claimedAt + 5_000);
      // Its lease renewed, a redelivered message is kept for later, and the job is not run beside itself.
      const redelivered = await deliver("quire-jobs", id, 2);
      expect(redelivered.retryMessages.map((m) => m.msgId)).toEqual([`m-${id}-2`]);
      finishSlow();
      await running;
    } finally {
      vi.useRealTimers();
    }
    expect(await jobRow(id)).toMatchObject({ status: "completed", result: { slow: true }, attempts: 1 });
    // Once it finished, a message for it is simply acked.
    expect((await deliver("quire-jobs", id, 3)).explicitAcks).toEqual([`m-${id}-3`]);
  });
});
