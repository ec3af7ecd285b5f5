import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import worker from "../../src/index";
import { JOB_RUNNERS, RUN_LEASE_MS } from "../../src/jobs/registry";
import { INLINE_INDEX_PAGES, updateSearchIndex } from "../../src/services/search/search-index";
import { api } from "../helpers/http";
import { indexed, mergePages, page, searchSpace } from "../helpers/search";
import { seedMember, seedOrganization } from "../helpers/seed";
import { undeliveredQueue } from "../helpers/undelivered-queue";

// Issue 38, part 4: a space's index converges to its main revision whatever happens to the jobs that write it
// (a consumer that dies mid-run and whose message comes back, a continuation that fails once or is not sent, two
// merges in flight), without waiting for a sweep; and an operator can check an index against its revision and
// repair it.

const db = createDb(env.DB);
const WORD = "quokkaline";
/** More pages than an inline run takes: the content-event job indexes them. */
const PAGES = INLINE_INDEX_PAGES + 10;

const pages = (tag: string, n: number, word = WORD) =>
  Array.from({ length: n }, (_, i) =>
    page(`${tag}${i}`, `${tag} ${i}`, `About ${tag} ${i}: the ${word} ${tag}x${i}.\n`),
  );

/** Content writes take at most 50 changes each. */
const inWrites = <T>(changes: T[]) =>
  Array.from({ length: Math.ceil(changes.length / 50) }, (_, i) => changes.slice(i * 50, i * 50 + 50));

/** One delivery of a job's message to the Worker's consumer: whether it was acked, or retried and after how long. */
async function deliver(jobId: string, testEnv = env) {
  const outcome: { acked: boolean; retriedAfter?: number } = { acked: false };
  const message = {
    id: `m-${jobId}`,
    timestamp: new Date(),
    attempts: 1,
    body: { jobId },
    ack: () => {
      outcome.acked = true;
    },
    retry: (options?: { delaySeconds?: number }) => {
      outcome.retriedAfter = options?.delaySeconds ?? 0;
    },
  };
  await worker.queue({ queue: "quire-jobs", messages: [message] } as never, testEnv as never, createExecutionContext());
  return outcome;
}

const job = (id: string) =>
  env.DB.prepare("SELECT status, attempts, updated_at AS updatedAt FROM jobs WHERE id = ?")
    .bind(id)
    .first<{ status: string; attempts: number; updatedAt: number }>();

const indexedPages = async (spaceId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM search_pages WHERE space_id = ?")
    .bind(spaceId)
    .first<{ n: number }>())!.n;

async function found(token: string, spaceId: string, query = WORD) {
  const res = await searchSpace(token, spaceId, query, "&limit=100");
  expect(res.status).toBe(200);
  return (res.json.items as unknown[]).length;
}

const health = async (token: string, spaceId: string) => api("GET", `/spaces/${spaceId}/search/index`, { token });

const realSearchRunner = JOB_RUNNERS["search-index"]!;
afterEach(() => {
  JOB_RUNNERS["search-index"] = realSearchRunner;
});

