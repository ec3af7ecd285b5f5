/*
 * The modules Quire adds around a published script in its Dynamic Worker. The prelude is evaluated before the
 * script (module imports run in order): it routes console output and `fetch` calls of each delivery into that
 * delivery's trace (AsyncLocalStorage, so concurrent deliveries to one warm isolate keep their own traces) and
 * counts subrequests. The main module calls the script's default `fetch` with the runtime's multipart request
 * and answers one JSON envelope: the script's status, headers and body (base64), and the trace.
 */

import { LOOP_CHECK_EXPORT, LOOP_ITERATION_BUDGET, LOOP_TICK_EXPORT } from "./loop-budget";

/** Trace bounds: lines per delivery, characters per line. */
export const MAX_TRACE_LINES = 200;
export const MAX_TRACE_LINE_CHARS = 2048;
/** `fetch` calls one delivery may make (workerd does not enforce `limits.subRequests` locally; this does). */
export const MAX_SUBREQUESTS = 50;
/** Largest response body the envelope carries back (bytes). */
export const MAX_RESPONSE_BYTES = 5 * 1024 * 1024;

export const SCRIPT_MODULE = "integration.js";
export const MAIN_MODULE = "quire-main.js";
/** The delivery's deadline (ms since the epoch), from the sandbox to the main module; the script never sees it. */
export const DEADLINE_HEADER = "x-quire-deadline";

/**
 * The loop guards' functions (loop-guard.ts; the guarded script imports them under names it cannot spell):
 * iterations are counted in a plain counter and charged to the running delivery's trace every 4,096 (a
 * synchronous loop stays in one delivery, and a lookup per iteration would cost more than the loops it guards).
 * Past the iteration budget, or past the delivery's deadline (the wall-clock timeout, which no timer can enforce
 * while a loop holds the thread; on Cloudflare the clock stands still during synchronous code, and the CPU limit
 * and the iteration budget stop it), the tick throws, and so does every catch block entered afterwards. What they
 * use (the trace store's methods, the clock, Error) is captured before the script runs: the script may replace
 * globals and prototypes, not these. Traces have their counters as own properties (none inherited).
 */
const LOOP_GUARD_SOURCE = `
const LOOP_BUDGET = ${LOOP_ITERATION_BUDGET};
const LOOP_MESSAGE = "The script ran more than " + LOOP_BUDGET + " loop iterations in one event (a loop that never ends?)";
const DEADLINE_MESSAGE = "The script was still looping at its delivery's deadline";
const outsideDeliveries = { logs: [], dropped: 0, subrequests: 0, deadline: 0, iterations: 0, loopSpent: "" };
let ticks = 0;
export function ${LOOP_TICK_EXPORT}() {
  if ((++ticks & 4095) !== 0) return;
  const holder = currentTrace() ?? outsideDeliveries;
  holder.iterations += 4096;
  if (holder.loopSpent) throw new GuardError(holder.loopSpent);
  if (holder.iterations > LOOP_BUDGET) holder.loopSpent = LOOP_MESSAGE;
  else if (holder.deadline && now() > holder.deadline) holder.loopSpent = DEADLINE_MESSAGE;
  if (holder.loopSpent) throw new GuardError(holder.loopSpent);
}
export function ${LOOP_CHECK_EXPORT}() {
  const spent = (currentTrace() ?? outsideDeliveries).loopSpent;
  if (spent) throw new GuardError(spent);
}
`;

