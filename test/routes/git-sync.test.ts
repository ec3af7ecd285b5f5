import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { api, type client } from "../helpers/http";
import { seedSpace } from "../helpers/content";

const GIT = env.GIT_ORIGIN;
type Gb = ReturnType<typeof client>;
let repoCount = 0;

async function control<T>(action: string, query: Record<string, string>, body?: unknown): Promise<T> {
  const res = await fetch(`${GIT}/_control/${action}?${new URLSearchParams(query)}`, {
    method: body === undefined && action !== "create" ? "GET" : "POST",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`control ${action}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

/**
 * A new bare repository on the Git server (the BOOK fixture unless `files` or `empty`), plus `random`:
 * incompressible files of the given sizes.
 */
async function newRepo(
  opts: { files?: Record<string, string>; random?: Record<string, number>; empty?: boolean } = {},
) {
  const name = `repo-${Date.now().toString(36)}-${repoCount++}`;
  const { head } = await control<{ head: string | null }>(
    "create",
    { name, ...(opts.empty ? { empty: "1" } : {}) },
    opts.files || opts.random ? { files: opts.files, random: opts.random } : undefined,
  );
  return { name, head, url: `${GIT}/repos/${name}.git` };
}

type GitInfo = {
  repoName?: string;
  url?: string;
  installationProvider?: string;
  updatedAt?: string;
  lastSync?: { operation: string; status: string; commit?: string; error?: string; attempts?: number };
};

/** Polls getSpaceGitInfo until the last sync finished (the test queue delivers within ~50 ms). */
async function synced(token: string, spaceId: string, timeout = 15_000): Promise<GitInfo> {
  return vi.waitUntil(
    async () => {
      const info = (await api("GET", `/spaces/${spaceId}/git/info`, { token })).json as GitInfo;
      const status = info.lastSync?.status;
      return status && status !== "pending" && status !== "running" ? info : undefined;
    },
    { timeout, interval: 100 },
  );
}

async function pagesOf(gb: Gb, spaceId: string) {
  const { data } = await gb.spaces.getCurrentRevision(spaceId);
  return data;
}

type TreePage = { title: string; path?: string; pages?: TreePage[]; description?: string; emoji?: string };
const outline = (pages: TreePage[]): unknown[] =>
  pages.map((p) => (p.pages?.length ? { [p.title]: outline(p.pages) } : p.title));

describe("Git sync: import", () => {
  it("imports a repository with .gitbook.yaml, a nested summary and images", async () => {
    const { owner, space, api: gb } = await seedSpace();
    const repo = await newRepo();
    const res = await gb.spaces.importGitRepository(space.id, {
      url: repo.url,
      ref: "refs/heads/main",
      repoTreeURL: "https://github.com/acme/book/blob/main",
      repoCommitURL: "https://github.com/acme/book/commit",
      gitInfo: { provider: "github", url: "https://github.com/acme/book" },
    });
    expect(res.status).toBe(204);
    const info = await synced(owner.token, space.id);
    expect(info).toMatchObject({
      repoName: "acme/book",
      installationProvider: "github",
      url: "https://github.com/acme/book",
      lastSync: { operation: "import", status: "completed", commit: repo.head },
    });
    const revision = await pagesOf(gb, space.id);
    expect(outline(revision.pages as TreePage[])).toEqual([
      "Introduction",
      { Guide: ["Setup", { Advanced: ["Tuning"] }] },
      "FAQ",
    ]);
    expect(revision.git).toMatchObject({
      oid: repo.head,
      message: "Initial docs",
      createdByGitBook: false,
      ref: "refs/heads/main",
      url: `https://github.com/acme/book/commit/${repo.head}`,
    });
    const pages = revision.pages as TreePage[];
    expect(pages[0]).toMatchObject({ title: "Introduction", description: "Where it starts" });
    expect(pages[1].pages?.[1].pages?.[0]).toMatchObject({ title: "Tuning", emoji: "🔧" });
    expect(revision.files.map((f) => f.name).sort()).toEqual(["diagram.png", "logo.png"]);
    const setup = (
      await api("GET", `/spaces/${space.id}/content/path/guide/setup?format=markdown`, { token: owner.token })
    ).json as { markdown: string };
    expect(setup.markdown).toContain("https://github.com/acme/book/blob/main/src/index.ts");
    expect(setup.markdown).toMatch(/\]\(\/files\/|files\//);
  });
});

