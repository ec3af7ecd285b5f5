import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { GitBookAPI } from "@gitbook/api";
import { describe, expect, it } from "vitest";
import worker from "../../src/index";
import { createDb } from "../../src/db/client";
import { CONTENT_EVENT_SUBSCRIBERS, resendStuckJobs, runJob, STUCK_AFTER_MS } from "../../src/jobs/registry";
import type { ServiceContext } from "../../src/services/core/context";
import { announce, contentEventStatements, pruneDeliveredContentEvents } from "../../src/services/core/outbox";
import { commitRevision, writeMainContent } from "../../src/services/revisions/content-writes";
import { loadSnapshot } from "../../src/services/revisions/content-load";
import { seedOrganization } from "../helpers/seed";

/*
 * The outbox (services/core/outbox.ts, src/jobs/content-events.ts): a write to main records one content event in
 * its own batch; its `content-event` job runs the subscribers registered in src/jobs/registry.ts, each idempotent
 * by event id. The Worker runs here with a JOBS binding that records messages and never delivers them, so that
 * each test runs the jobs itself.
 */

function recordingQueue(opts: { failing?: boolean } = {}) {
  const sent: { jobId: string }[] = [];
  const refuse = () => {
    throw new Error("queue unavailable");
  };
  const queue = {
    send: async (message: { jobId: string }) => (opts.failing ? refuse() : void sent.push(message)),
    sendBatch: async (messages: { body: { jobId: string } }[]) =>
      opts.failing ? refuse() : void sent.push(...messages.map((m) => m.body)),
  };
  const testEnv = { ...env, JOBS: queue } as unknown as typeof env;
  const contexts: ExecutionContext[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const ctx = createExecutionContext();
    contexts.push(ctx);
    return worker.fetch(new Request(input, init) as never, testEnv as never, ctx);
  };
  const settle = () => Promise.all(contexts.splice(0).map((ctx) => waitOnExecutionContext(ctx)));
  const client = (token: string) =>
    new GitBookAPI({ endpoint: "https://api.quire.test", authToken: token, serviceBinding: { fetch } });
  return { sent, env: testEnv, fetch, settle, client };
}

type Queue = ReturnType<typeof recordingQueue>;

/** An admin's service context outside a request: no `dispatch` hook, so only the queue delivers its events. */
function adminContext(q: Queue, userId: string, organizationId: string): ServiceContext {
  return {
    db: createDb(env.DB),
    env: q.env,
    caller: { kind: "user", userId, tokenId: "", memberships: new Map([[organizationId, "admin"]]) },
    urls: { api: "https://api.quire.test", app: "https://app.quire.test" },
    now: Date.now(),
  };
}

const jobContext = (q: Queue) => ({ db: createDb(env.DB), env: q.env as never, now: Date.now() });

