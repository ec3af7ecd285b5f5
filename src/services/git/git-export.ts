import { eq } from "drizzle-orm";
import git, { type TreeEntry } from "isomorphic-git";
import { parse as parseYaml } from "yaml";
import { fileKey } from "../../content/files";
import { spaces } from "../../db/schema";
import { contentDeps, loadSnapshot } from "../revisions";
import { ASSETS_DIR, layoutSnapshot } from "./export-layout";
import { QUIRE_TRAILER, type SyncResult, type SyncRun } from "./git-sync";
import { fetchRef, openRepo, pushRef, type Repo, remoteRefOid, SyncFailure } from "./remote";

/*
 * Export: the remote `ref` (shallow fetch; absent: a new branch) → its tree with the content root's markdown
 * files and `.gitbook/assets/` replaced by the space's main content (export-layout.ts), `.gitbook.yaml` added
 * when the project has none → a commit with `commitMessage` plus the Quire trailer (so importing it back is a
 * no-op) → push. The repository's other files are kept as they are.
 */

const DEFAULT_CONFIG = "root: ./\n\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n";
const isMarkdown = (path: string) => /\.(md|markdown)$/i.test(path);

type Flat = Map<string, { mode: string; oid: string }>;

async function flatten(repo: Repo, oid: string, prefix = "", out: Flat = new Map()): Promise<Flat> {
  const { tree } = await git.readTree({ fs: repo.fs, gitdir: repo.gitdir, oid });
  for (const entry of tree) {
    if (entry.type === "tree") await flatten(repo, entry.oid, `${prefix}${entry.path}/`, out);
    else out.set(`${prefix}${entry.path}`, { mode: entry.mode, oid: entry.oid });
  }
  return out;
}

/** Writes the tree objects of a flat path map, bottom-up; answers the root tree's oid. */
async function writeTrees(repo: Repo, files: Flat): Promise<string> {
  interface Dir {
    files: TreeEntry[];
    dirs: Map<string, Dir>;
  }
  const root: Dir = { files: [], dirs: new Map() };
  for (const [path, { mode, oid }] of files) {
    const parts = path.split("/");
    let dir = root;
    for (const part of parts.slice(0, -1)) {
      if (!dir.dirs.has(part)) dir.dirs.set(part, { files: [], dirs: new Map() });
      dir = dir.dirs.get(part)!;
    }
    dir.files.push({ mode, path: parts[parts.length - 1], oid, type: mode === "160000" ? "commit" : "blob" });
  }
  const write = async (dir: Dir): Promise<string> => {
    const entries = [...dir.files];
    for (const [name, sub] of dir.dirs)
      entries.push({ mode: "040000", path: name, oid: await write(sub), type: "tree" });
    return git.writeTree({ fs: repo.fs, gitdir: repo.gitdir, tree: entries });
  };
  return write(root);
}

const join = (...parts: string[]) =>
  parts
    .flatMap((p) => p.split("/"))
    .filter((p) => p !== "" && p !== ".")
    .join("/");

export async function runExport({ ctx, payload, remote }: SyncRun): Promise<SyncResult> {
  const repo = await openRepo(ctx.env, remote);
  const remoteOid = await remoteRefOid(repo, payload.ref);
  const parent = remoteOid ? await fetchRef(repo, payload.ref) : undefined;
  const files: Flat = parent
    ? await flatten(repo, (await git.readCommit({ ...repo, oid: parent })).commit.tree)
    : new Map();

  const project = payload.projectDirectory;
  const configPath = join(project, ".gitbook.yaml");
  let root = project;
  const structure: { readme?: string; summary?: string } = {};
  const existing = files.get(configPath);
  if (existing) {
    const { blob } = await git.readBlob({ fs: repo.fs, gitdir: repo.gitdir, oid: existing.oid });
    try {
      const doc = parseYaml(new TextDecoder().decode(blob)) as {
        root?: unknown;
        structure?: { readme?: unknown; summary?: unknown };
      } | null;
      if (typeof doc?.root === "string") root = join(project, doc.root);
      if (typeof doc?.structure?.readme === "string") structure.readme = join(doc.structure.readme);
      if (typeof doc?.structure?.summary === "string") structure.summary = join(doc.structure.summary);
    } catch {
      throw new SyncFailure(`${configPath} in the repository is not valid YAML`);
    }
    if (root.split("/").includes("..")) throw new SyncFailure(`${configPath}: root must stay inside the repository`);
  }
  const prefix = root ? `${root}/` : "";
  // What the export owns under the root: every markdown file and the assets folder.
  for (const path of [...files.keys()]) {
    if (!path.startsWith(prefix)) continue;
    const rel = path.slice(prefix.length);
    if (isMarkdown(rel) || rel.startsWith(`${ASSETS_DIR}/`)) files.delete(path);
  }

  const [space] = await ctx.db
    .select({ revisionId: spaces.revisionId })
    .from(spaces)
    .where(eq(spaces.id, payload.spaceId))
    .limit(1);
  if (!space) throw new SyncFailure("The space was deleted");
  const snapshot = await loadSnapshot(ctx, payload.spaceId, space.revisionId);
  const hashes = [...new Set([...snapshot.pages.values()].flatMap((p) => (p.body ? [p.body] : [])))];
  const bodies = await contentDeps(ctx, payload.spaceId).loadBodies(hashes);
  const layout = layoutSnapshot(snapshot, bodies, structure);

  const encoder = new TextEncoder();
  const put = async (path: string, bytes: Uint8Array) => {
    const oid = await git.writeBlob({ fs: repo.fs, gitdir: repo.gitdir, blob: bytes });
    files.set(path, { mode: "100644", oid });
  };
  for (const [path, text] of layout.texts) await put(prefix + path, encoder.encode(text));
  for (const [fileId, path] of layout.assets) {
    const file = snapshot.files.get(fileId)!;
    const object = await ctx.env.STORAGE.get(fileKey(payload.spaceId, file.hash));
    if (!object) throw new Error(`File ${fileId} is missing from storage`);
    await put(prefix + path, new Uint8Array(await object.arrayBuffer()));
  }
  if (!existing) await put(configPath, encoder.encode(DEFAULT_CONFIG));

  // Where each page and file now is in the repository: a later import keeps their ids.
  const paths = {
    pages: Object.fromEntries([...layout.pages].map(([id, path]) => [prefix + path, id])),
    files: Object.fromEntries([...layout.assets].map(([id, path]) => [prefix + path, id])),
  };
  const tree = await writeTrees(repo, files);
  if (parent && (await git.readCommit({ ...repo, oid: parent })).commit.tree === tree)
    return { commit: parent, skipped: "The repository already has this content: nothing to commit", paths };
  const who = {
    name: "Quire",
    email: "git-sync@quire.invalid",
    timestamp: Math.floor(Date.now() / 1000),
    timezoneOffset: 0,
  };
  const message = `${(payload.commitMessage ?? "").trim() || "Update from Quire"}\n\n${QUIRE_TRAILER} ${payload.spaceId}/${snapshot.revision.id}\n`;
  const oid = await git.writeCommit({
    fs: repo.fs,
    gitdir: repo.gitdir,
    commit: { message, tree, parent: parent ? [parent] : [], author: who, committer: who },
  });
  await pushRef(repo, oid, payload.ref);
  return { commit: oid, revision: snapshot.revision.id, paths };
}
