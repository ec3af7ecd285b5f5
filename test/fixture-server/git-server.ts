import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { TestProject } from "vitest/node";
import { PNG, PNG2 } from "./fixtures";

declare module "vitest" {
  export interface ProvidedContext {
    gitOrigin: string;
  }
}

/*
 * A real Git server for the Git sync tests: Debian's `git http-backend` as CGI behind a Node HTTP server on
 * 127.0.0.1. `/repos/<name>.git/…` is open; `/private/<name>.git/…` needs basic auth `alice:s3cret`;
 * `/flaky/<n>/<name>.git/…` answers 503 to the first n requests for that repository and prefix, then serves it
 * (n = 1000: a remote that never recovers); `/reset/<n>/<name>.git/…` drops the connection instead. Control
 * endpoints (`/_control/…`, JSON) let the tests (inside workerd, where no process can be spawned) create
 * repositories, commit with a plain `git` client, and read `git log` / `git show` / `git ls-tree`.
 */

const BACKEND = "/usr/lib/git-core/git-http-backend";
const AUTH = `Basic ${Buffer.from("alice:s3cret").toString("base64")}`;
const IDENTITY = {
  GIT_AUTHOR_NAME: "Plain Client",
  GIT_AUTHOR_EMAIL: "plain@example.com",
  GIT_COMMITTER_NAME: "Plain Client",
  GIT_COMMITTER_EMAIL: "plain@example.com",
};

/** The repository the import test starts from: `.gitbook.yaml` with a root, nested SUMMARY.md, images. */
export const BOOK: Record<string, string | Uint8Array> = {
  ".gitbook.yaml": "root: ./docs/\n\nstructure:\n  readme: intro.md\n  summary: toc.md\n",
  "package.json": '{"name":"not-docs"}\n',
  "src/index.ts": "export const x = 1;\n",
  "docs/intro.md":
    "---\ndescription: Where it starts\n---\n\n# Introduction\n\nWelcome. Read the [setup guide](guide/setup.md).\n\n![Logo](.gitbook/assets/logo.png)\n",
  "docs/toc.md":
    "# Table of contents\n\n* [Introduction](intro.md)\n* [Guide](guide/README.md)\n  * [Setup](guide/setup.md)\n  * [Advanced](guide/advanced/README.md)\n    * [Tuning](guide/advanced/tuning.md)\n* [FAQ](faq.md)\n",
  "docs/guide/README.md": "# Guide\n\nThe guide.\n",
  "docs/guide/setup.md":
    "# Setup\n\n![Diagram](../images/diagram.png)\n\nSee [the code](../../src/index.ts) and the [FAQ](../faq.md).\n",
  "docs/guide/advanced/README.md": "# Advanced\n\nDeeper.\n",
  "docs/guide/advanced/tuning.md": "---\nemoji: 🔧\n---\n\n# Tuning\n\nKnobs.\n",
  "docs/faq.md": "# FAQ\n\nQuestions.\n",
  "docs/.gitbook/assets/logo.png": PNG,
  "docs/images/diagram.png": PNG2,
};

function git(args: string[], cwd: string, env: Record<string, string> = {}) {
  const out = spawnSync("git", args, { cwd, env: { ...process.env, ...IDENTITY, ...env }, encoding: "utf8" });
  if (out.status !== 0) throw new Error(`git ${args.join(" ")}: ${out.stderr}`);
  return out.stdout;
}

