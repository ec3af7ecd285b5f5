import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jobs } from "../../src/db/schema";
import worker from "../../src/index";
import {
  CRON_JOBS,
  JOB_RUNNERS,
  MAX_RESENDS,
  MAX_RESENDS_PER_RUN,
  RUN_LEASE_MS,
  STUCK_AFTER_MS,
} from "../../src/jobs/registry";
import { newJob } from "../../src/services/core/jobs";
import { client } from "../helpers/http";
import { db, seedOrganization } from "../helpers/seed";

const MINUTE = 60_000;
const SWEEP = "*/10 * * * *";
const YAML_SPEC = "openapi: 3.0.3\ninfo:\n  title: Lost\n  version: 1.0.0\npaths: {}\n";

// A test-only job kind that counts its runs, registered the way features register theirs.
let runs: string[] = [];
JOB_RUNNERS["test-stuck"] = async (_ctx, job) => {
  runs.push(job.id);
  return { ran: true };
};

async function runCron(scheduledTime: number, cron = SWEEP) {
  const controller = createScheduledController({ scheduledTime: new Date(scheduledTime), cron });
  const ctx = createExecutionContext();
  await (worker.scheduled as ExportedHandlerScheduledHandler<typeof env>)(controller, env, ctx);
  await waitOnExecutionContext(ctx);
}

async function deliver(jobId: string) {
  const batch = createMessageBatch("quire-jobs", [
    { id: `m-${jobId}`, timestamp: new Date(), attempts: 1, body: { jobId } },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch as never, env as never, ctx);
  return getQueueResult(batch, ctx);
}

/** A job row written without its message (as when the send failed), last touched `age` ms ago. */
async function lostJob(age: number, fields: Partial<typeof jobs.$inferInsert> = {}) {
  const now = Date.now();
  const { row } = newJob("test-stuck", {}, now - age);
  await db.insert(jobs).values({ ...row, ...fields });
  return row.id as string;
}

const jobRow = async (id: string) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0];
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

beforeEach(async () => {
  await db.delete(jobs);
  runs = [];
});
afterEach(() => vi.restoreAllMocks());

