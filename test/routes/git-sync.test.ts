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

/** A new bare repository on the Git server (the BOOK fixture unless `files` or `empty`). */
async function newRepo(opts: { files?: Record<string, string>; empty?: boolean } = {}) {
  const name = `repo-${Date.now().toString(36)}-${repoCount++}`;
  const { head } = await control<{ head: string | null }>(
    "create",
    { name, ...(opts.empty ? { empty: "1" } : {}) },
    opts.files ? { files: opts.files } : undefined,
  );
  return { name, head, url: `${GIT}/repos/${name}.git` };
}

type GitInfo = {
  repoName?: string;
  url?: string;
  installationProvider?: string;
  updatedAt?: string;
  lastSync?: { operation: string; status: string; commit?: string; error?: string };
};

/** Polls getSpaceGitInfo until the last sync finished (the test queue delivers within ~50 ms). */
async function synced(token: string, spaceId: string): Promise<GitInfo> {
  return vi.waitUntil(
    async () => {
      const info = (await api("GET", `/spaces/${spaceId}/git/info`, { token })).json as GitInfo;
      const status = info.lastSync?.status;
      return status && status !== "pending" && status !== "running" ? info : undefined;
    },
    { timeout: 15_000, interval: 100 },
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
