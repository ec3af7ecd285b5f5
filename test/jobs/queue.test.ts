import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobs } from "../../src/db/schema";
import worker from "../../src/index";
import { JOB_RUNNERS } from "../../src/jobs/registry";
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
});
