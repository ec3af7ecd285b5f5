import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runJob } from "../../src/jobs/registry";
import { startImportRun } from "../../src/services/imports";
import { seedSpace } from "../helpers/content";
import { currentClient } from "../helpers/current-client";
import { db, origin, type Page, queuelessContext, type Run, titles } from "../helpers/import-runs";

/**
 * Makes the run row refuse the progress a page's write records (pages_done > 0), as if the consumer died right
 * after the page's commit; dropped by the returned function.
 */
async function failProgressOf(runId: string) {
  const name = `fail_progress_${crypto.randomUUID().replaceAll("-", "")}`;
  await env.DB.prepare(
    `CREATE TRIGGER ${name} BEFORE UPDATE ON import_runs WHEN NEW.id = '${runId}' AND NEW.pages_done > 0
     BEGIN SELECT RAISE(ABORT, 'injected: the consumer died after the commit'); END`,
  ).run();
  return () => env.DB.prepare(`DROP TRIGGER ${name}`).run();
}

describe("import runs redelivered", () => {
  it("a page's write and the run's progress are one batch: a job retried after a failed progress write writes each page once", async () => {
    const { organization, owner, space } = await seedSpace();
    const gb = currentClient(owner.token);
    const { ctx, env: jobsEnv } = queuelessContext(owner, organization.id);
    const run = await startImportRun(ctx, organization.id, {
      source: { type: "website", url: `${origin}/site/index.html` },
      target: { space: space.id },
    });
    const drop = await failProgressOf(run.id);
    await expect(runJob({ db, env: jobsEnv, now: Date.now() }, run.jobId!, { deadLetter: false })).rejects.toThrow();
    // Nothing of the first page landed with its progress refused.
    expect((await gb.spaces.listPages(space.id)).data.pages).toEqual([]);
    await drop();
    // The redelivery (the job went back to pending) imports every page once.
    await runJob({ db, env: jobsEnv, now: Date.now() }, run.jobId!, { deadLetter: false });
    const ended = (await gb.org.getImportRun(organization.id, run.id)).data as unknown as Run;
    expect(ended.status).toBe("completed");
    expect(ended.progress).toEqual({ pagesTotal: 3, pagesDone: 3, pagesFailed: 0 });
    const pages = (await gb.spaces.listPages(space.id)).data.pages as Page[];
    const all = (list: Page[]): string[] => list.flatMap((p) => [p.title, ...all(p.pages ?? [])]);
    expect(all(pages).length).toBe(3);
    expect(new Set(all(pages)).size).toBe(3);
    expect(titles(pages)[0]).toBe("Welcome to Acme");
    // Each run page names the page it wrote, and those are the space's pages.
    const ids = (list: Page[]): string[] => list.flatMap((p) => [p.id, ...ids(p.pages ?? [])]);
    expect(ended.pages.map((p) => p.id).sort()).toEqual(ids(pages).sort());
  });
});