function writeTree(dir: string, files: Record<string, string | Uint8Array | null>) {
  for (const [path, content] of Object.entries(files)) {
    const full = join(dir, path);
    if (content === null) {
      rmSync(full, { force: true });
      continue;
    }
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

function cgi(root: string, req: IncomingMessage, res: ServerResponse, pathInfo: string, query: string, body: Buffer) {
  const child = spawn(BACKEND, [], {
    env: {
      ...process.env,
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: "1",
      PATH_INFO: pathInfo,
      QUERY_STRING: query,
      REQUEST_METHOD: req.method ?? "GET",
      CONTENT_TYPE: req.headers["content-type"] ?? "",
      CONTENT_LENGTH: String(body.length),
      HTTP_CONTENT_ENCODING: String(req.headers["content-encoding"] ?? ""),
      GIT_PROTOCOL: String(req.headers["git-protocol"] ?? ""),
      REMOTE_USER: "alice",
      REMOTE_ADDR: "127.0.0.1",
    },
  });
  const out: Buffer[] = [];
  child.stdout.on("data", (d: Buffer) => out.push(d));
  // The backend may exit before reading a body it refuses: no EPIPE for the server.
  child.stdin.on("error", () => {});
  child.stdin.end(body);
  child.on("close", () => {
    const all = Buffer.concat(out);
    const split = all.indexOf("\r\n\r\n");
    const head = all.subarray(0, split).toString("latin1");
    const headers: Record<string, string> = {};
    let status = 200;
    for (const line of head.split("\r\n")) {
      const at = line.indexOf(":");
      const name = line.slice(0, at).trim();
      const value = line.slice(at + 1).trim();
      if (name.toLowerCase() === "status") status = Number.parseInt(value, 10);
      else if (name) headers[name] = value;
    }
    res.writeHead(status, headers);
    res.end(all.subarray(split + 4));
  });
}

export default async function setup(project: TestProject) {
  const root = mkdtempSync(join(tmpdir(), "quire-git-"));
  const q = (url: URL, name: string) => url.searchParams.get(name) ?? "";
  const bare = (name: string) => {
    if (!/^[a-z0-9-]+$/.test(name)) throw new Error("bad repository name");
    return join(root, `${name}.git`);
  };
  const control = async (url: URL, body: Buffer): Promise<unknown> => {
    const action = url.pathname.slice("/_control/".length);
    const repo = bare(q(url, "name"));
    if (action === "create") {
      const input = body.length
        ? (JSON.parse(body.toString()) as { files?: Record<string, string>; random?: Record<string, number> })
        : {};
      git(["init", "--bare", "-q", "-b", "main", repo], root);
      git(["config", "http.receivepack", "true"], repo);
      if (q(url, "empty") === "1") return { head: null };
      const work = mkdtempSync(join(tmpdir(), "quire-work-"));
      git(["init", "-q", "-b", "main"], work);
      writeTree(work, input.files ?? BOOK);
      // Incompressible files of the given sizes (a `.png` one starts as a real PNG, so it reads as an image).
      for (const [path, size] of Object.entries(input.random ?? {}))
        writeTree(work, {
          [path]: path.endsWith(".png") ? Buffer.concat([PNG, randomBytes(size)]) : randomBytes(size),
        });
      git(["add", "-A"], work);
      git(["commit", "-q", "-m", "Initial docs"], work);
      git(["push", "-q", repo, "main"], work);
      rmSync(work, { recursive: true, force: true });
      return { head: git(["rev-parse", "main"], repo).trim() };
    }
    if (action === "commit") {
      const input = JSON.parse(body.toString()) as { files: Record<string, string | null>; message: string };
      const work = mkdtempSync(join(tmpdir(), "quire-work-"));
      git(["clone", "-q", repo, work], root);
      writeTree(work, input.files);
      git(["add", "-A"], work);
      git(["commit", "-q", "-m", input.message], work);
      git(["push", "-q", "origin", "HEAD:main"], work);
      rmSync(work, { recursive: true, force: true });
      return { head: git(["rev-parse", "main"], repo).trim() };
    }
    const ref = q(url, "ref") || "main";
    if (action === "log") {
      const log = git(["log", "--format=%H%x1f%P%x1f%an%x1f%B%x1e", ref], repo);
      return log
        .split("\x1e")
        .map((e) => e.trim())
        .filter(Boolean)
        .map((e) => {
          const [oid, parents, author, message] = e.split("\x1f");
          return { oid, parents: parents.split(" ").filter(Boolean), author, message };
        });
    }
    if (action === "ls") return git(["ls-tree", "-r", "--name-only", ref], repo).split("\n").filter(Boolean);
    if (action === "show") return { text: git(["show", `${ref}:${q(url, "path")}`], repo) };
    throw new Error(`unknown control action ${action}`);
  };

  const failures = new Map<string, number>();
  const server: Server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://git");
      const body = await readBody(req);
      if (url.pathname.startsWith("/_control/")) {
        const result = await control(url, body);
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(result));
        return;
      }
      const flaky = /^\/(flaky|reset)\/(\d+)(\/[^/]+\.git)(\/.*)$/.exec(url.pathname);
      if (flaky) {
        const key = `${flaky[1]}/${flaky[2]}${flaky[3]}`;
        const seen = failures.get(key) ?? 0;
        if (seen < Number(flaky[2])) {
          failures.set(key, seen + 1);
          if (flaky[1] === "reset") req.socket.destroy();
          else res.writeHead(503, { "content-type": "text/plain", "retry-after": "1" }).end("try again later");
          return;
        }
        cgi(root, req, res, flaky[3] + flaky[4], url.search.slice(1), body);
        return;
      }
      const m = /^\/(repos|private)(\/.*)$/.exec(url.pathname);
      if (!m) {
        res.writeHead(404).end("not found");
        return;
      }
      if (m[1] === "private" && req.headers.authorization !== AUTH) {
        res.writeHead(401, { "www-authenticate": 'Basic realm="git"' }).end("auth required");
        return;
      }
      cgi(root, req, res, m[2], url.search.slice(1), body);
    } catch (error) {
      res.writeHead(500, { "content-type": "text/plain" }).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  project.provide("gitOrigin", `http://127.0.0.1:${port}`);
  return () =>
    new Promise<void>((resolve) =>
      server.close(() => {
        rmSync(root, { recursive: true, force: true });
        resolve();
      }),
    );
}
