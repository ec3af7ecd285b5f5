// An import run as Quire's API answers it (src/wire/import-run.ts; @gitbook/api 0.137 has no type for it), and
// the hook that follows one to its end: getImportRun polled while the run is pending or in progress.
import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError, api } from "../../api";
import { seg } from "../../shell/session";

export interface ImportRun {
  object: "import-run";
  id: string;
  status: "pending" | "in-progress" | "completed" | "failed" | "cancelled";
  reason?: string;
  target: { space: string; changeRequest?: string; page?: string };
  pages: { id: string; title: string; sourceURL?: string; status: "complete" | "pending"; error?: string }[];
  progress: { pagesTotal: number; pagesDone: number; pagesFailed: number };
  cancelRequested: boolean;
}

export const isOver = (run: ImportRun) =>
  run.status === "completed" || run.status === "failed" || run.status === "cancelled";

export const importRunPath = (organizationId: string, runId: string) =>
  `/v1/org/${seg(organizationId)}/imports/${seg(runId)}`;

/** First wait between two reads, and the longest: the wait grows while nothing moves, and starts over when it does. */
const FIRST_DELAY = 1000;
const MAX_DELAY = 5000;
/** Reads that may fail in a row (the server unreachable, a 5xx) before the failure is shown. */
const TRIES = 3;

/**
 * Follows the run (kept by the caller, so that it outlives this hook): reads it again after a wait until it is
 * over, a refusal or repeated failure stops it (`error`, `retry` goes on). Stops when the component unmounts.
 */
export function useImportRunPolling(organizationId: string, run: ImportRun, setRun: (run: ImportRun) => void) {
  const [error, setError] = useState<unknown>(undefined);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(run);
  latest.current = run;
  const over = isOver(run);
  useEffect(() => {
    if (over) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay = FIRST_DELAY;
    let failures = 0;
    const moved = (a: ImportRun, b: ImportRun) =>
      a.status !== b.status ||
      a.progress.pagesDone !== b.progress.pagesDone ||
      a.progress.pagesFailed !== b.progress.pagesFailed ||
      a.progress.pagesTotal !== b.progress.pagesTotal;
    const poll = async () => {
      try {
        const next = await api<ImportRun>("GET", importRunPath(organizationId, latest.current.id));
        if (stopped) return;
        failures = 0;
        delay = moved(next, latest.current) ? FIRST_DELAY : Math.min(delay * 1.5, MAX_DELAY);
        setRun(next);
        if (isOver(next)) return;
      } catch (caught) {
        if (stopped) return;
        const transient = caught instanceof ApiError && (caught.status === 0 || caught.status >= 500);
        if (!transient || ++failures >= TRIES) {
          setError(caught);
          return;
        }
        delay = Math.min(delay * 2, MAX_DELAY);
      }
      timer = setTimeout(poll, delay);
    };
    setError(undefined);
    timer = setTimeout(poll, delay);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [organizationId, run.id, over, attempt]);
  return { error, retry: () => setAttempt((n) => n + 1) };
}

// Uploaded files (startImportRun's `file` source): each file's bytes are PUT to a one-time upload URL from
// generateStorageUploadURL (kind `import_file`), and the run names them by the storage keys it answered.

/** What the import reads (src/services/imports/run-sources.ts picks the reader by the name's extension). */
export const IMPORT_FILE_EXTENSIONS = [".zip", ".md", ".markdown", ".txt", ".html", ".htm", ".docx"];
/** generateStorageUploadURL's limit for `import_file` (10 MiB, 400 past it). */
export const MAX_IMPORT_FILE_BYTES = 10 * 1024 * 1024;
/** startImportRun's `source.files` takes at most 50 keys. */
export const MAX_IMPORT_FILES = 50;

/** Why these files cannot be imported, or undefined when they can. */
export function importFilesProblem(files: File[]): string | undefined {
  if (!files.length) return "Choose a file to import.";
  if (files.length > MAX_IMPORT_FILES) return `Choose at most ${MAX_IMPORT_FILES} files for one import.`;
  for (const file of files) {
    const dot = file.name.lastIndexOf(".");
    const extension = dot > 0 ? file.name.slice(dot).toLowerCase() : "";
    if (!IMPORT_FILE_EXTENSIONS.includes(extension))
      return `"${file.name}" is not a file Quire imports (.zip, .md, .markdown, .txt, .html, .htm or .docx).`;
    if (file.size === 0) return `"${file.name}" is empty.`;
    if (file.size > MAX_IMPORT_FILE_BYTES) return `"${file.name}" is ${formatBytes(file.size)}: the limit is 10 MB.`;
  }
  return undefined;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

interface StorageUploadURL {
  object: "storage-signed-url";
  url: string;
  key: string;
}

/**
 * The upload URL's path on this origin: the URL is the API's own (PUT /v1/orgs/{org}/storage/upload/{id}?expires&
 * signature, the same worker that serves the app), and the page may connect to nothing but its origin (CSP).
 */
function onThisOrigin(url: string): string {
  const target = new URL(url, location.href);
  if (target.origin === location.origin) return target.href;
  if (/^\/v1\/orgs\/[^/]+\/storage\/upload\/[^/]+$/.test(target.pathname)) return target.pathname + target.search;
  throw new ApiError("The upload URL the API gave is not on this site.", 0);
}

function csrfToken(): string | undefined {
  for (const part of document.cookie.split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === "quire_csrf") return decodeURIComponent(value.join("="));
  }
  return undefined;
}

/** One PUT of a file's bytes (XMLHttpRequest: fetch tells nothing of an upload's progress). */
function put(url: string, file: File, signal: AbortSignal, onProgress: (loaded: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", onThisOrigin(url));
    if (file.type) xhr.setRequestHeader("Content-Type", file.type);
    const csrf = csrfToken();
    if (csrf) xhr.setRequestHeader("X-CSRF-Token", csrf);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let message: unknown;
      try {
        message = (JSON.parse(xhr.responseText) as { error?: { message?: unknown } }).error?.message;
      } catch {}
      reject(
        new ApiError(
          typeof message === "string" && message ? message : `The upload of "${file.name}" failed (${xhr.status}).`,
          xhr.status,
        ),
      );
    };
    xhr.onerror = () => reject(new ApiError("Could not reach the server. Check your connection and try again.", 0));
    xhr.onabort = () => reject(new ApiError("The upload was stopped.", 0));
    signal.addEventListener("abort", () => xhr.abort(), { once: true });
    if (signal.aborted) xhr.abort();
    else xhr.send(file);
  });
}

/**
 * Uploads the files as import files of the organization: their upload URLs asked for together, then the bytes one
 * file after the other, `onProgress` told the bytes sent of all. Answers the storage keys, in the files' order.
 */
export async function uploadImportFiles(
  organizationId: string,
  files: File[],
  signal: AbortSignal,
  onProgress: (loaded: number, total: number) => void,
): Promise<string[]> {
  const signed = await Promise.all(
    files.map((file) =>
      api<StorageUploadURL>("POST", `/v1/orgs/${seg(organizationId)}/storage/upload`, {
        kind: "import_file",
        file: { name: file.name.slice(0, 1024), type: file.type.slice(0, 255), size: file.size },
      }),
    ),
  );
  const total = files.reduce((sum, file) => sum + file.size, 0);
  let sent = 0;
  onProgress(0, total);
  for (const [i, file] of files.entries()) {
    await put(signed[i].url, file, signal, (loaded) => onProgress(sent + Math.min(loaded, file.size), total));
    sent += file.size;
    onProgress(sent, total);
  }
  return signed.map((upload) => upload.key);
}
