import { env } from "cloudflare:workers";
import { strToU8, zipSync } from "fflate";
import { StorageUploadKind } from "gitbook-api-current";
import { describe, expect, it, vi } from "vitest";
import { createDb } from "../../src/db/client";
import { runJob } from "../../src/jobs/registry";
import type { ServiceContext } from "../../src/services/core/context";
import { startImportRun } from "../../src/services/imports";
import { PAGES_PER_INVOCATION } from "../../src/services/imports/run-job";
import { seedSpace } from "../helpers/content";
import { currentClient, expectCurrentShape } from "../helpers/current-client";
import { clientError, workerFetch } from "../helpers/http";
import { seedMember, seedOrganization } from "../helpers/seed";

const origin = env.FIXTURE_ORIGIN;
const db = createDb(env.DB);
type Cc = ReturnType<typeof currentClient>;
type Page = { id: string; title: string; pages?: Page[] };
type Run = Omit<Awaited<ReturnType<Cc["org"]["getImportRun"]>>["data"], "pages"> & {
  progress: { pagesTotal: number; pagesDone: number; pagesFailed: number };
  pages: { id: string; title: string; status: string; error?: string; sourceURL?: string }[];
  cancelRequested: boolean;
};

const jobOf = async (runId: string) =>
  (await env.DB.prepare("SELECT job_id FROM import_runs WHERE id = ?").bind(runId).first<{ job_id: string }>())!.job_id;

/** Runs the run's job here (the queue may run it too: the claim is a compare-and-set) and waits for its end. */
async function finished(gb: Cc, orgId: string, runId: string): Promise<Run> {
  await runJob({ db, env, now: Date.now() }, await jobOf(runId), { deadLetter: false });
  return vi.waitUntil(
    async () => {
      const run = (await gb.org.getImportRun(orgId, runId)).data as unknown as Run;
      return ["completed", "failed", "cancelled"].includes(run.status) ? run : undefined;
    },
    { timeout: 15_000, interval: 100 },
  );
}

const titles = (pages: Page[]) => pages.map((p) => p.title);
const markdownOf = async (gb: Cc, spaceId: string, pageId: string) =>
  ((await gb.spaces.getPageById(spaceId, pageId, { format: "markdown" as never })).data as { markdown: string })
    .markdown;

async function uploadImportFile(token: string, orgId: string, name: string, type: string, text: string) {
  const bytes = new TextEncoder().encode(text);
  const { data } = await currentClient(token).orgs.generateStorageUploadUrl(orgId, {
    kind: StorageUploadKind.ImportFile,
    file: { name, type, size: bytes.byteLength },
  });
  const res = await workerFetch(data.url, { method: "PUT", body: bytes, headers: { "content-type": type } });
  expect(res.status).toBe(204);
  return data.key;
}

