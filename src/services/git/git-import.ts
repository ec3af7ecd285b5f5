import git from "isomorphic-git";
import { parse as parseYaml } from "yaml";
import { type ApplyDeps, applyChanges } from "../../content/apply";
import { storeFile } from "../../content/files";
import { canonicalJSON, emptySnapshot, type PageEntry, pagePath, type Snapshot } from "../../content/model";
import { eq } from "drizzle-orm";
import { spaces } from "../../db/schema";
import { sha256HexOfBytes } from "../../lib/crypto";
import { newId } from "../../lib/ids";
import {
  checkPlan,
  IMPORT_LIMITS,
  type ImportPlan,
  imageTypeOf,
  planEntries,
  planToChanges,
  resolveArchivePath,
} from "../imports";
import { contentDeps, commitRevision, loadSnapshot, withSpaceWriteTurn } from "../revisions";
import { isQuireCommit, type RepoPaths, type SyncResult, type SyncRun } from "./git-sync";
import { fetchRef, MAX_CONTENT_BYTES, MAX_PACK_BYTES, openRepo, type Repo, SyncFailure } from "./remote";

/*
 * Import: the ref's commit (shallow fetch) → `.gitbook.yaml` of the project directory (`root`,
 * `structure.readme`, `structure.summary`) → the markdown files and images under the root → the import
 * planner shared with zip imports (SUMMARY.md as the tree, else folders with the README first; frontmatter as
 * page fields; relative links as page links; referenced images as files; other repository files as links
 * under `repoTreeURL`) → one revision replacing the space's content, carrying the commit in `git`.
 *
 * Ids are stable across imports: a page keeps its id when its source file (its path in the repository, as
 * stored at the last import or export) is still there, wherever the summary now places it and whatever its
 * body; otherwise a page at the same page path (slugs) keeps the id of the page main had there. Files keep
 * theirs the same way (same path; else same name and bytes). Only new pages and files get new ids; pages whose
 * file is gone are removed with the rest of main's old content.
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
      if (bytes > MAX_CONTENT_BYTES)
        throw new SyncFailure(
          `The repository is too large for Git sync: its markdown and image files exceed ${MAX_CONTENT_BYTES} bytes`,
        );
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
      // Images up to the fetch limit are stored (the pack that carried them was within it).
      maxFileBytes: MAX_PACK_BYTES,
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
  const source = (rel: string) => joinPath(rootPath, rel);
  const bytesOf = new Map(plan.files.map((f) => [f.ref, f]));
  const revision = await withSpaceWriteTurn(ctx, payload.spaceId, async (turnCtx) => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const [space] = await turnCtx.db
        .select({ revisionId: spaces.revisionId })
        .from(spaces)
        .where(eq(spaces.id, payload.spaceId))
        .limit(1);
      if (!space) throw new SyncFailure("The space was deleted");
      const main = await loadSnapshot(turnCtx, payload.spaceId, space.revisionId);
      const base = contentDeps(turnCtx, payload.spaceId);
      const kept = await matchIds(plan, main, state.paths ?? { pages: {}, files: {} }, source, base);
      const deps: ApplyDeps = {
        ...base,
        keepId: (ref) => kept.get(ref),
        // The bytes come from the plan (no base64 round trip, and images over the inline limit are stored).
        storeFile: async (file) => {
          const planned = file.ref !== undefined ? bytesOf.get(file.ref) : undefined;
          if (!planned) return base.storeFile(file);
          const stored = await storeFile(turnCtx.env, payload.spaceId, planned.bytes, planned.contentType);
          return { name: file.name, ...stored };
        },
      };
      // The repository is the whole content: the plan is applied to an empty snapshot, not on top of main.
      const applied = await applyChanges(emptySnapshot(), planToChanges(plan, undefined, { inline: false }), deps);
      keepTimestamps(applied.snapshot, main);
      const revisionId = newId();
      const done = await commitRevision(turnCtx, payload.spaceId, main, applied.snapshot, applied.bodies, {
        revisionId,
        type: "edits",
        parents: [main.revision.id],
        changeRequestId: null,
        git: gitInfo,
        ...(payload.standalone ? { standalone: true } : { casSpace: { expectedRevision: main.revision.id } }),
      });
      if (done.committed) return { revisionId, paths: pathsOf(plan, applied.outcomes, applied.insertedFiles, source) };
    }
    throw new Error("The space kept changing while the import was written; the job will retry");
  });
  // A standalone revision does not become main: the paths stay those of main's content.
  return { commit: oid, revision: revision.revisionId, ...(payload.standalone ? {} : { paths: revision.paths }) };
}

/**
 * Which existing id each planned page and file keeps (by plan ref). Pages: the id stored for the source file's
 * path, when main still has that page; then, for the rest, the main page at the same page path (slugs), found by
 * a dry run of the plan. Files: the id stored for the path, else a main file with the same name and bytes.
 */