describe("Git sync: standalone import", () => {
  it("makes a revision of the repository without moving the space's main content", async () => {
    const { owner, space, api: gb } = await seedSpace();
    const before = (await gb.spaces.getCurrentRevision(space.id)).data;
    const repo = await newRepo();
    const res = await gb.spaces.importGitRepository(space.id, {
      url: repo.url,
      ref: "refs/heads/main",
      standalone: true,
    });
    expect(res.status).toBe(204);
    expect((await synced(owner.token, space.id)).lastSync).toMatchObject({ operation: "import", status: "completed" });
    // Main did not move.
    const after = (await gb.spaces.getCurrentRevision(space.id)).data;
    expect(after.id).toBe(before.id);
    expect(after.pages).toEqual(before.pages);
    // The standalone revision is there, with the repository's pages and its commit.
    const row = await env.DB.prepare("SELECT id FROM revisions WHERE space_id = ? AND id <> ? AND git IS NOT NULL")
      .bind(space.id, before.id)
      .first<{ id: string }>();
    expect(row).not.toBeNull();
    const { data: standalone } = await gb.spaces.getRevisionById(space.id, row!.id);
    expect(outline(standalone.pages as TreePage[])).toEqual([
      "Introduction",
      { Guide: ["Setup", { Advanced: ["Tuning"] }] },
      "FAQ",
    ]);
    expect(standalone.git).toMatchObject({ oid: repo.head, ref: "refs/heads/main" });
  });
});

type LogEntry = { oid: string; parents: string[]; author: string; message: string };
const log = (name: string) => control<LogEntry[]>("log", { name });
const show = async (name: string, path: string) => (await control<{ text: string }>("show", { name, path })).text;