describe("import runs: a website crawled into a space by a queue job", () => {
  it("imports the site page by page, links between pages resolved, and shows the progress", async () => {
    const { organization, owner, space } = await seedSpace();
    const gb = currentClient(owner.token);
    const started = await gb.org.startImportRun(organization.id, {
      source: { type: "website", url: `${origin}/site/index.html` },
      target: { space: space.id },
    });
    expect(started.status).toBe(201);
    expectCurrentShape("ContentImportRun", started.data);
    expect(started.data).toMatchObject({ object: "import-run", status: "pending", target: { space: space.id } });
    expect(started.data.urls?.location).toBe(
      `https://api.quire.test/v1/org/${organization.id}/imports/${started.data.id}`,
    );

    const run = await finished(gb, organization.id, started.data.id);
    expectCurrentShape("ContentImportRun", run);
    expect(run).toMatchObject({ status: "completed", progress: { pagesTotal: 3, pagesDone: 3, pagesFailed: 0 } });
    expect(run.reason).toBeUndefined();
    expect(run.completedAt).toEqual(expect.any(String));
    expect(run.pages.map((p) => [p.title, p.status, p.sourceURL])).toEqual([
      ["Welcome to Acme", "complete", `${origin}/site/index.html`],
      ["About us", "complete", `${origin}/site/about.html`],
      ["Guide", "complete", `${origin}/site/guide.html`],
    ]);

    const pages = (await gb.spaces.listPages(space.id)).data.pages as Page[];
    expect(titles(pages)).toEqual(["Welcome to Acme", "About us", "Guide"]);
    expect(run.pages.map((p) => p.id)).toEqual(pages.map((p) => p.id));
    const [file] = (await gb.spaces.listFiles(space.id)).data.items;
    // A link to a page written later is fixed when the run ends; a link back resolves at once.
    const home = await markdownOf(gb, space.id, pages[0]!.id);
    expect(home).toContain(`[about the team](/pages/${pages[1]!.id})`);
    expect(home).toContain(`![Logo](/files/${file!.id})`);
    expect(await markdownOf(gb, space.id, pages[1]!.id)).toContain(`(/pages/${pages[2]!.id})`);
    expect(await markdownOf(gb, space.id, pages[2]!.id)).toContain(`[home](/pages/${pages[0]!.id})`);
    // Each page its own revision (then the link fix-up): the run is resumable and cancellable between pages.
    const revisions = await env.DB.prepare("SELECT count(*) AS n FROM revisions WHERE space_id = ?")
      .bind(space.id)
      .first<{ n: number }>();
    expect(revisions!.n).toBeGreaterThanOrEqual(4);
  });

  it("imports into a new space of the organization when no target space is given", async () => {
    const { organization, owner } = await seedOrganization();
    const gb = currentClient(owner.token);
    const started = await gb.org.startImportRun(organization.id, {
      source: { type: "website", url: `${origin}/page.html` },
      target: {} as never,
    });
    const spaceId = started.data.target!.space;
    expect(spaceId).toEqual(expect.any(String));
    expect((await gb.spaces.getSpaceById(spaceId)).data.title).toBe(new URL(origin).hostname);
    const run = await finished(gb, organization.id, started.data.id);
    expect(run.status).toBe("completed");
    expect(run.reason).toBeUndefined();
    expect(titles((await gb.spaces.listPages(spaceId)).data.pages as Page[])).toEqual(["Single page"]);
  });

  it("refuses private hosts at the start with a 400, and records an unreadable start page as the run's error", async () => {
    const { organization, owner, space } = await seedSpace();
    const gb = currentClient(owner.token);
    for (const url of ["http://10.0.0.1/docs", "http://169.254.169.254/latest/meta-data/"]) {
      const error = await clientError(
        gb.org.startImportRun(organization.id, { source: { type: "website", url }, target: { space: space.id } }),
      );
      expect(error.code).toBe(400);
      expect(error.errorMessage).toMatch(/private, loopback and link-local/);
    }
    const started = await gb.org.startImportRun(organization.id, {
      source: { type: "website", url: `${origin}/site/nowhere.html` },
      target: { space: space.id },
    });
    const run = await finished(gb, organization.id, started.data.id);
    expect(run.status).toBe("failed");
    expect(run.reason).toMatch(/404|not found|could not/i);
    expect((await gb.spaces.listPages(space.id)).data.pages).toEqual([]);
  });
});

