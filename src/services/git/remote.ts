import type { HttpClient } from "isomorphic-git";
import type { Env } from "../../env";
import { ApiError, badRequest } from "../../lib/errors";
import { checkPublicUrl, safeRequest } from "../../lib/safe-fetch";
import { MemoryFs } from "./memory-fs";

/** isomorphic-git (with pako) loads with the first sync, not at every isolate's start. */
const loadGit = async () => (await import("isomorphic-git")).default;

/*
 * The remote side of Git sync: smart HTTP with isomorphic-git, every request through the SSRF guard
 * (safeRequest), the repository in memory (MemoryFs, bare: only `.git`), shallow fetches of one ref.
 */

/**
 * The size limit of Git sync: the largest response (in practice the pack of the ref's commit, depth 1) read from
 * the remote. It is enforced while the response streams in (cut off at the limit, never buffered past it); a
 * larger repository fails the job for good with a message saying so. The import also reads at most
 * MAX_CONTENT_BYTES of markdown and images out of that pack (text compresses well).
 */
export const MAX_PACK_BYTES = 10 * 1024 * 1024;
/** Sum of the (uncompressed) markdown and image files an import reads from the repository. */
export const MAX_CONTENT_BYTES = 40 * 1024 * 1024;
/** The in-memory repository's ceiling (the pack, its index and what an export writes). */
const MAX_FS_BYTES = 4 * MAX_PACK_BYTES + MAX_CONTENT_BYTES;
const REQUEST_TIMEOUT_MS = 60_000;
export const GITDIR = "/repo.git";

export interface RemoteAuth {
  username: string;
  password: string;
}

/** A remote URL split into its address (never carries credentials) and the credentials it carried. */
export interface Remote {
  url: string;
  auth?: RemoteAuth;
}

/** Splits credentials off a remote URL and checks it against the guard (400 when refused). */
export function parseRemote(env: Env, raw: string): Remote {
  const parsed = checkPublicUrl(env, raw);
  const auth =
    parsed.username || parsed.password
      ? { username: decodeURIComponent(parsed.username), password: decodeURIComponent(parsed.password) }
      : undefined;
  parsed.username = "";
  parsed.password = "";
  return { url: parsed.toString(), ...(auth ? { auth } : {}) };
}