describe("the stuck-job sweep", () => {
  it("is scheduled every 10 minutes: wrangler.toml's crons are exactly the cron tasks", async () => {
    const { default: toml } = await import("../../wrangler.toml?raw");
    const crons = JSON.parse(/^crons = (\[.*\])$/m.exec(toml)![1]) as string[];
    expect(crons).toContain(SWEEP);
    expect(crons.sort()).toEqual(Object.keys(CRON_JOBS).sort());
  });

  it("re-sends an OpenAPI job whose message was lost, and the spec gets processed", async () => {
    const { organization, owner } = await seedOrganization();
    const gb = client(owner.token);
    const send = vi.spyOn(env.JOBS, "send").mockRejectedValue(new Error("queue unavailable"));
    await gb.orgs.createOpenApiSpec(organization.id, { slug: "lost", source: { text: YAML_SPEC } });
    expect(send).toHaveBeenCalledTimes(1);
    send.mockRestore();
    const [job] = await db.select().from(jobs);
    expect(job).toMatchObject({ kind: "openapi-spec-process", status: "pending", resends: 0 });

    // Five minutes on it is not stuck yet: nothing is sent.
    await runCron(job.updatedAt + 5 * MINUTE);
    await settle();
    expect(await jobRow(job.id)).toMatchObject({ status: "pending", resends: 0 });
    expect((await gb.orgs.getOpenApiSpecBySlug(organization.id, "lost")).data.processingState).toBe("pending");

    await runCron(job.updatedAt + STUCK_AFTER_MS + MINUTE);
    const spec = await vi.waitUntil(
      async () => {
        const data = (await gb.orgs.getOpenApiSpecBySlug(organization.id, "lost")).data;
        return data.processingState === "complete" ? data : undefined;
      },
      { timeout: 8000, interval: 50 },
    );
    expect(spec.lastProcessErrorCode).toBeUndefined();
    expect(
      Object.keys((await gb.orgs.getLatestOpenApiSpecVersionContent(organization.id, "lost")).data.filesystem),
    ).toEqual(["openapi.yaml"]);
    expect(await jobRow(job.id)).toMatchObject({ status: "completed", resends: 1, attempts: 1 });
  });

  it("re-sends only jobs pending for over 10 minutes, stamps them, and not again at the next sweep", async () => {
    const now = Date.now();
    const stuck = await lostJob(STUCK_AFTER_MS + MINUTE);
    const recent = await lostJob(STUCK_AFTER_MS - MINUTE);
    const sendBatch = vi.spyOn(env.JOBS, "sendBatch").mockResolvedValue(undefined as never);

    await runCron(now);
    expect(sendBatch).toHaveBeenCalledTimes(1);
    expect(sendBatch.mock.calls[0][0]).toEqual([{ body: { jobId: stuck } }]);
    expect(await jobRow(stuck)).toMatchObject({ status: "pending", resends: 1, updatedAt: now });
    expect(await jobRow(recent)).toMatchObject({ status: "pending", resends: 0 });

    // Its re-sent message is lost too: the next sweep, 5 minutes on, leaves it; the one after re-sends it again.
    await runCron(now + 5 * MINUTE);
    expect(sendBatch.mock.calls.map((call) => call[0])).toEqual([
      [{ body: { jobId: stuck } }],
      [{ body: { jobId: recent } }],
    ]);
    await runCron(now + STUCK_AFTER_MS + MINUTE);
    expect(sendBatch.mock.calls[2][0]).toEqual([{ body: { jobId: stuck } }]);
    expect(await jobRow(stuck)).toMatchObject({ resends: 2 });
  });

  it("re-sends through the real queue and the job runs once", async () => {
    const id = await lostJob(STUCK_AFTER_MS + MINUTE);
    await runCron(Date.now());
    await vi.waitUntil(async () => (await jobRow(id)).status === "completed", { timeout: 8000, interval: 50 });
    expect(runs).toEqual([id]);
    expect(await jobRow(id)).toMatchObject({ result: { ran: true }, resends: 1, attempts: 1 });
  });

  it("never re-sends a running, completed or failed job, but recovers one orphaned past the run lease", async () => {
    // Running, its heartbeat within the lease: a consumer holds it.
    const running = await lostJob(RUN_LEASE_MS - MINUTE / 2, { status: "running" });
    const completed = await lostJob(60 * MINUTE, { status: "completed" });
    const failed = await lostJob(60 * MINUTE, { status: "failed", error: "boom" });
    const orphaned = await lostJob(RUN_LEASE_MS + MINUTE, { status: "running", attempts: 1 });
    const before = await db
      .select()
      .from(jobs)
      .where(inArray(jobs.id, [running, completed, failed]));
    const sendBatch = vi.spyOn(env.JOBS, "sendBatch").mockResolvedValue(undefined as never);

    await runCron(Date.now());
    expect(sendBatch.mock.calls.map((call) => call[0])).toEqual([[{ body: { jobId: orphaned } }]]);
    expect(
      await db
        .select()
        .from(jobs)
        .where(inArray(jobs.id, [running, completed, failed])),
    ).toEqual(before);
    expect(await jobRow(orphaned)).toMatchObject({ status: "pending", resends: 1 });
  });

  it(`re-sends at most ${MAX_RESENDS_PER_RUN} jobs per run, oldest first`, async () => {
    const now = Date.now();
    const rows = Array.from({ length: MAX_RESENDS_PER_RUN + 5 }, (_, i) => ({
      ...newJob("test-stuck", {}, now).row,
      updatedAt: now - STUCK_AFTER_MS - (i + 1) * 1000,
    }));
    for (let i = 0; i < rows.length; i += 10) await db.insert(jobs).values(rows.slice(i, i + 10));
    const sendBatch = vi.spyOn(env.JOBS, "sendBatch").mockResolvedValue(undefined as never);

    await runCron(now);
    const sent = [...sendBatch.mock.calls[0][0]].map((m) => (m.body as { jobId: string }).jobId);
    expect(sent).toHaveLength(MAX_RESENDS_PER_RUN);
    // The five newest (smallest age) wait for the next run.
    expect(new Set(sent)).toEqual(new Set(rows.slice(5).map((r) => r.id)));
    const left = await db.select().from(jobs).where(eq(jobs.resends, 0));
    expect(left.map((j) => j.id).sort()).toEqual(
      rows
        .slice(0, 5)
        .map((r) => r.id as string)
        .sort(),
    );

    await runCron(now + 1000);
    expect([...sendBatch.mock.calls[1][0]]).toHaveLength(5);
  });

  it(`marks a job failed after ${MAX_RESENDS} re-sends, and an OpenAPI spec shows FETCH_ERROR`, async () => {
    const { organization, owner } = await seedOrganization();
    const gb = client(owner.token);
    vi.spyOn(env.JOBS, "send").mockRejectedValue(new Error("queue unavailable"));
    await gb.orgs.createOpenApiSpec(organization.id, { slug: "always-lost", source: { text: YAML_SPEC } });
    const [specJob] = await db.select().from(jobs);
    const old = Date.now() - STUCK_AFTER_MS - MINUTE;
    await db.update(jobs).set({ resends: MAX_RESENDS, updatedAt: old }).where(eq(jobs.id, specJob.id));
    const plain = await lostJob(STUCK_AFTER_MS + MINUTE, { resends: MAX_RESENDS, error: "upstream unavailable" });
    const sendBatch = vi.spyOn(env.JOBS, "sendBatch").mockResolvedValue(undefined as never);

    await runCron(Date.now());
    expect(sendBatch).not.toHaveBeenCalled();
    expect(await jobRow(plain)).toMatchObject({
      status: "failed",
      error: `Gave up: re-sent ${MAX_RESENDS} times and never finished (last error: upstream unavailable)`,
    });
    expect(await jobRow(specJob.id)).toMatchObject({ status: "failed" });
    const spec = (await gb.orgs.getOpenApiSpecBySlug(organization.id, "always-lost")).data;
    expect(spec).toMatchObject({ processingState: "complete", lastProcessErrorCode: "FETCH_ERROR" });
    expect(spec.lastProcessedAt).toMatch(/Z$/);
  });
});

