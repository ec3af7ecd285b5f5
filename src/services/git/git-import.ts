import git from "isomorphic-git";
import { parse as parseYaml } from "yaml";
import { applyChanges } from "../../content/apply";
import { emptySnapshot } from "../../content/model";
import { eq } from "drizzle-orm";
import { spaces } from "../../db/schema";
import { newId } from "../../lib/ids";
import { checkPlan, IMPORT_LIMITS, imageTypeOf, planEntries, planToChanges, resolveArchivePath } from "../imports";
import { contentDeps } from "../revisions/content-deps";
import { commitRevision } from "../revisions/content-writes";
import { loadSnapshot } from "../revisions/content-load";
import { withSpaceWriteTurn } from "../revisions/write-turns";
import { isQuireCommit, type SyncResult, type SyncRun } from "./git-sync";
import { fetchRef, openRepo, type Repo, SyncFailure } from "./remote";

/*
 * Import: the ref's commit (shallow fetch) → `.gitbook.yaml` of the project directory (`root`,
 * `structure.readme`, `structure.summary`) → the markdown files and images under the root → the import
 * planner shared with zip imports (SUMMARY.md as the tree, else folders with the README first; frontmatter as
 * page fields; relative links as page links; referenced images as files; other repository files as links
 * under `repoTreeURL`) → one revision replacing the space's content, carrying the commit in `git`.
 */

const isMarkdown = (path: string) => /\.(md|markdown)$/i.test(path);

interface GitbookConfig {
  root: string;
  readme?: string;
  summary?: string;
}

const joinPath = (...parts: string[]) =>
  parts
    .flatMap((p) => p.split("/"))
    .filter((p) => p !== "" && p !== ".")
    .join("/");

function readConfig(text: string | undefined): GitbookConfig {
  if (text === undefined) return { root: "" };
  let doc: unknown;
  try {
    doc = parseYaml(text, { maxAliasCount: 10, prettyErrors: false });
  } catch (error) {
    throw new SyncFailure(`.gitbook.yaml is not valid YAML: ${(error as Error).message}`);
  }
  const obj = (doc ?? {}) as { root?: unknown; structure?: { readme?: unknown; summary?: unknown } };
  const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);
  const root = joinPath(str(obj.root) ?? "");
  if (root.split("/").includes("..")) throw new SyncFailure(".gitbook.yaml: root must stay inside the repository");
  return {
    root,
    readme: str(obj.structure?.readme),
    summary: str(obj.structure?.summary),
  };
}

/** The tree's oid at `path` (a directory), undefined when absent. */
async function subtreeOid(repo: Repo, tree: string, path: string): Promise<string | undefined> {
  let oid = tree;
  for (const name of path.split("/").filter(Boolean)) {
    const { tree: entries } = await git.readTree({ fs: repo.fs, gitdir: repo.gitdir, oid });
    const entry = entries.find((e) => e.path === name && e.type === "tree");
    if (!entry) return undefined;
    oid = entry.oid;
  }
  return oid;
}

/** Markdown files and images under a tree, by path relative to it (bounded like a zip import). */
async function readFiles(repo: Repo, tree: string): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  let bytes = 0;
  const walk = async (oid: string, prefix: string) => {
    const { tree: entries } = await git.readTree({ fs: repo.fs, gitdir: repo.gitdir, oid });
    for (const entry of entries) {
      const path = prefix + entry.path;
      if (entry.type === "tree") {
        if (!entry.path.startsWith(".") || entry.path === ".gitbook") await walk(entry.oid, `${path}/`);
        continue;
      }
      if (entry.type !== "blob" || (!isMarkdown(path) && !imageTypeOf(path))) continue;
      if (out.size >= IMPORT_LIMITS.archiveEntries)
        throw new SyncFailure(`The repository has more than ${IMPORT_LIMITS.archiveEntries} markdown and image files`);
      const { blob } = await git.readBlob({ fs: repo.fs, gitdir: repo.gitdir, oid: entry.oid });
      bytes += blob.byteLength;
      if (bytes > IMPORT_LIMITS.unpackedBytes)
        throw new SyncFailure(`The repository's files exceed ${IMPORT_LIMITS.unpackedBytes} bytes`);
      out.set(path, blob);
    }
  };
  await walk(tree, "");
  return out;
}

