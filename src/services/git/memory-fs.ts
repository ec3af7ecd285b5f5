/*
 * A small in-memory file system with the promise API isomorphic-git needs (readFile, writeFile, mkdir, rmdir,
 * unlink, stat, lstat, readdir, readlink, symlink). One per job: the repository lives only for the job's run.
 * Only the `.git` directory is ever written (Quire reads and writes trees and commits directly, never a
 * working copy), so the size is bounded by what the shallow fetch brings.
 */

type Node = { kind: "dir" } | { kind: "file"; data: Uint8Array; mtimeMs: number };

const fsError = (code: string, path: string) => Object.assign(new Error(`${code}: ${path}`), { code });

function normalize(path: string): string {
  const parts: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") parts.pop();
    else parts.push(part);
  }
  return `/${parts.join("/")}`;
}

const parentOf = (path: string) => (path === "/" ? "/" : path.slice(0, path.lastIndexOf("/")) || "/");

class Stats {
  constructor(
    private readonly node: Node,
    readonly ino: number,
  ) {}
  get size() {
    return this.node.kind === "file" ? this.node.data.byteLength : 0;
  }
  get mode() {
    return this.node.kind === "file" ? 0o100644 : 0o40000;
  }
  get mtimeMs() {
    return this.node.kind === "file" ? this.node.mtimeMs : 0;
  }
  get ctimeMs() {
    return this.mtimeMs;
  }
  readonly uid = 0;
  readonly gid = 0;
  readonly dev = 0;
  isFile() {
    return this.node.kind === "file";
  }
  isDirectory() {
    return this.node.kind === "dir";
  }
  isSymbolicLink() {
    return false;
  }
}

export class MemoryFs {
  private readonly nodes = new Map<string, Node>([["/", { kind: "dir" }]]);
  private bytes = 0;

  constructor(private readonly maxBytes = 256 * 1024 * 1024) {}

  /** Bytes held by files (what the fetched repository occupies). */
  get size() {
    return this.bytes;
  }

  private ensureDir(path: string) {
    const node = this.nodes.get(path);
    if (node?.kind === "dir") return;
    if (node) throw fsError("ENOTDIR", path);
    this.ensureDir(parentOf(path));
    this.nodes.set(path, { kind: "dir" });
  }

  async readFile(path: string, options?: string | { encoding?: string }) {
    const node = this.nodes.get(normalize(path));
    if (!node) throw fsError("ENOENT", path);
    if (node.kind !== "file") throw fsError("EISDIR", path);
    const encoding = typeof options === "string" ? options : options?.encoding;
    return encoding ? new TextDecoder().decode(node.data) : node.data.slice();
  }

  async writeFile(path: string, data: Uint8Array | string, _options?: unknown) {
    const at = normalize(path);
    const bytes = typeof data === "string" ? new TextEncoder().encode(data) : Uint8Array.from(data);
    const old = this.nodes.get(at);
    if (old?.kind === "dir") throw fsError("EISDIR", path);
    const next = this.bytes - (old?.kind === "file" ? old.data.byteLength : 0) + bytes.byteLength;
    if (next > this.maxBytes) throw fsError("ENOSPC", path);
    this.ensureDir(parentOf(at));
    this.nodes.set(at, { kind: "file", data: bytes, mtimeMs: Date.now() });
    this.bytes = next;
  }

  async mkdir(path: string, _options?: unknown) {
    const at = normalize(path);
    if (this.nodes.has(at)) throw fsError("EEXIST", path);
    this.ensureDir(at);
  }

  async rmdir(path: string, _options?: unknown) {
    const at = normalize(path);
    const node = this.nodes.get(at);
    if (!node) throw fsError("ENOENT", path);
    if (node.kind !== "dir") throw fsError("ENOTDIR", path);
    if ((await this.readdir(at)).length) throw fsError("ENOTEMPTY", path);
    this.nodes.delete(at);
  }

  async unlink(path: string) {
    const at = normalize(path);
    const node = this.nodes.get(at);
    if (!node) throw fsError("ENOENT", path);
    if (node.kind !== "file") throw fsError("EISDIR", path);
    this.bytes -= node.data.byteLength;
    this.nodes.delete(at);
  }

  async readdir(path: string, _options?: unknown) {
    const at = normalize(path);
    const node = this.nodes.get(at);
    if (!node) throw fsError("ENOENT", path);
    if (node.kind !== "dir") throw fsError("ENOTDIR", path);
    const prefix = at === "/" ? "/" : `${at}/`;
    const names: string[] = [];
    for (const key of this.nodes.keys()) {
      if (key !== at && key.startsWith(prefix) && !key.slice(prefix.length).includes("/"))
        names.push(key.slice(prefix.length));
    }
    return names.sort();
  }

  async stat(path: string, _options?: unknown) {
    const at = normalize(path);
    const node = this.nodes.get(at);
    if (!node) throw fsError("ENOENT", path);
    return new Stats(node, at.length);
  }

  async lstat(path: string, options?: unknown) {
    return this.stat(path, options);
  }

  async readlink(path: string, _options?: unknown): Promise<string> {
    throw fsError("EINVAL", path);
  }

  async symlink(_target: string, path: string): Promise<void> {
    throw fsError("EPERM", path);
  }
}