describe("import runs: uploaded files", () => {
  it("plans each file with the planner of its kind; an unreadable file is recorded and the others imported", async () => {
    const { organization, owner, space } = await seedSpace();
    const gb = currentClient(owner.token);
    const keys = [
      await uploadImportFile(owner.token, organization.id, "notes.md", "text/markdown", "# Notes\n\nSome *notes*.\n"),
      await uploadImportFile(
        owner.token,
        organization.id,
        "intro.html",
        "text/html",
        "<html><head><title>Intro</title></head><body><h1>Introduction</h1><p>Hello.</p></body></html>",
      ),
      await uploadImportFile(owner.token, organization.id, "data.bin", "application/octet-stream", "binary?"),
    ];
    const started = await gb.org.startImportRun(organization.id, {
      source: { type: "file", files: keys },
      target: { space: space.id },
    });
    const run = await finished(gb, organization.id, started.data.id);
    expectCurrentShape("ContentImportRun", run);
    expect(run.status).toBe("completed");
    expect(run.reason).toBe("1 of 3 pages could not be imported");
    expect(run.progress).toEqual({ pagesTotal: 3, pagesDone: 2, pagesFailed: 1 });
    expect(run.pages[2]).toMatchObject({
      title: "data.bin",
      status: "pending",
      error: expect.stringMatching(/data\.bin/),
    });
    const pages = (await gb.spaces.listPages(space.id)).data.pages as Page[];
    expect(titles(pages)).toEqual(["Notes", "Introduction"]);
    expect(await markdownOf(gb, space.id, pages[0]!.id)).toContain("Some *notes*.");
  });

  it("a zip of more pages than one invocation writes continues in a new job, as one run", async () => {
    const { organization, owner, space } = await seedSpace();
    const gb = currentClient(owner.token);
    const count = PAGES_PER_INVOCATION + 5;
    const entries = Object.fromEntries(
      Array.from({ length: count }, (_, i) => [
        `docs/p${String(i + 1).padStart(2, "0")}.md`,
        strToU8(`# Page ${i + 1}\n\n${i ? `Back to [page ${i}](p${String(i).padStart(2, "0")}.md).` : "First."}\n`),
      ]),
    );
    const bytes = zipSync(entries);
    const { data } = await gb.orgs.generateStorageUploadUrl(organization.id, {
      kind: StorageUploadKind.ImportFile,
      file: { name: "docs.zip", type: "application/zip", size: bytes.byteLength },
    });
    expect((await workerFetch(data.url, { method: "PUT", body: bytes })).status).toBe(204);
    const started = await gb.org.startImportRun(organization.id, {
      source: { type: "file", files: [data.key] },
      target: { space: space.id },
    });
    const firstJob = await jobOf(started.data.id);
    const run = await finished(gb, organization.id, started.data.id);
    expect(run.status).toBe("completed");
    expect(run.progress).toEqual({ pagesTotal: count, pagesDone: count, pagesFailed: 0 });
    const job = await env.DB.prepare("SELECT result FROM jobs WHERE id = ?").bind(firstJob).first<{ result: string }>();
    expect(JSON.parse(job!.result)).toEqual({ continuedIn: expect.any(String) });
    const pages = (await gb.spaces.listPages(space.id)).data.pages as Page[];
    expect(pages).toHaveLength(count);
    expect(await markdownOf(gb, space.id, pages[count - 1]!.id)).toContain(`(/pages/${pages[count - 2]!.id})`);
    // The plan is dropped from R2 once the run is over.
    expect(await env.STORAGE.get(`orgs/${organization.id}/import-runs/${started.data.id}.json`)).toBeNull();
  });

  it("refuses keys that are not the organization's uploaded import files, and more than 50 files", async () => {
    const { organization, owner, space } = await seedSpace();
    const other = await seedSpace();
    const foreign = await uploadImportFile(other.owner.token, other.organization.id, "a.md", "text/markdown", "# A\n");
    const gb = currentClient(owner.token);
    for (const files of [[foreign], [`orgs/${organization.id}/uploads/nope`]]) {
      const error = await clientError(
        gb.org.startImportRun(organization.id, { source: { type: "file", files }, target: { space: space.id } }),
      );
      expect(error.code).toBe(400);
      expect(error.errorMessage).toMatch(/body\.source\.files\.0/);
    }
    const tooMany = await clientError(
      gb.org.startImportRun(organization.id, {
        source: { type: "file", files: Array.from({ length: 51 }, (_, i) => `orgs/${organization.id}/uploads/k${i}`) },
        target: { space: space.id },
      }),
    );
    expect(tooMany.code).toBe(400);
  });
});