describe("claiming a job (compare-and-set)", () => {
  it("a redelivered message for a completed job does nothing", async () => {
    const id = await lostJob(0);
    await deliver(id);
    const done = await jobRow(id);
    expect(done).toMatchObject({ status: "completed", attempts: 1 });
    const again = await deliver(id);
    expect(again.explicitAcks).toEqual([`m-${id}`]);
    expect(runs).toEqual([id]);
    expect(await jobRow(id)).toEqual(done);
  });

  it("a message for a job another consumer is running does not run it beside it but is kept; an orphaned run is taken over", async () => {
    const running = await lostJob(MINUTE, { status: "running", attempts: 1 });
    const result = await deliver(running);
    // Kept for when that claim's lease lapses, in case its consumer died (test/routes/search-index-convergence.test.ts).
    expect(result.explicitAcks).toEqual([]);
    expect(result.retryMessages.map((m) => m.msgId)).toEqual([`m-${running}`]);
    expect(runs).toEqual([]);
    expect(await jobRow(running)).toMatchObject({ status: "running", attempts: 1 });

    const orphaned = await lostJob(RUN_LEASE_MS + MINUTE, { status: "running", attempts: 1 });
    await deliver(orphaned);
    expect(runs).toEqual([orphaned]);
    expect(await jobRow(orphaned)).toMatchObject({ status: "completed", attempts: 2 });
  });

  it("a dead letter for a job another consumer is running leaves it running", async () => {
    const running = await lostJob(MINUTE, { status: "running", attempts: 3 });
    const batch = createMessageBatch("quire-jobs-dlq", [
      { id: "dead", timestamp: new Date(), attempts: 1, body: { jobId: running } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch as never, env as never, ctx);
    await getQueueResult(batch, ctx);
    expect(await jobRow(running)).toMatchObject({ status: "running", error: null });
  });
});