describe("Git sync: export and round trip", () => {
  it("exports an edited space as a commit, skips importing it back, imports a plain client's commit", async () => {
    const { owner, space, api: gb } = await seedSpace();
    const repo = await newRepo();
    await gb.spaces.importGitRepository(space.id, { url: repo.url, ref: "refs/heads/main" });
    expect((await synced(owner.token, space.id)).lastSync?.status).toBe("completed");

    // Edit the space: a new page at the root, through a change request merged into main.
    const { data: cr } = await gb.spaces.createChangeRequest(space.id, { subject: "Add changelog" });
    const write = await api("POST", `/spaces/${space.id}/change-requests/${cr.id}/content?compat=false`, {
      token: owner.token,
      body: {
        changes: [
          { operation: "insert_page", title: "Changelog", document: { markdown: "# Changelog\n\n- First release\n" } },
        ],
      },
    });
    expect(write.status).toBe(200);
    expect((await gb.spaces.mergeChangeRequest(space.id, cr.id)).data.result).toBe("merge");

    const res = await gb.spaces.exportToGitRepository(space.id, {
      url: repo.url,
      ref: "refs/heads/main",
      commitMessage: "Docs from Quire",
    });
    expect(res.status).toBe(204);
    const exported = await synced(owner.token, space.id);
    expect(exported.lastSync).toMatchObject({ operation: "export", status: "completed" });
    const history = await log(repo.name);
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ oid: exported.lastSync?.commit, parents: [repo.head], author: "Quire" });
    expect(history[0].message).toMatch(/^Docs from Quire\n\nQuire-Export: /);
    // The project's .gitbook.yaml is kept (root docs/, readme intro.md, summary toc.md); other files too.
    const files = await control<string[]>("ls", { name: repo.name });
    expect(files).toEqual(expect.arrayContaining([".gitbook.yaml", "package.json", "src/index.ts", "docs/intro.md"]));
    expect(files).toContain("docs/.gitbook/assets/diagram.png");
    expect(files).toContain("docs/changelog.md");
    expect(await show(repo.name, "docs/toc.md")).toBe(
      "# Table of contents\n\n* [Introduction](intro.md)\n* [Guide](guide/README.md)\n  * [Setup](guide/setup.md)\n" +
        "  * [Advanced](guide/advanced/README.md)\n    * [Tuning](guide/advanced/tuning.md)\n* [FAQ](faq.md)\n" +
        "* [Changelog](changelog.md)\n",
    );
    const setup = await show(repo.name, "docs/guide/setup.md");
    expect(setup).toContain("![Diagram](../.gitbook/assets/diagram.png)");
    expect(setup).toContain("[FAQ](../faq.md)");
    expect(await show(repo.name, "docs/intro.md")).toMatch(/^---\ndescription: Where it starts\n---\n\n# Introduction/);
    expect(await show(repo.name, "docs/changelog.md")).toBe("# Changelog\n\n- First release\n");

    // Importing Quire's own commit back is a no-op: no new revision.
    const before = (await pagesOf(gb, space.id)).id;
    await gb.spaces.importGitRepository(space.id, { url: repo.url, ref: "refs/heads/main" });
    const back = await synced(owner.token, space.id);
    expect(back.lastSync).toMatchObject({ operation: "import", status: "skipped", commit: history[0].oid });
    expect((await pagesOf(gb, space.id)).id).toBe(before);

    // A plain git client edits a page and adds one to the summary: importing it updates the space.
    const { head } = await control<{ head: string }>(
      "commit",
      { name: repo.name },
      {
        message: "Edit the FAQ by hand",
        files: {
          "docs/faq.md": "# FAQ\n\nAnswers, edited in git.\n",
          "docs/toc.md": `${await show(repo.name, "docs/toc.md")}* [Roadmap](roadmap.md)\n`,
          "docs/roadmap.md": "# Roadmap\n\nNext.\n",
        },
      },
    );
    await gb.spaces.importGitRepository(space.id, { url: repo.url, ref: "refs/heads/main" });
    const plain = await synced(owner.token, space.id);
    expect(plain.lastSync).toMatchObject({ operation: "import", status: "completed", commit: head });
    const revision = await pagesOf(gb, space.id);
    expect(revision.git).toMatchObject({ oid: head, message: "Edit the FAQ by hand", createdByGitBook: false });
    expect(outline(revision.pages as TreePage[])).toEqual([
      "Introduction",
      { Guide: ["Setup", { Advanced: ["Tuning"] }] },
      "FAQ",
      "Changelog",
      "Roadmap",
    ]);
    const faq = (await api("GET", `/spaces/${space.id}/content/path/faq?format=markdown`, { token: owner.token }))
      .json as { markdown: string };
    expect(faq.markdown).toContain("Answers, edited in git.");
  });
});