describe("a search index converges without the sweep", () => {
  it("when the consumer running its job dies mid-run and the queue redelivers the message", async () => {
    const q = undeliveredQueue();
    const { organization, owner } = await seedOrganization();
    const { data: space } = await q.client(owner.token).orgs.createSpace(organization.id, { title: "Dies" });
    const { data: cr } = await q.client(owner.token).spaces.createChangeRequest(space.id, { subject: "Many" });
    for (const changes of inWrites(pages("p", PAGES))) {
      const write = await q.fetch(
        `https://api.quire.test/v1/spaces/${space.id}/change-requests/${cr.id}/content?compat=false`,
        {
          method: "POST",
          headers: { authorization: `Bearer ${owner.token}`, "content-type": "application/json" },
          body: JSON.stringify({ changes }),
        },
      );
      expect(write.status).toBe(200);
    }
    await q.client(owner.token).spaces.mergeChangeRequest(space.id, cr.id);
    await q.settle(); // the inline run left the merge's 60 pages to the job
    expect(await indexedPages(space.id)).toBe(0);
    const [message] = q.sent.splice(0);

    // A consumer claims the content-event job, indexes 20 pages and dies: the row stays `running`.
    const claimedAt = Date.now();
    await env.DB.prepare("UPDATE jobs SET status = 'running', attempts = 1, updated_at = ? WHERE id = ?")
      .bind(claimedAt, message!.jobId)
      .run();
    await updateSearchIndex(
      { db, env: { ...env, JOBS: { send: async () => {} } } as never, now: claimedAt },
      space.id,
      20,
    );
    expect(await indexedPages(space.id)).toBe(20);

    // The queue redelivers the dead invocation's message at once: the job still looks held, so the message is
    // kept (retried once that claim's lease would lapse), not acked and lost as before.
    const first = await deliver(message!.jobId, q.env);
    expect(first.acked).toBe(false);
    expect(first.retriedAfter).toBeGreaterThan(RUN_LEASE_MS / 1000 - 5);
    expect(first.retriedAfter).toBeLessThanOrEqual(RUN_LEASE_MS / 1000 + 1);
    expect(await job(message!.jobId)).toMatchObject({ status: "running", attempts: 1 });

    // When it comes back, the lease has lapsed (no heartbeat: the consumer is dead): it claims the job and finishes.
    await env.DB.prepare("UPDATE jobs SET updated_at = ? WHERE id = ?")
      .bind(Date.now() - RUN_LEASE_MS - 1000, message!.jobId)
      .run();
    const second = await deliver(message!.jobId, q.env);
    expect(second).toEqual({ acked: true });
    expect(await job(message!.jobId)).toMatchObject({ status: "completed", attempts: 2 });
    expect(await indexedPages(space.id)).toBe(PAGES);
    expect(await found(owner.token, space.id)).toBe(PAGES);
    expect((await health(owner.token, space.id)).json).toMatchObject({ upToDate: true, pages: { missing: 0 } });
  });

  it("when a continuation job fails once", async () => {
    const { organization, owner } = await seedOrganization();
    const space = await api("POST", `/orgs/${organization.id}/spaces`, {
      token: owner.token,
      body: { title: "Fails" },
    });
    await mergePages(owner.token, space.json.id, pages("c", 8));
    await env.DB.batch([
      env.DB.prepare("DELETE FROM search_sections WHERE space_id = ?").bind(space.json.id),
      env.DB.prepare("DELETE FROM search_pages WHERE space_id = ?").bind(space.json.id),
      env.DB.prepare("DELETE FROM search_index_state WHERE space_id = ?").bind(space.json.id),
    ]);
    let failures = 0;
    JOB_RUNNERS["search-index"] = async (ctx, row) => {
      if (failures++ === 0) throw new Error("D1 went away (injected)");
      return realSearchRunner(ctx, row);
    };
    // A run with a budget of 3 indexes 3 pages and queues the rest to a continuation, whose first run fails.
    const run = await updateSearchIndex({ db, env, now: Date.now() }, space.json.id, 3);
    expect(run).toMatchObject({ reindexed: 3, more: true });
    await indexed(space.json.id);
    expect(failures).toBe(2);
    expect(await found(owner.token, space.json.id)).toBe(8);
  });

  it("when a continuation's message cannot be sent: the run fails, to be retried, rather than leave the rest", async () => {
    const { organization, owner } = await seedOrganization();
    const space = await api("POST", `/orgs/${organization.id}/spaces`, {
      token: owner.token,
      body: { title: "Unsent" },
    });
    await mergePages(owner.token, space.json.id, pages("u", 6));
    await env.DB.prepare("DELETE FROM search_index_state WHERE space_id = ?").bind(space.json.id).run();
    await env.DB.prepare("DELETE FROM search_pages WHERE space_id = ?").bind(space.json.id).run();
    const lost = { ...env, JOBS: { send: async () => Promise.reject(new Error("queue unavailable (injected)")) } };
    await expect(updateSearchIndex({ db, env: lost as never, now: Date.now() }, space.json.id, 2)).rejects.toThrow(
      "queue unavailable",
    );
    // Its retry (the same job, here run directly) goes on from where it stopped.
    await updateSearchIndex({ db, env, now: Date.now() }, space.json.id);
    await indexed(space.json.id);
    expect(await indexedPages(space.json.id)).toBe(6);
  });

  it("when two merges are in flight at once", async () => {
    const { organization, owner } = await seedOrganization();
    const space = await api("POST", `/orgs/${organization.id}/spaces`, { token: owner.token, body: { title: "Two" } });
    const changeRequest = async (tag: string) => {
      const cr = await api("POST", `/spaces/${space.json.id}/change-requests`, {
        token: owner.token,
        body: { subject: tag },
      });
      for (const changes of inWrites(pages(tag, PAGES))) {
        const res = await api("POST", `/spaces/${space.json.id}/change-requests/${cr.json.id}/content?compat=false`, {
          token: owner.token,
          body: { changes },
        });
        expect(res.status).toBe(200);
      }
      return cr.json.id as string;
    };
    const [a, b] = await Promise.all([changeRequest("a"), changeRequest("b")]);
    const merges = await Promise.all(
      [a, b].map((id) => api("POST", `/spaces/${space.json.id}/change-requests/${id}/merge`, { token: owner.token })),
    );
    expect(merges.map((m) => m.json.result)).toEqual(["merge", "merge"]);
    await indexed(space.json.id);
    expect(await found(owner.token, space.json.id, `${WORD} a`)).toBeGreaterThan(0);
    expect(await indexedPages(space.json.id)).toBe(2 * PAGES);
    expect((await health(owner.token, space.json.id)).json).toMatchObject({
      upToDate: true,
      pages: { expected: 2 * PAGES, indexed: 2 * PAGES },
    });
  });
});