async function matchIds(
  plan: ImportPlan,
  main: Snapshot,
  stored: RepoPaths,
  source: (rel: string) => string,
  deps: ApplyDeps,
): Promise<Map<string, string>> {
  const kept = new Map<string, string>();
  const used = new Set<string>();
  const keep = (ref: string, id: string | undefined, exists: boolean) => {
    if (!id || !exists || used.has(id) || kept.has(ref)) return;
    kept.set(ref, id);
    used.add(id);
  };
  for (const page of plan.pages) {
    const id = page.source !== undefined ? stored.pages[source(page.source)] : undefined;
    keep(page.ref, id, id !== undefined && main.pages.has(id));
  }
  if (kept.size < plan.pages.length && main.pages.size) {
    // Where each planned page would be (its slug path), from a dry run that stores nothing.
    const dry = await applyChanges(emptySnapshot(), planToChanges({ ...plan, files: [] }, undefined), {
      ...deps,
      storeFile: async () => ({ name: "", contentType: "", size: 0, hash: "" }),
    });
    const mainByPath = new Map<string, string>();
    for (const id of main.pages.keys()) {
      const path = pagePath(main, id);
      if (!mainByPath.has(path)) mainByPath.set(path, id);
    }
    for (const outcome of dry.outcomes) {
      if (outcome.object !== "created_page" || outcome.ref === undefined) continue;
      keep(outcome.ref, mainByPath.get(pagePath(dry.snapshot, outcome.page)), true);
    }
  }
  const mainFiles = [...main.files.values()];
  for (const file of plan.files) {
    const id = file.source !== undefined ? stored.files[source(file.source)] : undefined;
    keep(file.ref, id, id !== undefined && main.files.has(id));
    if (kept.has(file.ref)) continue;
    const same = mainFiles.filter((f) => f.name === file.name && f.size === file.bytes.byteLength && !used.has(f.id));
    if (!same.length) continue;
    const hash = await sha256HexOfBytes(file.bytes);
    const match = same.find((f) => f.hash === hash);
    keep(file.ref, match?.id, match !== undefined);
  }
  return kept;
}

/** A kept page keeps its `createdAt`, and its `updatedAt` too when nothing else about it changed. */
function keepTimestamps(next: Snapshot, main: Snapshot) {
  const strip = (p: PageEntry, parent: string | null | undefined) =>
    canonicalJSON({ ...p, createdAt: 0, updatedAt: 0, parent: parent ?? null });
  for (const [id, page] of next.pages) {
    const before = main.pages.get(id);
    if (!before) continue;
    const same = strip(page, next.parentOf.get(id)) === strip(before, main.parentOf.get(id));
    next.pages.set(id, { ...page, createdAt: before.createdAt, updatedAt: same ? before.updatedAt : page.updatedAt });
  }
}

/** The repository path of each imported page and file (sources only: synthetic pages have none). */
function pathsOf(
  plan: ImportPlan,
  outcomes: { object: string; page: string; ref?: string }[],
  files: { id: string }[],
  source: (rel: string) => string,
): RepoPaths {
  const pageOf = new Map(outcomes.flatMap((o) => (o.object === "created_page" && o.ref ? [[o.ref, o.page]] : [])));
  const pages: Record<string, string> = {};
  for (const page of plan.pages) {
    const id = pageOf.get(page.ref);
    if (page.source !== undefined && id) pages[source(page.source)] = id;
  }
  const out: Record<string, string> = {};
  plan.files.forEach((file, index) => {
    if (file.source !== undefined && files[index]) out[source(file.source)] = files[index].id;
  });
  return { pages, files: out };
}