describe("Git sync: order and failures", () => {
  it("skips a sync older than the last applied one unless forced", async () => {
    const { owner, space, api: gb } = await seedSpace();
    const repo = await newRepo();
    await gb.spaces.importGitRepository(space.id, {
      url: repo.url,
      ref: "refs/heads/main",
      timestamp: "2030-01-02T00:00:00Z",
    });
    expect((await synced(owner.token, space.id)).lastSync?.status).toBe("completed");
    const applied = (await pagesOf(gb, space.id)).id;

    await gb.spaces.exportToGitRepository(space.id, {
      url: repo.url,
      ref: "refs/heads/main",
      commitMessage: "Stale export",
      timestamp: "2030-01-01T00:00:00Z",
    });
    expect((await synced(owner.token, space.id)).lastSync).toMatchObject({ operation: "export", status: "skipped" });
    expect(await log(repo.name)).toHaveLength(1);

    await gb.spaces.importGitRepository(space.id, {
      url: repo.url,
      ref: "refs/heads/main",
      timestamp: "2030-01-01T00:00:00Z",
      force: true,
    });
    expect((await synced(owner.token, space.id)).lastSync).toMatchObject({ operation: "import", status: "completed" });
    expect((await pagesOf(gb, space.id)).id).not.toBe(applied);
  });

  it("exports to a new branch of an empty repository, with .gitbook.yaml and SUMMARY.md", async () => {
    const { owner, space, api: gb } = await seedSpace();
    const { data: cr } = await gb.spaces.createChangeRequest(space.id, { subject: "Seed" });
    await api("POST", `/spaces/${space.id}/change-requests/${cr.id}/content?compat=false`, {
      token: owner.token,
      body: { changes: [{ operation: "insert_page", title: "Home", document: { markdown: "# Home\n\nHi.\n" } }] },
    });
    await gb.spaces.mergeChangeRequest(space.id, cr.id);
    const repo = await newRepo({ empty: true });
    await gb.spaces.exportToGitRepository(space.id, {
      url: repo.url,
      ref: "refs/heads/docs",
      commitMessage: "First export",
      repoProjectDirectory: "handbook",
    });
    expect((await synced(owner.token, space.id)).lastSync).toMatchObject({ operation: "export", status: "completed" });
    const files = await control<string[]>("ls", { name: repo.name, ref: "docs" });
    expect(files.sort()).toEqual(["handbook/.gitbook.yaml", "handbook/README.md", "handbook/SUMMARY.md"]);
    const readme = await control<{ text: string }>("show", {
      name: repo.name,
      ref: "docs",
      path: "handbook/README.md",
    });
    expect(readme.text).toBe("# Home\n\nHi.\n");
    const summary = await control<{ text: string }>("show", {
      name: repo.name,
      ref: "docs",
      path: "handbook/SUMMARY.md",
    });
    expect(summary.text).toBe("# Table of contents\n\n* [Home](README.md)\n");
    expect((await control<LogEntry[]>("log", { name: repo.name, ref: "docs" }))[0].parents).toEqual([]);
  });

  it("records an unknown ref, an auth failure and an unreachable host as failed syncs; never stores credentials", async () => {
    const { owner, space, api: gb } = await seedSpace();
    const repo = await newRepo();
    const failure = async (body: { url: string; ref: string }) => {
      const res = await api("POST", `/spaces/${space.id}/git/import`, { token: owner.token, body });
      expect(res.status).toBe(204);
      const info = await synced(owner.token, space.id);
      expect(info.lastSync?.status).toBe("failed");
      return info;
    };
    expect((await failure({ url: repo.url, ref: "refs/heads/nope" })).lastSync?.error).toMatch(/refs\/heads\/nope/);
    const priv = `${GIT}/private/${repo.name}.git`.replace("http://", "http://alice:wrong@");
    const denied = await failure({ url: priv, ref: "refs/heads/main" });
    expect(denied.lastSync?.error).toMatch(/Authentication .* failed/);
    expect(JSON.stringify(denied)).not.toContain("wrong");
    expect(denied.url).toBe(`${GIT}/private/${repo.name}.git`);
    const { results } = await env.DB.prepare("SELECT payload FROM jobs WHERE payload LIKE ?")
      .bind(`%${repo.name}%`)
      .all<{ payload: string }>();
    expect(results.length).toBeGreaterThan(0);
    for (const row of results) expect(row.payload).not.toContain("wrong");
    expect((await failure({ url: `${GIT}/nothing-here.git`, ref: "main" })).lastSync?.error).toMatch(/HTTP 404/);

    // With the right credentials the private repository imports.
    const ok = `${GIT}/private/${repo.name}.git`.replace("http://", "http://alice:s3cret@");
    await gb.spaces.importGitRepository(space.id, { url: ok, ref: "refs/heads/main" });
    expect((await synced(owner.token, space.id)).lastSync?.status).toBe("completed");
  });

  it("answers 400 for refused URLs and bad bodies, 204 for the legacy installation", async () => {
    const { owner, space, api: gb } = await seedSpace();
    const post = (body: unknown, op = "import") =>
      api("POST", `/spaces/${space.id}/git/${op}`, { token: owner.token, body });
    expect((await post({ url: "http://10.0.0.1/x.git", ref: "main" })).status).toBe(400);
    expect((await post({ url: "http://169.254.169.254/latest", ref: "main" })).status).toBe(400);
    expect((await post({ url: "file:///etc/passwd", ref: "main" })).status).toBe(400);
    expect((await post({ url: "not a url", ref: "main" })).status).toBe(400);
    expect((await post({ url: `${GIT}/repos/x.git`, ref: "refs/heads/../x" })).status).toBe(400);
    expect((await post({ url: `${GIT}/repos/x.git`, ref: "main", repoProjectDirectory: "../up" })).status).toBe(400);
    expect((await post({ url: `${GIT}/repos/x.git`, ref: "main" }, "export")).status).toBe(400);
    expect((await post({ url: `${GIT}/repos/x.git`, ref: "main", timestamp: "yesterday" })).status).toBe(400);
    // Nothing was queued by the refused requests; the official client reads the (empty) state.
    expect((await gb.spaces.deleteLegacyGitInstallation(space.id)).status).toBe(204);
    const info = await gb.spaces.getSpaceGitInfo(space.id);
    expect(info.status).toBe(200);
    expect(info.data).toEqual({});
  });
});

