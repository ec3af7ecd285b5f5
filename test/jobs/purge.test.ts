import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import worker from "../../src/index";
import { SPACE_SCOPED_TABLES } from "../../src/content/store";
import { contentBlobs, jobs } from "../../src/db/schema";
import {
  PURGE_JOB_KIND,
  PURGE_ROUNDS_PER_RUN,
  PURGE_SPACES_PER_ROUND,
  purgeDeletedSpaces,
} from "../../src/services/spaces/purge";
import { runJob } from "../../src/jobs/registry";
import { client } from "../helpers/http";
import { db, seedOrganization } from "../helpers/seed";

const DAY = 24 * 60 * 60 * 1000;
const scheduledTime = Date.UTC(2027, 0, 10, 3, 0, 0);

async function runCron() {
  const controller = createScheduledController({ scheduledTime: new Date(scheduledTime), cron: "0 3 * * *" });
  const ctx = createExecutionContext();
  await (worker.scheduled as ExportedHandlerScheduledHandler<typeof env>)(controller, env, ctx);
  await waitOnExecutionContext(ctx);
}

async function rowsOf(spaceId: string) {
  const counts: Record<string, number> = {};
  for (const table of [...SPACE_SCOPED_TABLES, "spaces"]) {
    const column = table === "spaces" ? "id" : "space_id";
    const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${column} = ?`)
      .bind(spaceId)
      .first<{ n: number }>();
    counts[table] = row!.n;
  }
  return counts;
}

async function objectsOf(spaceId: string) {
  return (await env.STORAGE.list({ prefix: `spaces/${spaceId}/` })).objects.length;
}

/** A space with content rows and R2 objects, deleted `deletedAt` ms (null: live). */
async function seedSpace(admin: ReturnType<typeof client>, org: string, deletedAt: number | null) {
  const { data } = await admin.orgs.createSpace(org, {});
  await db.insert(contentBlobs).values({ spaceId: data.id, hash: `h-${data.id}`, body: "# Page" });
  await env.STORAGE.put(`spaces/${data.id}/files/a.png`, "a");
  await env.STORAGE.put(`spaces/${data.id}/files/b.png`, "b");
  if (deletedAt !== null)
    await env.DB.prepare("UPDATE spaces SET deleted_at = ? WHERE id = ?").bind(deletedAt, data.id).run();
  return data.id;
}

describe("purge cron", () => {
  it("purges exactly the spaces deleted more than 7 days before scheduledTime, rows and R2 objects, twice", async () => {
    const { organization, owner } = await seedOrganization();
    const admin = client(owner.token);
    const old = await seedSpace(admin, organization.id, scheduledTime - 8 * DAY);
    const recent = await seedSpace(admin, organization.id, scheduledTime - 6 * DAY);
    const live = await seedSpace(admin, organization.id, null);
    const restored = await seedSpace(admin, organization.id, scheduledTime - 9 * DAY);
    await env.DB.prepare("UPDATE spaces SET deleted_at = NULL WHERE id = ?").bind(restored).run();
    await env.STORAGE.put(`spaces/${old}x/other.png`, "not under the old space's prefix");
    const { data: col } = await admin.orgs.createCollection(organization.id, {});
    await env.DB.prepare("UPDATE collections SET deleted_at = ? WHERE id = ?")
      .bind(scheduledTime - 8 * DAY, col.id)
      .run();

    for (let run = 0; run < 2; run++) {
      await runCron();
      expect(Object.values(await rowsOf(old)).every((n) => n === 0)).toBe(true);
      expect(await objectsOf(old)).toBe(0);
      for (const kept of [recent, live, restored]) {
        expect(await rowsOf(kept)).toMatchObject({ revisions: 1, content_blobs: 1, content_nodes: 1, spaces: 1 });
        expect(await objectsOf(kept)).toBe(2);
      }
      expect(await env.STORAGE.head(`spaces/${old}x/other.png`)).not.toBeNull();
      expect(await env.DB.prepare("SELECT id FROM collections WHERE id = ?").bind(col.id).first()).toBeNull();
    }
  });

  it("is bounded per run and queues a continuation job with the same cutoff", async () => {
    const { organization, owner } = await seedOrganization();
    const admin = client(owner.token);
    const total = PURGE_SPACES_PER_ROUND * PURGE_ROUNDS_PER_RUN + 3;
    const ids: string[] = [];
    for (let i = 0; i < total; i++) {
      const { data } = await admin.orgs.createSpace(organization.id, {});
      ids.push(data.id);
    }
    for (let i = 0; i < ids.length; i += 90) {
      const part = ids.slice(i, i + 90);
      await env.DB.prepare(`UPDATE spaces SET deleted_at = ? WHERE id IN (${part.map(() => "?").join(",")})`)
        .bind(1, ...part)
        .run();
    }
    const sent: unknown[] = [];
    const jobsBinding = { send: async (message: unknown) => void sent.push(message) } as unknown as Queue;
    const ctx = { db, env: { ...env, JOBS: jobsBinding } as typeof env, now: scheduledTime };
    const first = await purgeDeletedSpaces(ctx);
    expect(first).toEqual({ purged: PURGE_SPACES_PER_ROUND * PURGE_ROUNDS_PER_RUN, more: true });
    expect(sent).toHaveLength(1);
    const jobId = (sent[0] as { jobId: string }).jobId;
    const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(job).toMatchObject({ kind: PURGE_JOB_KIND, payload: { cutoff: scheduledTime - 7 * DAY } });
    await runJob(ctx, jobId, { deadLetter: false });
    const [done] = await db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(done).toMatchObject({ status: "completed", result: { purged: 3, more: false } });
    const left = await env.DB.prepare("SELECT count(*) AS n FROM spaces WHERE organization_id = ?")
      .bind(organization.id)
      .first<{ n: number }>();
    expect(left!.n).toBe(0);
    await runJob(ctx, jobId, { deadLetter: false }); // redelivery: a no-op
    expect(sent).toHaveLength(1);
  });
});