describe("checking and repairing an index (getSpaceSearchIndex, repairSpaceSearchIndex)", () => {
  it("finds an index that says it is done and is not, and repairs it without the sweep", async () => {
    const { organization, owner } = await seedOrganization();
    const space = await api("POST", `/orgs/${organization.id}/spaces`, {
      token: owner.token,
      body: { title: "Check" },
    });
    const spaceId = space.json.id as string;
    await mergePages(owner.token, spaceId, pages("k", 5));
    const healthy = await health(owner.token, spaceId);
    expect(healthy.status).toBe(200);
    expect(healthy.json).toMatchObject({
      object: "search-index",
      spaceId,
      upToDate: true,
      pages: { expected: 5, indexed: 5, missing: 0, stale: 0, moved: 0, extra: 0, withoutSections: 0 },
    });
    expect(healthy.json.indexedRevision).toBe(healthy.json.revision);

    // Two pages lose their text and one its row, while the state still says the index is at the revision.
    const [lostText, lostRow] = (
      await env.DB.prepare("SELECT page_id AS id FROM search_pages WHERE space_id = ? ORDER BY page_id LIMIT 3")
        .bind(spaceId)
        .all<{ id: string }>()
    ).results;
    await env.DB.batch([
      env.DB.prepare("DELETE FROM search_sections WHERE space_id = ? AND page_id = ?").bind(spaceId, lostText!.id),
      env.DB.prepare("DELETE FROM search_pages WHERE space_id = ? AND page_id = ?").bind(spaceId, lostRow!.id),
    ]);
    expect(await found(owner.token, spaceId)).toBeLessThan(5);
    const broken = await health(owner.token, spaceId);
    expect(broken.json).toMatchObject({ upToDate: false, pages: { indexed: 4, missing: 1, withoutSections: 1 } });

    const repair = await api("POST", `/spaces/${spaceId}/search/index/repair`, { token: owner.token });
    expect(repair.status).toBe(202);
    expect(repair.json).toMatchObject({ upToDate: false, repairQueued: true });
    await indexed(spaceId);
    expect((await health(owner.token, spaceId)).json).toMatchObject({ upToDate: true, pages: { indexed: 5 } });
    expect(await found(owner.token, spaceId)).toBe(5);

    // An index that is fine is left alone.
    const again = await api("POST", `/spaces/${spaceId}/search/index/repair`, { token: owner.token });
    expect(again.json).toMatchObject({ upToDate: true, repairQueued: false });
  });

  it("is for space admins: an editor gets 403, another organization 404, no token 401", async () => {
    const { organization, owner } = await seedOrganization();
    const space = await api("POST", `/orgs/${organization.id}/spaces`, { token: owner.token, body: { title: "Mine" } });
    const editor = await seedMember(organization.id, "edit");
    const stranger = (await seedOrganization("Other")).owner;
    for (const [method, path] of [
      ["GET", `/spaces/${space.json.id}/search/index`],
      ["POST", `/spaces/${space.json.id}/search/index/repair`],
    ] as const) {
      expect((await api(method, path, { token: editor.token })).status).toBe(403);
      expect((await api(method, path, { token: stranger.token })).status).toBe(404);
      expect((await api(method, path, {})).status).toBe(401);
    }
  });
});