describe("import runs: cancel, permissions and lists", () => {
  it("cancel stops the run before its next page; the pages imported so far are kept, and the run says so", async () => {
    const { organization, owner, space } = await seedSpace();
    const gb = currentClient(owner.token);
    // The run's messages stay here, so that this test runs the job alone and cancels it after its first page.
    const sent: unknown[] = [];
    const jobsEnv = new Proxy(env, {
      get: (target, prop) =>
        prop === "JOBS" ? { send: async (m: unknown) => void sent.push(m) } : Reflect.get(target, prop),
    });
    const ctx: ServiceContext = {
      db,
      env: jobsEnv as never,
      caller: {
        kind: "user",
        userId: owner.user.id,
        tokenId: owner.tokenId,
        memberships: new Map([[organization.id, "admin"]]),
      },
      urls: { api: "https://api.quire.test", app: "https://app.quire.test" },
      now: Date.now(),
    };
    const run = await startImportRun(ctx, organization.id, {
      source: { type: "website", url: `${origin}/site/index.html` },
      target: { space: space.id },
    });
    expect(sent).toEqual([{ jobId: run.jobId }]);
    let writes = 0;
    const dispatch = async () => {
      // Called after each page's commit: the first one is followed by a cancel.
      if (++writes === 1) {
        const cancelled = await gb.org.cancelImportRun(organization.id, run.id);
        expectCurrentShape("ContentImportRun", cancelled.data);
        expect(cancelled.data).toMatchObject({ status: "in-progress", cancelRequested: true });
      }
    };
    await runJob({ db, env: jobsEnv as never, now: Date.now(), dispatch }, run.jobId!, { deadLetter: false });

    const ended = (await gb.org.getImportRun(organization.id, run.id)).data as unknown as Run;
    expect(ended.status).toBe("cancelled");
    expect(ended.reason).toBe("Cancelled after 1 of 3 pages; the pages imported so far are kept");
    expect(ended.progress).toEqual({ pagesTotal: 3, pagesDone: 1, pagesFailed: 0 });
    expect(ended.pages.map((p) => p.status)).toEqual(["complete", "pending", "pending"]);
    const pages = (await gb.spaces.listPages(space.id)).data.pages as Page[];
    expect(titles(pages)).toEqual(["Welcome to Acme"]);
    // The link to a page never imported points at its source.
    expect(await markdownOf(gb, space.id, pages[0]!.id)).toContain(`(${origin}/site/about.html)`);
    // Over: a second cancel is refused.
    expect((await clientError(gb.org.cancelImportRun(organization.id, run.id))).code).toBe(400);
  });

  it("a pending run is cancelled at once and its job then does nothing", async () => {
    const { organization, owner, space } = await seedSpace();
    const gb = currentClient(owner.token);
    const sent: unknown[] = [];
    const jobsEnv = new Proxy(env, {
      get: (target, prop) =>
        prop === "JOBS" ? { send: async (m: unknown) => void sent.push(m) } : Reflect.get(target, prop),
    });
    const ctx: ServiceContext = {
      db,
      env: jobsEnv as never,
      caller: {
        kind: "user",
        userId: owner.user.id,
        tokenId: owner.tokenId,
        memberships: new Map([[organization.id, "admin"]]),
      },
      urls: { api: "https://api.quire.test", app: "https://app.quire.test" },
      now: Date.now(),
    };
    const run = await startImportRun(ctx, organization.id, {
      source: { type: "website", url: `${origin}/site/index.html` },
      target: { space: space.id },
    });
    const cancelled = await gb.org.cancelImportRun(organization.id, run.id);
    expect(cancelled.data).toMatchObject({ status: "cancelled", reason: "Cancelled before any page was imported" });
    await runJob({ db, env: jobsEnv as never, now: Date.now() }, run.jobId!, { deadLetter: false });
    expect((await gb.org.getImportRun(organization.id, run.id)).data.status).toBe("cancelled");
    expect((await gb.spaces.listPages(space.id)).data.pages).toEqual([]);
  });

  it("a run whose job exhausted its retries (dead letter) is shown failed, never left pending", async () => {
    const { organization, owner, space } = await seedSpace();
    const gb = currentClient(owner.token);
    const jobsEnv = new Proxy(env, {
      get: (target, prop) => (prop === "JOBS" ? { send: async () => undefined } : Reflect.get(target, prop)),
    });
    const ctx: ServiceContext = {
      db,
      env: jobsEnv as never,
      caller: {
        kind: "user",
        userId: owner.user.id,
        tokenId: owner.tokenId,
        memberships: new Map([[organization.id, "admin"]]),
      },
      urls: { api: "https://api.quire.test", app: "https://app.quire.test" },
      now: Date.now(),
    };
    const run = await startImportRun(ctx, organization.id, {
      source: { type: "website", url: `${origin}/page.html` },
      target: { space: space.id },
    });
    await runJob({ db, env: jobsEnv as never, now: Date.now() }, run.jobId!, { deadLetter: true });
    const ended = (await gb.org.getImportRun(organization.id, run.id)).data;
    expect(ended).toMatchObject({ status: "failed", reason: "Gave up after the maximum number of retries" });
  });

  it("needs edit on the target space (or create for a new one); readers see runs; other organizations get 404", async () => {
    const { organization, owner, space } = await seedSpace();
    const reader = await seedMember(organization.id, "read");
    const editor = await seedMember(organization.id, "edit");
    const outsider = await seedSpace();
    const source = { type: "website" as const, url: `${origin}/page.html` };
    const asReader = currentClient(reader.token);
    expect(
      (await clientError(asReader.org.startImportRun(organization.id, { source, target: { space: space.id } }))).code,
    ).toBe(403);
    // An editor may import into the space, not create a space.
    const asEditor = currentClient(editor.token);
    expect(
      (await clientError(asEditor.org.startImportRun(organization.id, { source, target: {} as never }))).code,
    ).toBe(403);
    const started = await asEditor.org.startImportRun(organization.id, { source, target: { space: space.id } });
    expect(started.status).toBe(201);
    // Another organization's admin: 404 for the run, its list is its own, and a space of another organization.
    const stranger = currentClient(outsider.owner.token);
    expect((await clientError(stranger.org.getImportRun(organization.id, started.data.id))).code).toBe(404);
    expect((await clientError(stranger.org.getImportRun(outsider.organization.id, started.data.id))).code).toBe(404);
    expect((await clientError(stranger.org.cancelImportRun(outsider.organization.id, started.data.id))).code).toBe(404);
    expect((await clientError(stranger.org.listImportRuns(organization.id))).code).toBe(404);
    expect(
      (
        await clientError(
          stranger.org.startImportRun(outsider.organization.id, { source, target: { space: space.id } }),
        )
      ).code,
    ).toBe(404);
    // The reader sees the run and may not cancel it.
    expect((await asReader.org.getImportRun(organization.id, started.data.id)).data.id).toBe(started.data.id);
    expect((await clientError(asReader.org.cancelImportRun(organization.id, started.data.id))).code).toBe(403);
    await finished(currentClient(owner.token), organization.id, started.data.id);

    // A run into a space the reader may not see: 404 for them, and absent from their list (counted too).
    const admin = currentClient(owner.token);
    const hidden = (await admin.orgs.createSpace(organization.id, { title: "Hidden" })).data;
    await admin.spaces.updateSpaceById(hidden.id, { defaultLevel: null } as never);
    const secret = (await admin.org.startImportRun(organization.id, { source, target: { space: hidden.id } })).data;
    expect((await clientError(asReader.org.getImportRun(organization.id, secret.id))).code).toBe(404);
    const seen = (await asReader.org.listImportRuns(organization.id)).data;
    expect(seen.items.map((r) => r.id)).toEqual([started.data.id]);
    expect(seen.count).toBe(1);
    expect((await admin.org.listImportRuns(organization.id)).data.count).toBe(2);
    await finished(admin, organization.id, secret.id);
  });

  it("lists the runs most recent first in keyset pages, filtered by space and status", async () => {
    const { organization, owner, space } = await seedSpace();
    const gb = currentClient(owner.token);
    const other = (await gb.orgs.createSpace(organization.id, { title: "Other" })).data;
    const source = { type: "website" as const, url: `${origin}/page.html` };
    const a = (await gb.org.startImportRun(organization.id, { source, target: { space: space.id } })).data;
    const b = (await gb.org.startImportRun(organization.id, { source, target: { space: other.id } })).data;
    const c = (await gb.org.startImportRun(organization.id, { source, target: { space: space.id } })).data;
    for (const run of [a, b, c]) await finished(gb, organization.id, run.id);

    const first = await gb.org.listImportRuns(organization.id, { limit: 2 });
    expect(first.data.items.map((r) => r.id)).toEqual([c.id, b.id]);
    expect(first.data.count).toBe(3);
    for (const item of first.data.items) expectCurrentShape("ContentImportRun", item);
    const second = await gb.org.listImportRuns(organization.id, { limit: 2, page: first.data.next!.page });
    expect(second.data.items.map((r) => r.id)).toEqual([a.id]);
    expect(second.data.next).toBeUndefined();
    const inSpace = await gb.org.listImportRuns(organization.id, { space: space.id });
    expect(inSpace.data.items.map((r) => r.id)).toEqual([c.id, a.id]);
    expect((await gb.org.listImportRuns(organization.id, { status: "completed" as never })).data.count).toBe(3);
    expect((await gb.org.listImportRuns(organization.id, { status: "active" as never })).data.count).toBe(0);
  });
});
