import type { Env } from "../../../env";
import type { IntegrationEventLog } from "../../../db/schema";
import {
  DEADLINE_HEADER,
  MAIN_MODULE,
  MAX_TRACE_LINE_CHARS,
  MAX_SUBREQUESTS,
  mainSource,
  PRELUDE_SOURCE,
  SCRIPT_MODULE,
} from "./wrapper";

/*
 * Runs one event through a published integration script in a Dynamic Worker (Worker Loader binding `LOADER`).
 * One isolate per integration version and script hash (the loader may keep it warm between events); the script's
 * network goes through the IntegrationOutbound entrypoint (coordination/integration-outbound.ts: Quire's own API
 * in-process, anything else through the SSRF guard). No HTTP framework here: a Request in, a plain result out.
 */

/** The compatibility settings `gitbook dev` runs scripts with. */
export const SCRIPT_COMPATIBILITY_DATE = "2025-05-25";
export const SCRIPT_COMPATIBILITY_FLAGS = ["nodejs_compat"];
/**
 * Per-event limits passed to the loader. Enforced by Cloudflare in production; local workerd accepts and ignores
 * them (README, "Integration runtime"), so the wall-clock timeout and the prelude's subrequest count also apply.
 */
export const SCRIPT_LIMITS = { cpuMs: 5_000, subRequests: MAX_SUBREQUESTS };
/** Wall-clock bound of one delivery (the env's INTEGRATION_TIMEOUT_MS overrides it). */
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface ScriptVersion {
  integrationName: string;
  version: number;
  scriptHash: string;
  /** Reads the script's text (called only when the loader has no warm isolate for this id). */
  load: () => Promise<string>;
}

export type SandboxResult =
  | { kind: "answered"; status: number; headers: [string, string][]; body: Uint8Array; logs: IntegrationEventLog[] }
  /** The script threw outside the runtime's handler, did not load, or returned no Response. */
  | { kind: "error"; error: string; logs: IntegrationEventLog[] }
  /** No answer within the timeout (an await that never settles; locally also a loop that yields). */
  | { kind: "timeout"; error: string; logs: IntegrationEventLog[] };

export const isolateId = (script: Pick<ScriptVersion, "integrationName" | "version" | "scriptHash">) =>
  `integration:${script.integrationName}@${script.version}:${script.scriptHash}`;

/** The multipart request `@gitbook/runtime` expects: POST to `/v1` with `event`, `environment`, `fetch-body`. */
export function eventRequest(event: unknown, environment: unknown, fetchBody?: Uint8Array | null): Request {
  const form = new FormData();
  form.set("event", JSON.stringify(event));
  form.set("environment", JSON.stringify(environment));
  if (fetchBody && fetchBody.byteLength > 0) form.set("fetch-body", new Blob([fetchBody]));
  return new Request("https://integrations.quire.internal/v1", { method: "POST", body: form });
}

const note = (level: IntegrationEventLog["level"], message: string): IntegrationEventLog => ({
  level,
  message: message.slice(0, MAX_TRACE_LINE_CHARS),
  timestamp: Date.now(),
});

async function outbound(apiOrigin: string, integrationName: string): Promise<Fetcher | null> {
  // Imported when used: this module is also loaded by Node tooling (the OpenAPI dump), where the module is absent.
  const { exports } = await import("cloudflare:workers");
  const entry = (exports as unknown as Record<string, unknown>).IntegrationOutbound as
    | ((opts: { props: { apiOrigin: string; integrationName: string } }) => Fetcher)
    | undefined;
  // Without the entrypoint (a main module that does not export it) the script gets no network at all.
  return entry ? entry({ props: { apiOrigin, integrationName } }) : null;
}

function decodeBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

/** Delivers `request` to the script; never throws (every failure is a result with its trace). */
export async function runInSandbox(
  env: Env,
  script: ScriptVersion,
  request: Request,
  opts: { apiOrigin: string; timeoutMs?: number },
): Promise<SandboxResult> {
  if (!env.LOADER) {
    return { kind: "error", error: "This deployment has no Worker Loader binding (LOADER)", logs: [] };
  }
  const timeoutMs = opts.timeoutMs ?? (Number(env.INTEGRATION_TIMEOUT_MS) || DEFAULT_TIMEOUT_MS);
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const worker = env.LOADER.get(isolateId(script), async () => {
      const source = await script.load();
      // acorn loads with the first script loaded, not at every isolate's start.
      const { guardLoops, guardNames } = await import("./loop-guard");
      // The prelude's name and the guard's local names are made for this load, absent from the script's text.
      const names = guardNames(source);
      return {
        compatibilityDate: SCRIPT_COMPATIBILITY_DATE,
        compatibilityFlags: SCRIPT_COMPATIBILITY_FLAGS,
        mainModule: MAIN_MODULE,
        modules: {
          [MAIN_MODULE]: mainSource(names.module),
          [names.module]: PRELUDE_SOURCE,
          // Loops bounded per event (loop-guard.ts): local workerd cannot interrupt a script that never yields.
          [SCRIPT_MODULE]: guardLoops(source, names),
        },
        env: {},
        globalOutbound: await outbound(opts.apiOrigin, script.integrationName),
        limits: SCRIPT_LIMITS,
      };
    });
    const headers = new Headers(request.headers);
    headers.set(DEADLINE_HEADER, String(Date.now() + timeoutMs));
    const answer = worker
      .getEntrypoint()
      .fetch(new Request(request, { headers }))
      .then((response) => response.json<EnvelopeJson>());
    const timeout = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), timeoutMs);
    });
    const envelope = await Promise.race([answer, timeout]);
    if (envelope === "timeout") {
      answer.catch(() => undefined);
      const error = `The script did not answer within ${timeoutMs} ms`;
      return { kind: "timeout", error, logs: [note("error", error)] };
    }
    if (!envelope.answered) return { kind: "error", error: envelope.error ?? "The script failed", logs: envelope.logs };
    return {
      kind: "answered",
      status: envelope.status,
      headers: envelope.headers,
      body: decodeBase64(envelope.body),
      logs: envelope.logs,
    };
  } catch (error) {
    // The isolate could not be created or the script failed to load (syntax error, a throw at the top level),
    // or exceeded a platform limit (CPU time, memory) in production.
    const message = `The script failed: ${String((error as Error)?.message ?? error)}`;
    return { kind: "error", error: message, logs: [note("error", message)] };
  } finally {
    clearTimeout(timer);
  }
}

interface EnvelopeJson {
  answered: boolean;
  status: number;
  headers: [string, string][];
  body: string;
  error?: string;
  logs: IntegrationEventLog[];
}