type IdPage = { id: string; title: string; path?: string; pages?: IdPage[] };
/** Page ids by title, over the whole tree. */
const idsByTitle = (pages: IdPage[], out: Record<string, string> = {}): Record<string, string> => {
  for (const page of pages) {
    out[page.title] = page.id;
    idsByTitle(page.pages ?? [], out);
  }
  return out;
};

/** The sync jobs of a repository (by its name in the payload), oldest first. */
const jobsOf = async (name: string) =>
  (
    await env.DB.prepare("SELECT status, error, attempts, result FROM jobs WHERE payload LIKE ? ORDER BY created_at")
      .bind(`%${name}%`)
      .all<{ status: string; error: string | null; attempts: number; result: string | null }>()
  ).results;

describe("Git sync: stable page ids", () => {
  it("a re-import keeps the ids of pages still there (edited, moved), comments stay; new pages get new ids", async () => {
    const { owner, space, api: gb } = await seedSpace();
    const repo = await newRepo();
    await gb.spaces.importGitRepository(space.id, { url: repo.url, ref: "main" });
    expect((await synced(owner.token, space.id)).lastSync?.status).toBe("completed");
    const first = await pagesOf(gb, space.id);
    const before = idsByTitle(first.pages as IdPage[]);
    const filesBefore = Object.fromEntries(first.files.map((f) => [f.name, f.id]));
    const comment = (
      await gb.spaces.postCommentInSpace(space.id, { body: { markdown: "Is step 2 right?" }, page: before.Setup })
    ).data as { id: string };

    // A plain client edits the FAQ, adds Roadmap, deletes Tuning and moves Setup to the top level.
    const { head } = await control<{ head: string }>(
      "commit",
      { name: repo.name },
      {
        message: "Reorganize by hand",
        files: {
          "docs/faq.md": "# FAQ\n\nAnswers, edited in git.\n",
          "docs/roadmap.md": "# Roadmap\n\nNext.\n",
          "docs/guide/advanced/tuning.md": null,
          "docs/toc.md":
            "# Table of contents\n\n* [Introduction](intro.md)\n* [Guide](guide/README.md)\n" +
            "  * [Advanced](guide/advanced/README.md)\n* [FAQ](faq.md)\n* [Setup](guide/setup.md)\n* [Roadmap](roadmap.md)\n",
        },
      },
    );
    await gb.spaces.importGitRepository(space.id, { url: repo.url, ref: "main" });
    expect((await synced(owner.token, space.id)).lastSync).toMatchObject({ status: "completed", commit: head });
    const second = await pagesOf(gb, space.id);
    expect(second.id).not.toBe(first.id);
    expect(outline(second.pages as TreePage[])).toEqual([
      "Introduction",
      { Guide: ["Advanced"] },
      "FAQ",
      "Setup",
      "Roadmap",
    ]);
    const after = idsByTitle(second.pages as IdPage[]);
    for (const title of ["Introduction", "Guide", "Advanced", "FAQ", "Setup"]) expect(after[title]).toBe(before[title]);
    expect(Object.values(before)).not.toContain(after.Roadmap);
    expect(Object.values(after)).not.toContain(before.Tuning);
    expect(Object.fromEntries(second.files.map((f) => [f.name, f.id]))).toEqual(filesBefore);
    const faq = (
      await api("GET", `/spaces/${space.id}/content/page/${before.FAQ}?format=markdown`, { token: owner.token })
    ).json as { markdown: string };
    expect(faq.markdown).toContain("Answers, edited in git.");
    // The comment is still on its page, which now lives at the top level.
    const { data: kept } = await gb.spaces.getCommentInSpace(space.id, comment.id);
    expect(kept.target?.page).toMatchObject({ id: before.Setup, title: "Setup", path: "setup" });
    expect((await api("GET", `/spaces/${space.id}/content/page/${before.Tuning}`, { token: owner.token })).status).toBe(
      404,
    );
  });

  it("keeps the id of a page made in Quire when the first import brings a page at the same path", async () => {
    const { owner, space, api: gb } = await seedSpace();
    const { data: cr } = await gb.spaces.createChangeRequest(space.id, { subject: "Seed" });
    await api("POST", `/spaces/${space.id}/change-requests/${cr.id}/content?compat=false`, {
      token: owner.token,
      body: { changes: [{ operation: "insert_page", title: "FAQ", document: { markdown: "# FAQ\n\nOld.\n" } }] },
    });
    await gb.spaces.mergeChangeRequest(space.id, cr.id);
    const faqId = idsByTitle((await pagesOf(gb, space.id)).pages as IdPage[]).FAQ;
    const repo = await newRepo();
    await gb.spaces.importGitRepository(space.id, { url: repo.url, ref: "main" });
    expect((await synced(owner.token, space.id)).lastSync?.status).toBe("completed");
    const ids = idsByTitle((await pagesOf(gb, space.id)).pages as IdPage[]);
    expect(ids.FAQ).toBe(faqId);
    expect(ids.Introduction).not.toBe(faqId);
  });
});

