import { describe, expect, it } from "vitest";
import { runJob } from "../../src/jobs/registry";
import { startImportRun } from "../../src/services/imports";
import { seedSpace } from "../helpers/content";
import { currentClient, expectCurrentShape } from "../helpers/current-client";
import { clientError } from "../helpers/http";
import {
  db,
  finished,
  markdownOf,
  origin,
  type Page,
  queuelessContext,
  type Run,
  titles,
} from "../helpers/import-runs";
import { seedMember } from "../helpers/seed";

/** A website run into a new space whose queue message stays in the test (it runs the job itself, alone). */
async function websiteRunLeftQueued() {
  const { organization, owner, space } = await seedSpace();
  const gb = currentClient(owner.token);
  const { ctx, env: jobsEnv, sent } = queuelessContext(owner, organization.id);
  const run = await startImportRun(ctx, organization.id, {
    source: { type: "website", url: `${origin}/site/index.html` },
    target: { space: space.id },
  });
  expect(sent).toEqual([{ jobId: run.jobId }]);
  return { organization, owner, space, gb, jobsEnv, run };
}

describe("import runs: cancel, permissions and lists", () => {
  it("cancel stops the run before its next page; the pages imported so far are kept, and the run says so", async () => {
    const { organization, space, gb, jobsEnv, run } = await websiteRunLeftQueued();
    let writes = 0;
    const dispatch = async () => {
      // Called after each page's commit: the first one is followed by a cancel.
      if (++writes === 1) {
        const cancelled = await gb.org.cancelImportRun(organization.id, run.id);
        expectCurrentShape("ContentImportRun", cancelled.data);
        expect(cancelled.data).toMatchObject({ status: "in-progress", cancelRequested: true });
      }
    };
    await runJob({ db, env: jobsEnv, now: Date.now(), dispatch }, run.jobId!, { deadLetter: false });

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
    const { organization, space, gb, jobsEnv, run } = await websiteRunLeftQueued();
    const cancelled = await gb.org.cancelImportRun(organization.id, run.id);
    expect(cancelled.data).toMatchObject({ status: "cancelled", reason: "Cancelled before any page was imported" });
    await runJob({ db, env: jobsEnv, now: Date.now() }, run.jobId!, { deadLetter: false });
    expect((await gb.org.getImportRun(organization.id, run.id)).data.status).toBe("cancelled");
    expect((await gb.spaces.listPages(space.id)).data.pages).toEqual([]);
  });

  it("a run whose job exhausted its retries (dead letter) is shown failed, never left pending", async () => {
    const { organization, owner, space } = await seedSpace();
    const gb = currentClient(owner.token);
    const { ctx, env: jobsEnv } = queuelessContext(owner, organization.id);
    const run = await startImportRun(ctx, organization.id, {
      source: { type: "website", url: `${origin}/page.html` },
      target: { space: space.id },
    });
    await runJob({ db, env: jobsEnv, now: Date.now() }, run.jobId!, { deadLetter: true });
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