async function readText(repo: Repo, tree: string, path: string): Promise<string | undefined> {
  try {
    const { blob } = await git.readBlob({ fs: repo.fs, gitdir: repo.gitdir, oid: tree, filepath: path });
    return new TextDecoder().decode(blob);
  } catch {
    return undefined;
  }
}

export async function runImport({ ctx, payload, remote, state }: SyncRun): Promise<SyncResult> {
  const repo = await openRepo(ctx.env, remote);
  const oid = await fetchRef(repo, payload.ref);
  const { commit } = await git.readCommit({ fs: repo.fs, gitdir: repo.gitdir, oid });
  if (!payload.force && !payload.standalone) {
    if (oid === state.exportedCommit || isQuireCommit(commit.message))
      return { commit: oid, skipped: "The commit was made by a Quire export: nothing to import" };
    if (oid === state.importedCommit) return { commit: oid, skipped: "The commit is already imported" };
  }

  const project = payload.projectDirectory;
  const projectTree = await subtreeOid(repo, commit.tree, project);
  if (!projectTree) throw new SyncFailure(`The directory "${project}" does not exist at ${payload.ref}`);
  const config = readConfig(await readText(repo, projectTree, ".gitbook.yaml"));
  const rootTree = await subtreeOid(repo, projectTree, config.root);
  if (!rootTree) throw new SyncFailure(`.gitbook.yaml: the root "${config.root}" does not exist`);
  const rootPath = joinPath(project, config.root);
  const entries = await readFiles(repo, rootTree);
  const treeUrl = payload.repoTreeURL?.replace(/\/+$/, "");
  let plan: ReturnType<typeof planEntries>;
  try {
    plan = planEntries(entries, {
      label: "The repository",
      summaryPath: config.summary ? joinPath(config.summary) : undefined,
      readmePath: config.readme ? joinPath(config.readme) : undefined,
      externalLink: treeUrl
        ? (from, target) => {
            const resolved = resolveArchivePath(joinPath(rootPath, from), target);
            return resolved ? `${treeUrl}/${resolved}` : undefined;
          }
        : undefined,
    });
    checkPlan(plan);
  } catch (error) {
    throw new SyncFailure((error as Error).message);
  }

  const gitInfo = {
    oid,
    message: commit.message.trim(),
    ref: payload.ref,
    ...(payload.repoCommitURL ? { url: `${payload.repoCommitURL.replace(/\/+$/, "")}/${oid}` } : {}),
    createdByService: false,
  };
  const revision = await withSpaceWriteTurn(ctx, payload.spaceId, async (turnCtx) => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const [space] = await turnCtx.db
        .select({ revisionId: spaces.revisionId })
        .from(spaces)
        .where(eq(spaces.id, payload.spaceId))
        .limit(1);
      if (!space) throw new SyncFailure("The space was deleted");
      const main = await loadSnapshot(turnCtx, payload.spaceId, space.revisionId);
      // The repository is the whole content: the plan is applied to an empty snapshot, not on top of main.
      const applied = await applyChanges(
        emptySnapshot(),
        planToChanges(plan, undefined),
        contentDeps(turnCtx, payload.spaceId),
      );
      const revisionId = newId();
      const done = await commitRevision(turnCtx, payload.spaceId, main, applied.snapshot, applied.bodies, {
        revisionId,
        type: "edits",
        parents: [main.revision.id],
        changeRequestId: null,
        git: gitInfo,
        ...(payload.standalone ? { standalone: true } : { casSpace: { expectedRevision: main.revision.id } }),
      });
      if (done.committed) return revisionId;
    }
    throw new Error("The space kept changing while the import was written; the job will retry");
  });
  return { commit: oid, revision };
}