describe("Git sync: size limit", () => {
  it("fails a 20 MB repository for good with a clear message; a few-MB image under the limit imports", {
    timeout: 60_000,
  }, async () => {
    const { owner, space, api: gb } = await seedSpace();
    const big = await newRepo({
      files: { "README.md": "# Big\n\nData.\n" },
      random: { "data/a.bin": 5_000_000, "data/b.bin": 5_000_000, "data/c.bin": 5_000_000, "data/d.bin": 5_000_000 },
    });
    const res = await gb.spaces.importGitRepository(space.id, { url: big.url, ref: "main" });
    expect(res.status).toBe(204);
    const info = await synced(owner.token, space.id, 30_000);
    expect(info.lastSync).toMatchObject({ status: "failed", attempts: 1 });
    expect(info.lastSync?.error).toMatch(/too large for Git sync.*10 MB/);
    expect((await jobsOf(big.name)).map((j) => j.status)).toEqual(["failed"]);

    const small = await newRepo({
      files: { "README.md": "# Pictures\n\n![Photo](photo.png)\n" },
      random: { "photo.png": 3_000_000 },
    });
    await gb.spaces.importGitRepository(space.id, { url: small.url, ref: "main" });
    expect((await synced(owner.token, space.id, 30_000)).lastSync).toMatchObject({
      status: "completed",
      commit: small.head,
    });
    const { files } = await pagesOf(gb, space.id);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ name: "photo.png", contentType: "image/png" });
    expect(files[0].size ?? 0).toBeGreaterThan(3_000_000);
  });
});