export const PRELUDE_SOURCE = `
import { AsyncLocalStorage } from "node:async_hooks";
const traces = new AsyncLocalStorage();
const apply = Reflect.apply;
const getStore = AsyncLocalStorage.prototype.getStore;
const runStore = AsyncLocalStorage.prototype.run;
const now = Date.now;
const GuardError = Error;
const currentTrace = () => apply(getStore, traces, []);
export const runTraced = (trace, fn) => apply(runStore, traces, [trace, fn]);
const MAX_LINES = ${MAX_TRACE_LINES};
const MAX_CHARS = ${MAX_TRACE_LINE_CHARS};
const MAX_SUBREQUESTS = ${MAX_SUBREQUESTS};
function text(value) {
  if (typeof value === "string") return value;
  if (value instanceof Error) return value.stack || String(value);
  try { return JSON.stringify(value) ?? String(value); } catch { return String(value); }
}
export function record(trace, level, message) {
  if (trace.logs.length >= MAX_LINES) { trace.dropped++; return; }
  const line = message.length > MAX_CHARS ? message.slice(0, MAX_CHARS) + "…" : message;
  trace.logs.push({ message: line, timestamp: Date.now(), level });
}
const original = {};
for (const [method, level] of [["log", "info"], ["info", "info"], ["warn", "warn"], ["error", "error"], ["debug", "debug"]]) {
  original[method] = console[method].bind(console);
  console[method] = (...args) => {
    const trace = currentTrace();
    if (trace) record(trace, level, args.map(text).join(" "));
    else original[method](...args);
  };
}
const realFetch = globalThis.fetch;
globalThis.fetch = function fetch(input, init) {
  const trace = currentTrace();
  if (trace && ++trace.subrequests > MAX_SUBREQUESTS) {
    return Promise.reject(new Error("Too many subrequests: an event may make at most " + MAX_SUBREQUESTS));
  }
  return realFetch(input, init);
};
${LOOP_GUARD_SOURCE}`;

/** `from "./<module>"`, spelled so that tools scanning this file's own imports do not read it as one. */
const fromModule = (module: string) => `from ${JSON.stringify(`./${module}`)}`;

/** The main module of one load, importing that load's prelude (its name is private: loop-guard.ts guardNames). */
export const mainSource = (preludeModule: string) => `
import { runTraced, record } ${fromModule(preludeModule)};
import * as script ${fromModule(SCRIPT_MODULE)};
const MAX_BODY = ${MAX_RESPONSE_BYTES};
function base64(bytes) {
  let out = "";
  for (let i = 0; i < bytes.length; i += 0x8000) out += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(out);
}
export default {
  async fetch(request) {
    // The delivery's deadline, for the loop guards; the script never sees the header.
    const deadline = Number(request.headers.get("${DEADLINE_HEADER}")) || 0;
    const headers = new Headers(request.headers);
    headers.delete("${DEADLINE_HEADER}");
    request = new Request(request, { headers });
    const trace = { logs: [], dropped: 0, subrequests: 0, deadline, iterations: 0, loopSpent: "" };
    return runTraced(trace, async () => {
      const waits = [];
      const ctx = {
        waitUntil(promise) {
          waits.push(Promise.resolve(promise).catch((e) => record(trace, "error", "Uncaught (in waitUntil) " + (e && e.stack || String(e)))));
        },
        passThroughOnException() {},
        props: {},
      };
      let out;
      try {
        const handler = script.default;
        if (!handler || typeof handler.fetch !== "function") {
          throw new Error("The script's default export has no fetch handler");
        }
        const response = await handler.fetch(request, {}, ctx);
        if (!(response instanceof Response)) throw new Error("The script's fetch handler did not return a Response");
        const body = new Uint8Array(await response.arrayBuffer());
        if (body.length > MAX_BODY) throw new Error("The script's response is larger than " + MAX_BODY + " bytes");
        out = { answered: true, status: response.status, headers: [...response.headers], body: base64(body) };
      } catch (e) {
        record(trace, "error", "Uncaught " + (e && e.stack || String(e)));
        out = { answered: false, error: String(e && e.message || e) };
      }
      await Promise.all(waits);
      if (trace.dropped) {
        trace.logs.push({ message: trace.dropped + " more log lines dropped", timestamp: Date.now(), level: "warn" });
      }
      out.logs = trace.logs;
      return Response.json(out);
    });
  },
};
`;