const first = <T>(sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .first<T>();
const all = async <T>(sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all<T>()
  ).results;

const eventOf = (revisionId: string) =>
  first<{ id: string; kind: string; space_id: string; change_request_id: string | null; organization_id: string }>(
    "SELECT * FROM content_events WHERE revision_id = ?",
    revisionId,
  );
const jobOf = (id: string) =>
  first<{ status: string; result: string | null; error: string | null; kind: string; payload: string }>(
    "SELECT * FROM jobs WHERE id = ?",
    id,
  );

/** An organization with a published integration installed on a new space. */
async function spaceWithIntegration(q: Queue) {
  const { organization, owner } = await seedOrganization();
  const gb = q.client(owner.token);
  const name = `outbox-${crypto.randomUUID().slice(0, 8)}`;
  await gb.integrations.publishIntegration(name, {
    title: "Outbox",
    description: "Listens",
    scopes: ["space:content:read"],
    visibility: "private",
    script: "export default { async fetch() { return new Response('OK'); } };",
    organization: organization.id,
  } as never);
  const { data: installation } = await gb.integrations.installIntegration(name, { organization: organization.id });
  const { data: space } = await gb.orgs.createSpace(organization.id, { title: "Docs" });
  await gb.integrations.installIntegrationOnSpace(name, installation.id, { space: space.id });
  await q.settle();
  return { organization, owner, gb, space, installation, name };
}

/** Writes one page to main outside a request (no inline dispatch); returns the new revision. */
async function writeToMain(q: Queue, s: Awaited<ReturnType<typeof spaceWithIntegration>>, word: string) {
  const ctx = adminContext(q, s.owner.user.id, s.organization.id);
  const { revisionId } = await writeMainContent(ctx, s.space.id, [
    {
      operation: "insert_page",
      title: `Page ${word}`,
      document: { markdown: `Intro about ${word}.\n\n## More\n\nAnd ${word} again.\n` },
    } as never,
  ]);
  return revisionId;
}

const spaceContentUpdated = (spaceId: string) =>
  all<{ id: string }>(
    "SELECT id FROM integration_events WHERE space_id = ? AND type = 'space_content_updated' ORDER BY id",
    spaceId,
  );
const sectionCopies = (spaceId: string) =>
  all<{ copies: number }>(
    "SELECT count(*) AS copies FROM search_sections WHERE space_id = ? GROUP BY page_id, position",
    spaceId,
  );

describe("content events (the outbox)", () => {
  it("are written in the batch of the commit that moves main, and not when its compare-and-set loses", async () => {
    const q = recordingQueue();
    const s = await spaceWithIntegration(q);
    const { data: cr } = await s.gb.spaces.createChangeRequest(s.space.id, { subject: "Add" });
    const write = await q.fetch(
      `https://api.quire.test/v1/spaces/${s.space.id}/change-requests/${cr.id}/content?compat=false`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${s.owner.token}`, "content-type": "application/json" },
        body: JSON.stringify({ changes: [{ operation: "insert_page", title: "A", document: { markdown: "a\n" } }] }),
      },
    );
    expect(write.status).toBe(200);
    const before = q.sent.length;
    const merged = await s.gb.spaces.mergeChangeRequest(s.space.id, cr.id);
    await q.settle();
    const event = await eventOf(merged.data.revision!);
    expect(event).toMatchObject({
      kind: "space.content.updated",
      space_id: s.space.id,
      organization_id: s.organization.id,
      change_request_id: cr.id,
    });
    expect(await jobOf(`ce-${event!.id}`)).toMatchObject({ kind: "content-event", status: "pending" });
    // The event's job was queued (beside the integration event its inline run queued).
    expect(q.sent.slice(before).map((m) => m.jobId)).toContain(`ce-${event!.id}`);

    // A commit whose compare-and-set loses writes neither the event nor its job, and sends nothing.
    const ctx = adminContext(q, s.owner.user.id, s.organization.id);
    const space = await first<{ revision_id: string }>("SELECT revision_id FROM spaces WHERE id = ?", s.space.id);
    const main = await loadSnapshot(ctx, s.space.id, space!.revision_id);
    const lost = crypto.randomUUID();
    const sentBefore = q.sent.length;
    const done = await commitRevision(ctx, s.space.id, main, main, new Map(), {
      revisionId: lost,
      type: "edits",
      parents: [main.revision.id],
      changeRequestId: null,
      casSpace: { expectedRevision: "not-main-any-more" },
    });
    expect(done.committed).toBe(false);
    expect(await eventOf(lost)).toBeNull();
    expect(await first("SELECT 1 FROM jobs WHERE kind = 'content-event' AND payload LIKE ?", `%${lost}%`)).toBeNull();
    expect(q.sent.length).toBe(sentBefore);
  }, 30_000);

  it("running an event's job twice queues each integration event once and indexes each section once", async () => {
    const q = recordingQueue();
    const s = await spaceWithIntegration(q);
    const revisionId = await writeToMain(q, s, "numbats");
    const event = await eventOf(revisionId);
    const jobId = `ce-${event!.id}`;
    expect(q.sent.map((m) => m.jobId)).toEqual(expect.arrayContaining([jobId]));
    const sentBefore = q.sent.length;

    await runJob(jobContext(q), jobId, { deadLetter: false });
    const done = await jobOf(jobId);
    expect(done?.status).toBe("completed");
    // The subscribers' results, merged: search's run and the integration events it queued.
    expect(JSON.parse(done!.result!)).toMatchObject({ reindexed: 1, integrationEvents: 1 });
    const events = await spaceContentUpdated(s.space.id);
    expect(events.map((e) => e.id)).toEqual([`${event!.id}-${s.installation.id}`]);
    expect(q.sent.slice(sentBefore)).toEqual([{ jobId: `ev-${event!.id}-${s.installation.id}` }]);

    // Redelivered after a crash (the job back to pending): nothing is queued or indexed twice.
    await env.DB.prepare("UPDATE jobs SET status = 'pending' WHERE id = ?").bind(jobId).run();
    await runJob(jobContext(q), jobId, { deadLetter: false });
    expect(JSON.parse((await jobOf(jobId))!.result!)).toMatchObject({
      upToDate: true,
      reindexed: 0,
      integrationEvents: 0,
    });
    expect(await spaceContentUpdated(s.space.id)).toEqual(events);
    expect(q.sent.length).toBe(sentBefore + 1);
    const copies = await sectionCopies(s.space.id);
    expect(copies.length).toBeGreaterThanOrEqual(2);
    expect(copies.every((c) => c.copies === 1)).toBe(true);
  }, 30_000);

  it("a subscriber that throws does not stop the others, and the job is retried", async () => {
    const q = recordingQueue();
    const s = await spaceWithIntegration(q);
    const revisionId = await writeToMain(q, s, "quolls");
    const jobId = `ce-${(await eventOf(revisionId))!.id}`;
    const subscribers = CONTENT_EVENT_SUBSCRIBERS["space.content.updated"];
    let failing = true;
    subscribers.unshift({
      name: "flaky",
      run: async () => {
        if (failing) throw new Error("flaky subscriber down");
        return { flaky: "ok" };
      },
    });
    try {
      await expect(runJob(jobContext(q), jobId, { deadLetter: false })).rejects.toThrow(/flaky subscriber down/);
      const retried = await jobOf(jobId);
      expect(retried).toMatchObject({ status: "pending" });
      expect(retried?.error).toContain("flaky: flaky subscriber down");
      // The subscribers after it ran: the index is at main's revision and the integration event is queued.
      const state = await first<{ revision_id: string }>(
        "SELECT revision_id FROM search_index_state WHERE space_id = ?",
        s.space.id,
      );
      expect(state?.revision_id).toBe(revisionId);
      expect(await spaceContentUpdated(s.space.id)).toHaveLength(1);

      failing = false;
      await runJob(jobContext(q), jobId, { deadLetter: false });
      const done = await jobOf(jobId);
      expect(done?.status).toBe("completed");
      expect(JSON.parse(done!.result!)).toMatchObject({ flaky: "ok", upToDate: true, integrationEvents: 0 });
      expect(await spaceContentUpdated(s.space.id)).toHaveLength(1);
    } finally {
      subscribers.shift();
    }
  }, 30_000);

  it("an event whose message was lost is re-sent by the stuck-job sweep", async () => {
    const down = recordingQueue({ failing: true });
    const s = await spaceWithIntegration(recordingQueue());
    const revisionId = await writeToMain(down, s, "bilbies");
    const jobId = `ce-${(await eventOf(revisionId))!.id}`;
    expect(await jobOf(jobId)).toMatchObject({ status: "pending" });

    const up = recordingQueue();
    // The sweep re-sends the oldest stuck jobs a batch at a time; other files' pending jobs may share this D1.
    for (let sweeps = 0; sweeps < 20 && !up.sent.some((m) => m.jobId === jobId); sweeps++) {
      const swept = await resendStuckJobs({ ...jobContext(up), now: Date.now() + STUCK_AFTER_MS + 1000 });
      expect(swept.resent).toBeGreaterThanOrEqual(1);
    }
    expect(up.sent).toContainEqual({ jobId });
    await runJob(jobContext(up), jobId, { deadLetter: false });
    expect(await jobOf(jobId)).toMatchObject({ status: "completed" });
    expect(await spaceContentUpdated(s.space.id)).toHaveLength(1);
  }, 30_000);

  it("announce queues the events' jobs without a dispatch hook, and calls the hook after sending", async () => {
    const q = recordingQueue();
    const { organization } = await seedOrganization();
    const ctx = { ...adminContext(q, "nobody", organization.id), now: Date.now() };
    const event = contentEventStatements(ctx, {
      kind: "openapi.spec.updated",
      organizationId: organization.id,
      payload: { slug: "none" },
    });
    await ctx.db.batch(event.statements as never);
    await announce(ctx, [event.queued]);
    expect(q.sent).toEqual([{ jobId: event.queued.jobId }]);

    const dispatched: string[][] = [];
    await announce(
      {
        env: q.env,
        dispatch: async (ids) => {
          expect(q.sent).toHaveLength(2); // the message went out first
          dispatched.push(ids);
        },
      },
      [event.queued],
    );
    expect(dispatched).toEqual([[event.queued.eventId]]);
    await announce({ env: q.env, dispatch: async (ids) => void dispatched.push(ids) }, []);
    expect(dispatched).toHaveLength(1);
    expect(q.sent).toHaveLength(2);
  });

  it("the daily prune deletes delivered events older than 7 days and keeps the rest", async () => {
    const q = recordingQueue();
    const { organization } = await seedOrganization();
    const day = 24 * 3600 * 1000;
    const now = Date.now();
    const write = async (age: number, jobStatus: string | null) => {
      const ctx = { ...adminContext(q, "nobody", organization.id), now: now - age * day };
      const event = contentEventStatements(ctx, {
        kind: "openapi.spec.updated",
        organizationId: organization.id,
        payload: { slug: "x" },
      });
      await ctx.db.batch(event.statements as never);
      if (jobStatus === null) await env.DB.prepare("DELETE FROM jobs WHERE id = ?").bind(event.queued.jobId).run();
      else await env.DB.prepare("UPDATE jobs SET status = ? WHERE id = ?").bind(jobStatus, event.queued.jobId).run();
      return event.queued.eventId;
    };
    const old = await write(8, "completed");
    const oldPruned = await write(9, null);
    const oldPending = await write(8, "pending");
    const recent = await write(1, "completed");
    expect(await pruneDeliveredContentEvents({ db: createDb(env.DB), env: q.env as never, now })).toBeGreaterThan(0);
    const left = new Set(
      (await all<{ id: string }>("SELECT id FROM content_events WHERE organization_id = ?", organization.id)).map(
        (r) => r.id,
      ),
    );
    expect(left.has(old)).toBe(false);
    expect(left.has(oldPruned)).toBe(false);
    expect(left.has(oldPending)).toBe(true);
    expect(left.has(recent)).toBe(true);
  });
});