describe("Git sync: retries", () => {
  it("retries a remote answering 503 with backoff and imports once it recovers, each attempt's error recorded", {
    timeout: 40_000,
  }, async () => {
    const { owner, space, api: gb } = await seedSpace();
    const repo = await newRepo();
    await gb.spaces.importGitRepository(space.id, { url: `${GIT}/flaky/2/${repo.name}.git`, ref: "main" });
    const info = await synced(owner.token, space.id, 30_000);
    expect(info.lastSync).toMatchObject({ operation: "import", status: "completed", commit: repo.head, attempts: 3 });
    expect(info.lastSync?.error).toBeUndefined();
    const [job] = await jobsOf(repo.name);
    expect(job).toMatchObject({ status: "completed", attempts: 3 });
    const attempts = (JSON.parse(job.result ?? "{}") as { attempts: { attempt: number; error: string }[] }).attempts;
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2]);
    for (const a of attempts) expect(a.error).toMatch(/HTTP 503/);
    expect(outline((await pagesOf(gb, space.id)).pages as TreePage[])).toHaveLength(3);
  });

  it("retries a dropped connection", { timeout: 40_000 }, async () => {
    const { owner, space, api: gb } = await seedSpace();
    const repo = await newRepo();
    await gb.spaces.importGitRepository(space.id, { url: `${GIT}/reset/1/${repo.name}.git`, ref: "main" });
    const info = await synced(owner.token, space.id, 30_000);
    expect(info.lastSync).toMatchObject({ status: "completed", attempts: 2 });
    const [job] = await jobsOf(repo.name);
    const attempts = (JSON.parse(job.result ?? "{}") as { attempts: { error: string }[] }).attempts;
    expect(attempts).toHaveLength(1);
    expect(attempts[0].error).toMatch(/Could not fetch|connection/i);
  });

  it("gives up on a remote that never recovers after the attempts; fails a 404 at once", {
    timeout: 40_000,
  }, async () => {
    const { owner, space, api: gb } = await seedSpace();
    const down = await newRepo();
    const res = await api("POST", `/spaces/${space.id}/git/import`, {
      token: owner.token,
      body: { url: `${GIT}/flaky/1000/${down.name}.git`, ref: "main" },
    });
    expect(res.status).toBe(204);
    // While it retries, the last attempt's error shows on a pending sync.
    const retrying = await vi.waitUntil(
      async () => {
        const info = (await api("GET", `/spaces/${space.id}/git/info`, { token: owner.token })).json as GitInfo;
        return info.lastSync?.error ? info : undefined;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(retrying.lastSync?.status).toMatch(/pending|running/);
    expect(retrying.lastSync?.error).toMatch(/Attempt 1 of 3 failed, retrying in 1 s: .*HTTP 503/);
    const failed = await synced(owner.token, space.id, 30_000);
    expect(failed.lastSync).toMatchObject({ status: "failed", attempts: 3 });
    expect(failed.lastSync?.error).toMatch(/^Gave up after 3 attempts .*HTTP 503/);
    const [job] = await jobsOf(down.name);
    expect(job).toMatchObject({ status: "failed", attempts: 3 });
    expect((JSON.parse(job.result ?? "{}") as { attempts: unknown[] }).attempts).toHaveLength(3);

    await gb.spaces.importGitRepository(space.id, { url: `${GIT}/repos/missing-repo.git`, ref: "main" });
    const missing = await synced(owner.token, space.id);
    expect(missing.lastSync).toMatchObject({ status: "failed", attempts: 1 });
    expect(missing.lastSync?.error).toMatch(/HTTP 404/);
  });
});
