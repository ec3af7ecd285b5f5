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