/** `refs/heads/main` stays; `main` means `refs/heads/main`. 400 for what is no ref name. */
export function normalizeRef(ref: string): string {
  const full = ref.startsWith("refs/") ? ref : `refs/heads/${ref}`;
  if (!/^refs\/[A-Za-z0-9._/-]+$/.test(full) || /\.\.|\/\/|\/$|\.lock(\/|$)|@\{/.test(full))
    throw badRequest(`body.ref: "${ref}" is not a valid Git ref`);
  return full;
}

async function collect(body: AsyncIterable<Uint8Array> | Iterable<Uint8Array> | undefined) {
  if (!body) return undefined;
  const parts: Uint8Array[] = [];
  for await (const part of body as AsyncIterable<Uint8Array>) parts.push(part);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/** isomorphic-git's HTTP client over the guarded fetch. */
export function guardedHttp(env: Env): HttpClient {
  return {
    async request({ url, method, headers, body }) {
      const res = await safeRequest(
        env,
        url,
        { method, headers, body: await collect(body) },
        { maxBytes: MAX_PACK_BYTES, timeoutMs: REQUEST_TIMEOUT_MS },
      );
      return {
        url: res.url,
        method,
        statusCode: res.status,
        statusMessage: res.statusText,
        headers: res.headers,
        body: (async function* () {
          yield res.bytes;
        })(),
      };
    },
  };
}

const authHeaders = (auth?: RemoteAuth): Record<string, string> =>
  auth ? { authorization: `Basic ${btoa(`${auth.username}:${auth.password}`)}` } : {};

/** A repository in memory, with the client pieces every isomorphic-git call takes. */
export interface Repo {
  fs: MemoryFs;
  gitdir: string;
  http: HttpClient;
  headers: Record<string, string>;
  remote: Remote;
}

/** A sync failure that retrying cannot fix (refused URL, auth, unknown ref, bad content): recorded, not retried. */
export class SyncFailure extends Error {}

/** A failure that may pass (network error, timeout, HTTP 5xx or 429): the job is retried with backoff. */
export class TransientFailure extends Error {}

const tooLarge = () =>
  new SyncFailure(
    `The repository is too large for Git sync: the fetched data exceeds the ${MAX_PACK_BYTES / (1024 * 1024)} MB limit (${MAX_PACK_BYTES} bytes)`,
  );

/**
 * Turns what isomorphic-git or the guard threw into a SyncFailure (retrying cannot help: refused URL,
 * authentication, 404, not a Git server, size limit, rejected push) or a TransientFailure (connection refused or
 * reset, timeout, HTTP 5xx or 429). Anything else is rethrown as it is (and retried, as unexpected).
 */
export function classify(error: unknown, remote: Remote): never {
  if (error instanceof SyncFailure || error instanceof TransientFailure) throw error;
  if (error instanceof ApiError) {
    if (error.status === 413) throw tooLarge();
    // 422: the request could not be made or answered (refused, reset, timed out): the network's, not the input's.
    if (error.status === 422) throw new TransientFailure(error.message);
    throw new SyncFailure(error.message);
  }
  const e = error as { code?: string; name?: string; data?: { statusCode?: number }; message?: string };
  if (e?.code === "ENOSPC") throw tooLarge();
  const status = e?.data?.statusCode;
  if (e?.code === "HttpError" && status !== undefined) {
    if (status === 401 || status === 403)
      throw new SyncFailure(`Authentication to ${remote.url} failed (HTTP ${status}): check the credentials`);
    if (status >= 500 || status === 429 || status === 408)
      throw new TransientFailure(`${remote.url} answered HTTP ${status} (${e.message ?? "server error"})`);
    throw new SyncFailure(`${remote.url} answered HTTP ${status}: is it a Git repository?`);
  }
  // The body stopped mid-way (a reset connection, the timeout firing while it streamed).
  if (e?.name === "TimeoutError" || e?.name === "AbortError" || error instanceof TypeError)
    throw new TransientFailure(`The connection to ${remote.url} failed: ${e?.message ?? String(error)}`);
  if (e?.code === "SmartHttpError" || e?.code === "ParseError" || e?.code === "UnknownTransportError")
    throw new SyncFailure(`${remote.url} does not speak Git smart HTTP: ${e.message}`);
  if (e?.code === "PushRejectedError" || e?.code === "GitPushError")
    throw new SyncFailure(`The remote refused the push: ${e.message}`);
  throw error;
}

/** An empty bare repository in memory, for `remote`. */
export async function openRepo(env: Env, remote: Remote): Promise<Repo> {
  const git = await loadGit();
  const fs = new MemoryFs(MAX_FS_BYTES);
  await git.init({ fs, dir: GITDIR, gitdir: GITDIR, bare: true, defaultBranch: "main" });
  await git.addRemote({ fs, gitdir: GITDIR, remote: "origin", url: remote.url });
  return { fs, gitdir: GITDIR, http: guardedHttp(env), headers: authHeaders(remote.auth), remote };
}

/** The remote's oid for `ref`, undefined when the ref does not exist there. */
export async function remoteRefOid(repo: Repo, ref: string): Promise<string | undefined> {
  const git = await loadGit();
  try {
    const refs = await git.listServerRefs({
      http: repo.http,
      url: repo.remote.url,
      headers: repo.headers,
      prefix: ref,
      protocolVersion: 1,
    });
    return refs.find((r) => r.ref === ref)?.oid;
  } catch (error) {
    classify(error, repo.remote);
  }
}

/** Fetches `ref` (depth 1) into the repository and answers its commit. */
export async function fetchRef(repo: Repo, ref: string): Promise<string> {
  const git = await loadGit();
  try {
    const result = await git.fetch({
      fs: repo.fs,
      http: repo.http,
      gitdir: repo.gitdir,
      url: repo.remote.url,
      headers: repo.headers,
      ref,
      remoteRef: ref,
      singleBranch: true,
      depth: 1,
      tags: false,
    });
    if (!result.fetchHead) throw new SyncFailure(`The ref ${ref} does not exist in ${repo.remote.url}`);
    return result.fetchHead;
  } catch (error) {
    const e = error as { code?: string };
    if (e?.code === "NotFoundError") throw new SyncFailure(`The ref ${ref} does not exist in ${repo.remote.url}`);
    classify(error, repo.remote);
  }
}

/** Pushes `oid` to the remote's `ref` (fast-forward from what was fetched, or a new ref). */
export async function pushRef(repo: Repo, oid: string, ref: string): Promise<void> {
  const git = await loadGit();
  const local = "refs/heads/quire-export";
  await git.writeRef({ fs: repo.fs, gitdir: repo.gitdir, ref: local, value: oid, force: true });
  try {
    const result = await git.push({
      fs: repo.fs,
      http: repo.http,
      gitdir: repo.gitdir,
      url: repo.remote.url,
      headers: repo.headers,
      ref: local,
      remoteRef: ref,
    });
    const status = result.refs?.[ref];
    if (!result.ok || (status && !status.ok))
      throw new SyncFailure(`The remote refused the push to ${ref}: ${status?.error ?? result.error ?? "unknown"}`);
  } catch (error) {
    classify(error, repo.remote);
  }
}
