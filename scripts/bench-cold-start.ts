// The bench's cold-start row (npm run bench; README, "Benchmark"): the first `getSpaceById` on a fresh isolate,
// Quire against the anchor. `wrangler dev` evaluates a Worker's modules when it starts, so its first request says
// nothing about a start; instead each sample starts a new Miniflare instance (a new workerd process, so a new
// isolate) on the bench's persisted D1 and times it from creation to the end of the first response. Both
// instances are configured alike from their wrangler.toml (wrangler's own conversion), beside the same one-line
// stub for Quire's ASSETS service, so the fixed costs (workerd's start, Miniflare's services, local D1) are shared.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { convertV4MiniflareOptions, Miniflare, type V4MiniflareOptions } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";

export interface ColdStartSample {
  anchorMs: number;
  quireMs: number;
  /** Of Quire's sample: from creation to `ready` (workerd started, modules evaluated), then the first response. */
  quireReadyMs: number;
  anchorReadyMs: number;
  ratio: number;
}

export interface ColdStartResult {
  samples: ColdStartSample[];
  ratio: number;
  quireMs: number;
  anchorMs: number;
  quireReadyMs: number;
  anchorReadyMs: number;
  /** D1 use of Quire's cold request (Server-Timing under D1_STATS). */
  statements: number;
  roundTrips: number;
  rows: number;
}

// Miniflare's own WorkerOptions type is a union too wide to build up piece by piece here.
type WorkerOptions = Record<string, unknown> & { name: string; modules: unknown };

// Quire's ASSETS binding names quire-static, which getSpaceById never calls; both instances get this stub so that
// neither pays for an assets router the other has not.
const STATIC_STUB: WorkerOptions = {
  name: "quire-static",
  modules: true,
  script: `export default { fetch() { return new Response("not part of the cold-start bench", { status: 503 }); } };`,
  compatibilityDate: "2026-11-01",
};

function workerOptions(root: string, config: string, name: string, modulesRoot: string, modules: unknown[]) {
  const { workerOptions: options } = unstable_getMiniflareWorkerOptions(join(root, config));
  // Queue consumers and cron triggers are Miniflare machinery a fetch never reaches (a deployed isolate's start has
  // none of it): left out. Every binding a request can touch (D1, R2, the queue producer, both Durable Objects, the
  // rate limiter, the LOADER) stays as wrangler configures it.
  const { queueConsumers: _q, cronTriggers: _c, ...rest } = options as Record<string, unknown>;
  return { ...rest, name, modules, modulesRoot, rootPath: undefined } as WorkerOptions;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function sample(
  persist: string,
  worker: WorkerOptions,
  url: string,
  token: string,
): Promise<{ ms: number; readyMs: number; serverTiming: string }> {
  const started = performance.now();
  // wrangler's conversion gives Miniflare 4's options; this Miniflare converts them to its own.
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      workers: [worker, STATIC_STUB],
      // Where `wrangler dev --persist-to` keeps its state: D1 under v3/d1 (the Durable Objects too, idle here).
      resourcePersistencePath: join(persist, "v3"),
      host: "127.0.0.1",
      port: 0,
    } as unknown as V4MiniflareOptions),
  );
  try {
    await mf.ready;
    const ready = performance.now();
    const res = await mf.dispatchFetch(url, { headers: { authorization: `Bearer ${token}`, "x-d1-stats": "1" } });
    const body = await res.text();
    const ms = performance.now() - started;
    if (!res.ok) throw new Error(`cold start: ${worker.name} answered ${res.status}: ${body.slice(0, 300)}`);
    return { ms, readyMs: ready - started, serverTiming: res.headers.get("server-timing") ?? "" };
  } finally {
    await mf.dispose();
  }
}

/** `samples` alternating pairs (anchor, then Quire), each on a new Miniflare instance. */
export async function coldStart(options: {
  root: string;
  persist: string;
  token: string;
  spaceId: string;
  samples: number;
  quireVars: Record<string, string>;
  onSample?: (i: number, s: ColdStartSample) => void;
}): Promise<ColdStartResult> {
  const { root, persist, token, spaceId } = options;
  // Quire as wrangler uploads it: dist/worker as scripts/build-worker.mjs built it (the bench's `wrangler dev` ran
  // that build), the entry and its chunks as ES modules.
  const dist = join(root, "dist", "worker");
  const chunks = readdirSync(join(dist, "chunks")).filter((f) => f.endsWith(".js"));
  const quireModules = ["index.js", ...chunks.map((f) => `chunks/${f}`)].map((path) => ({
    type: "ESModule" as const,
    path: join(dist, path),
  }));
  const quire = workerOptions(root, "wrangler.toml", "quire", dist, quireModules);
  quire.bindings = { ...(quire.bindings as Record<string, string>), ...options.quireVars };
  // The anchor is one TypeScript file: esbuild strips its types, as wrangler's bundler would.
  const anchorJs = await build({
    entryPoints: [join(root, "bench", "anchor", "index.ts")],
    bundle: true,
    format: "esm",
    write: false,
    target: "es2024",
  });
  const anchor = workerOptions(root, "bench/anchor/wrangler.toml", "anchor", persist, [
    { type: "ESModule", path: join(persist, "anchor.js"), contents: anchorJs.outputFiles[0].text },
  ]);

  const samples: ColdStartSample[] = [];
  let serverTiming = "";
  for (let i = 0; i < options.samples; i++) {
    const a = await sample(persist, anchor, `http://localhost/spaces/${spaceId}`, token);
    const q = await sample(persist, quire, `http://localhost/v1/spaces/${spaceId}`, token);
    serverTiming = q.serverTiming;
    const s = { anchorMs: a.ms, quireMs: q.ms, anchorReadyMs: a.readyMs, quireReadyMs: q.readyMs, ratio: a.ms / q.ms };
    samples.push(s);
    options.onSample?.(i, s);
  }
  const m = /d1;desc="statements=(\d+) roundtrips=(\d+) rows=(\d+)"/.exec(serverTiming);
  if (!m) throw new Error("cold start: Quire's response had no d1 Server-Timing header (is D1_STATS set?)");
  return {
    samples,
    ratio: median(samples.map((s) => s.ratio)),
    quireMs: median(samples.map((s) => s.quireMs)),
    anchorMs: median(samples.map((s) => s.anchorMs)),
    quireReadyMs: median(samples.map((s) => s.quireReadyMs)),
    anchorReadyMs: median(samples.map((s) => s.anchorReadyMs)),
    statements: Number(m[1]),
    roundTrips: Number(m[2]),
    rows: Number(m[3]),
  };
}
