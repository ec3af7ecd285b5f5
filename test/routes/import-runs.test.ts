import { env } from "cloudflare:workers";
import { strToU8, zipSync } from "fflate";
import { StorageUploadKind } from "gitbook-api-current";
import { describe, expect, it } from "vitest";
import { PAGES_PER_INVOCATION } from "../../src/services/imports/run-job";
import { seedSpace } from "../helpers/content";
import { currentClient, expectCurrentShape } from "../helpers/current-client";
import { clientError, workerFetch } from "../helpers/http";
import { finished, jobOf, markdownOf, origin, type Page, titles, uploadImportFile } from "../helpers/import-runs";
import { seedOrganization } from "../helpers/seed";

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
