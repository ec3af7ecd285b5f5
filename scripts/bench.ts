// npm run bench [-- --rounds 3 --seconds 5 --connections 8 --only getPageById,searchSpaceContent --keep
//                   --replication auto]
//
// Read throughput of Quire relative to an anchor. Starts Quire and the anchor Worker (bench/anchor/: it
// authenticates the bearer token and reads one row in one D1 batch) under `wrangler dev`, both on one local D1
// (a fresh --persist-to directory), seeds a 1,000-page space through Quire's API, then for each read runs wrk
// against the anchor and against Quire in alternating rounds. A round's ratio is Quire's requests/s divided by
// the anchor's; the table shows the median ratio per read, Quire's p50/p99 latency (median over rounds) and the
// D1 statements and round trips of one Quire request (the Server-Timing header that D1_STATS="true" adds).
// Results are quoted as ratios: absolute numbers depend on the machine. Not part of `npm test`.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type ColdStartResult, coldStart } from "./bench-cold-start";

const READS = [
  "getSpaceById",
  "getPageById",
  "searchSpaceContent",
  "listPages",
  "getCurrentRevision",
  "getPageByPath",
  // The floor: the read closest to what the anchor does (the token, then the user's row).
  "getAuthenticatedUser",
  // A warm page view of the space published as a public site (HTML from the renderer, issue 13).
  "publishedPage",
  // The same page's markdown twin, what agents read (issue 31: markdown for agents).
  "publishedMarkdown",
  // An agent's MCP tools/call of searchDocumentation on the published site (issue 31: the site's MCP server).
  "mcpSearchDocumentation",
] as const;
type ReadName = (typeof READS)[number];

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    seconds: { type: "string", default: "5" },
    connections: { type: "string", default: "8" },
    only: { type: "string" },
    // Cold-start samples: pairs of fresh Miniflare instances, anchor then Quire (scripts/bench-cold-start.ts).
    samples: { type: "string", default: "7" },
    keep: { type: "boolean", default: false },
    // The D1 database's read replication mode Quire runs with (its D1_READ_REPLICATION var): "auto" measures
    // reads in D1 sessions, as a deployment with read replication runs them.
    replication: { type: "string", default: "disabled" },
  },
});
const ROUNDS = Number(values.rounds);
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const SAMPLES = Number(values.samples);
// Not a wrk read: the first getSpaceById on a fresh isolate (scripts/bench-cold-start.ts).
const COLD_START = "coldStart";
const ONLY = values.only ? values.only.split(",").map((s) => s.trim()) : [...READS, COLD_START];
function usage(message: string): never {
  console.error(`bench: ${message}`);
  process.exit(2);
}
for (const [name, n] of Object.entries({
  rounds: ROUNDS,
  seconds: SECONDS,
  connections: CONNECTIONS,
  samples: SAMPLES,
})) {
  if (!Number.isInteger(n) || n < 1) usage(`--${name} must be a positive integer`);
}
if (values.replication !== "auto" && values.replication !== "disabled") usage("--replication: auto or disabled");
const unknown = ONLY.filter((name) => name !== COLD_START && !(READS as readonly string[]).includes(name));
if (unknown.length) usage(`--only: unknown read ${unknown.join(", ")}; one of ${[...READS, COLD_START].join(", ")}`);

const PAGES = 1000;
const BATCH = 50; // the content write's largest batch (maxItems)
const WORD = "quasarwick"; // in exactly 20 pages; no other word starts with it (the last word matches as a prefix)
const WORD_PAGES = 20;

const root = join(import.meta.dirname, "..");
const bin = (name: string) => join(root, "node_modules", ".bin", name);
const persist = mkdtempSync(join(tmpdir(), "quire-bench-"));
const children: ChildProcess[] = [];

// ---------------------------------------------------------------------------------------------------------------
// Processes: both `wrangler dev` run in their own process group (they start workerd), killed as a group on exit.

function cleanup() {
  for (const child of children.splice(0)) {
    try {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
  if (!values.keep) rmSync(persist, { recursive: true, force: true });
}
process.on("exit", cleanup);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping both wrangler dev`);
    cleanup();
    process.exit(130);
  });
}

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: root, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stderr}\n${result.stdout}`);
  return result.stdout;
}

/** Debian's wrk, installed when missing (machines run as root). */
function ensureWrk() {
  if (spawnSync("wrk", ["--version"]).error === undefined) return;
  console.log("wrk is missing: installing Debian's wrk (apt-get update && apt-get install -y wrk)");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update"], ["install", "-y", "wrk"]]) {
    const result = spawnSync("apt-get", args, { stdio: "inherit", env });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(" ")} failed: install wrk and run again`);
  }
}

async function startDev(name: string, args: string[]): Promise<string> {
  const port = 8900 + Math.floor(Math.random() * 90) + (name === "anchor" ? 0 : 100);
  const origin = `http://127.0.0.1:${port}`;
  const log = join(persist, `${name}.log`);
  const child = spawn(
    bin("wrangler"),
    // --log-level warn: no log line per request (a cost both Workers would pay, blunting the ratio); errors still show.
    [
      "dev",
      ...args,
      ...["--port", String(port), "--ip", "127.0.0.1", "--persist-to", persist],
      ...["--inspector-port", "0", "--log-level", "warn"],
    ],
    { cwd: root, detached: true, stdio: ["ignore", openSync(log, "w"), openSync(log, "a")] },
  );
  children.push(child);
  for (const deadline = Date.now() + 150_000; ; ) {
    if (child.exitCode !== null) throw new Error(`${name}: wrangler dev exited; its output is in ${log} (--keep)`);
    const status = await fetch(origin).then(
      (r) => r.status,
      () => 0,
    );
    if (status) return origin;
    if (Date.now() > deadline) throw new Error(`${name}: wrangler dev did not start; its output is in ${log} (--keep)`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Seed: a 1,000-page space of ~1.5 KB pages through Quire's API (one change request, 50 pages per write).

const VOCABULARY = (
  "account action adapter agent alert archive audit backup balance batch branch bucket buffer build cache " +
  "channel client cluster commit config console container context cursor daemon dashboard debug deploy " +
  "device digest domain driver endpoint engine event export feature field filter folder format gateway " +
  "handler header history host image import index input instance journal kernel key label layer ledger limit " +
  "listener locale logger manifest memory message metric module monitor network node object offset option " +
  "package parser partition payload pipeline plugin policy pool port process profile project protocol proxy " +
  "queue quota record region registry release replica request resource response revision role router runtime " +
  "schema scope script secret segment sensor server service session shard signal snapshot socket source " +
  "storage stream subnet switch table target task template tenant thread token topic trace tunnel update " +
  "upload user value vault version volume webhook widget window worker zone"
).split(" ");

function pageMarkdown(n: number): string {
  let seed = n * 7919 + 17;
  const word = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return VOCABULARY[Math.floor((seed / 2 ** 31) * VOCABULARY.length)];
  };
  const sentence = (words: number) => {
    const text = Array.from({ length: words }, word).join(" ");
    return `${text[0].toUpperCase()}${text.slice(1)}.`;
  };
  const paragraph = (sentences: number) => Array.from({ length: sentences }, () => sentence(10)).join(" ");
  const parts = [`## Overview`, paragraph(7), `## Details`, paragraph(7), `## Notes`, paragraph(6)];
  // Exactly WORD_PAGES pages (every 50th, from the 7th) carry the searched word, once, in their body.
  if (n % (PAGES / WORD_PAGES) === 7) parts.splice(2, 0, `See the ${WORD} procedure for this ${word()}.`);
  return `${parts.join("\n\n")}\n`;
}

interface Seeded {
  spaceId: string;
  pageId: string;
  pagePath: string;
  siteId: string;
}

async function seed(quire: string, token: string, organizationId: string): Promise<Seeded> {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${quire}/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 500)}`);
    return JSON.parse(text);
  };
  const started = performance.now();
  const space = await call("POST", `/orgs/${organizationId}/spaces`, { title: "Bench" });
  const cr = await call("POST", `/spaces/${space.id}/change-requests`, { subject: "1,000 pages" });
  for (let from = 0; from < PAGES; from += BATCH) {
    const changes = Array.from({ length: BATCH }, (_, i) => ({
      operation: "insert_page",
      title: `Topic ${from + i + 1}`,
      document: { markdown: pageMarkdown(from + i) },
    }));
    await call("POST", `/spaces/${space.id}/change-requests/${cr.id}/content`, { changes });
    process.stdout.write(`\rseeding: ${from + BATCH}/${PAGES} pages written`);
  }
  const merged = await call("POST", `/spaces/${space.id}/change-requests/${cr.id}/merge`);
  if (merged.result !== "merge") throw new Error(`merge answered ${JSON.stringify(merged)}`);
  // 1,000 changed pages are indexed by the queued search-index job: wait until the word finds its 20 pages
  // (only when the search read is measured: no other read depends on the index).
  const searched = ONLY.includes("searchSpaceContent") || ONLY.includes("mcpSearchDocumentation");
  if (searched) process.stdout.write(`, merged; waiting for the search index`);
  for (const deadline = Date.now() + 300_000; searched; ) {
    const found = await call("GET", `/spaces/${space.id}/search?query=${WORD}&limit=25`);
    if (found.items.length === WORD_PAGES) break;
    if (found.items.length > WORD_PAGES) throw new Error(`search found ${found.items.length} pages, not ${WORD_PAGES}`);
    if (Date.now() > deadline) throw new Error(`search still finds ${found.items.length} pages after 5 minutes`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const { pages } = (await call("GET", `/spaces/${space.id}/content/pages`)) as {
    pages: { id: string; path: string }[];
  };
  if (pages.length !== PAGES) throw new Error(`the space has ${pages.length} root pages, not ${PAGES}`);
  const middle = pages[PAGES / 2];
  const site = await call("POST", `/orgs/${organizationId}/sites`, { title: "Bench", spaces: [space.id] });
  await call("POST", `/orgs/${organizationId}/sites/${site.id}/publish`);
  console.log(` (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  return { spaceId: space.id, pageId: middle.id, pagePath: middle.path, siteId: site.id };
}

// ---------------------------------------------------------------------------------------------------------------
// Measure.

interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
}

/** wrk's Lua script sending `target`'s method, body and headers (wrk.format keeps them on every request). */
function wrkScript(target: Exclude<Target, string>): string {
  const file = join(
    persist,
    `wrk-${createHash("sha256").update(JSON.stringify(target)).digest("hex").slice(0, 12)}.lua`,
  );
  const lua = (value: string) => JSON.stringify(value);
  writeFileSync(
    file,
    [
      `wrk.method = ${lua(target.method)}`,
      `wrk.body = ${lua(target.body)}`,
      ...Object.entries(target.headers).map(([name, value]) => `wrk.headers[${lua(name)}] = ${lua(value)}`),
    ].join("\n"),
  );
  return file;
}

function wrk(target: Target, token: string, seconds: number): Promise<WrkResult> {
  const url = urlOf(target);
  const request = typeof target === "string" ? ["-H", `Authorization: Bearer ${token}`] : ["-s", wrkScript(target)];
  const args = ["-t1", `-c${CONNECTIONS}`, `-d${seconds}s`, "--latency", ...request, url];
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.stderr.on("data", (chunk) => {
      out += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      const rps = /Requests\/sec:\s+([\d.]+)/.exec(out);
      const failed = /Non-2xx or 3xx responses:\s+(\d+)/.exec(out);
      if (code !== 0 || !rps) return reject(new Error(`wrk ${url} failed (${code}):\n${out}`));
      if (failed) return reject(new Error(`wrk ${url}: ${failed[1]} responses were not 2xx:\n${out}`));
      const latency = (percent: string) => {
        const m = new RegExp(`^\\s*${percent}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, "m").exec(out);
        if (!m) return Number.NaN;
        return Number(m[1]) * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[m[2] as "us" | "ms" | "s" | "m"];
      };
      resolve({ rps: Number(rps[1]), p50: latency("50"), p99: latency("99") });
    });
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** A read: a GET with the bench's token, or a request of its own (an MCP call is a POST with a JSON-RPC body). */
type Target = string | { url: string; method: "POST"; body: string; headers: Record<string, string> };
const urlOf = (target: Target) => (typeof target === "string" ? target : target.url);

/** One request's D1 use, from the Server-Timing header Quire adds under D1_STATS="true". */
async function d1Stats(target: Target, token: string) {
  const url = urlOf(target);
  const res = await fetch(
    url,
    typeof target === "string"
      ? { headers: { authorization: `Bearer ${token}`, "x-d1-stats": "1" } }
      : { method: target.method, body: target.body, headers: { ...target.headers, "x-d1-stats": "1" } },
  );
  const text = await res.text();
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  // A JSON-RPC error is a 200 too: the read must have answered its result.
  if (typeof target !== "string" && !text.includes('"result"'))
    throw new Error(`${url} answered ${text.slice(0, 300)}`);
  const m = /d1;desc="statements=(\d+) roundtrips=(\d+) rows=(\d+)"/.exec(res.headers.get("server-timing") ?? "");
  if (!m) throw new Error(`${url}: no d1 Server-Timing header (is D1_STATS set?)`);
  return { statements: Number(m[1]), roundTrips: Number(m[2]), rows: Number(m[3]) };
}

interface ReadResult {
  name: ReadName;
  ratio: number;
  rounds: { anchorRps: number; quireRps: number; ratio: number }[];
  p50Ms: number;
  p99Ms: number;
  statements: number;
  roundTrips: number;
  rows: number;
}

async function main() {
  ensureWrk();
  console.log(`state in ${persist}${values.keep ? " (kept)" : ""}`);
  run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persist]);
  const boot = JSON.parse(
    run(bin("tsx"), ["scripts/bootstrap.ts", "--persist-to", persist, "--json", "--email", "bench@example.com"])
      .trim()
      .split("\n")
      .pop()!,
  ) as { token: string; organizationId: string };

  console.log("starting Quire and the anchor under wrangler dev");
  const quireVars: Record<string, string> = {
    RATE_LIMIT_REQUESTS: "100000000",
    SKIP_IP_RATE_LIMIT: "true",
    D1_STATS: "true",
    SIGNING_SECRET: "bench",
    D1_READ_REPLICATION: values.replication as string,
  };
  const [quire, anchor] = await Promise.all([
    // As `npm start` runs it: Quire and its static files' Worker (wrangler.static.toml).
    startDev("quire", [
      ...["-c", "wrangler.toml", "-c", "wrangler.static.toml"],
      ...Object.entries(quireVars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
    ]),
    startDev("anchor", ["--config", "bench/anchor/wrangler.toml"]),
  ]);
  const seeded = await seed(quire, boot.token, boot.organizationId);
  const space = `${quire}/v1/spaces/${seeded.spaceId}`;
  const urls: Record<ReadName, Target> = {
    getSpaceById: space,
    getPageById: `${space}/content/page/${seeded.pageId}`,
    searchSpaceContent: `${space}/search?query=${WORD}&limit=25`,
    listPages: `${space}/content/pages`,
    getCurrentRevision: `${space}/content`,
    getPageByPath: `${space}/content/path/${seeded.pagePath}`,
    getAuthenticatedUser: `${quire}/v1/user`,
    publishedPage: `${quire}/~site/${seeded.siteId}/${seeded.pagePath}`,
    publishedMarkdown: `${quire}/~site/${seeded.siteId}/${seeded.pagePath}.md`,
    mcpSearchDocumentation: {
      url: `${quire}/~site/${seeded.siteId}/~gitbook/mcp`,
      method: "POST",
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "searchDocumentation", arguments: { query: WORD } },
      }),
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-06-18",
      },
    },
  };
  const anchorUrl = `${anchor}/spaces/${seeded.spaceId}`;
  const check = await fetch(anchorUrl, { headers: { authorization: `Bearer ${boot.token}` } });
  if (!check.ok) throw new Error(`the anchor answered ${check.status}: ${await check.text()}`);

  if (READS.some((r) => ONLY.includes(r)))
    console.log(
      `measuring: ${ROUNDS} rounds of wrk (1 thread, ${CONNECTIONS} connections, ${SECONDS} s) per read, anchor then Quire\n`,
    );
  const results: ReadResult[] = [];
  for (const name of READS.filter((r) => ONLY.includes(r))) {
    // Warm-up, not measured: both Workers' code paths, SQLite's page cache and Quire's snapshot cache.
    await wrk(anchorUrl, boot.token, 1);
    await wrk(urls[name], boot.token, 1);
    // D1 use in the steady state the rounds measure (a cold isolate reads a revision's nodes once more).
    const stats = await d1Stats(urls[name], boot.token);
    const rounds: ReadResult["rounds"] = [];
    const quireRuns: WrkResult[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const a = await wrk(anchorUrl, boot.token, SECONDS);
      const q = await wrk(urls[name], boot.token, SECONDS);
      quireRuns.push(q);
      rounds.push({ anchorRps: a.rps, quireRps: q.rps, ratio: q.rps / a.rps });
      process.stdout.write(`\r${name}: round ${round + 1}/${ROUNDS} ratio ${(q.rps / a.rps).toFixed(2)}   `);
    }
    process.stdout.write("\n");
    results.push({
      name,
      ratio: median(rounds.map((r) => r.ratio)),
      rounds,
      p50Ms: median(quireRuns.map((r) => r.p50)),
      p99Ms: median(quireRuns.map((r) => r.p99)),
      ...stats,
    });
  }
  let cold: ColdStartResult | undefined;
  if (ONLY.includes(COLD_START)) {
    // Last, with both `wrangler dev` stopped: Quire's queued jobs (search indexing) would otherwise write the
    // D1 file the samples read (SQLITE_BUSY) and load the machine.
    await stopDev();
    console.log(`cold start: ${SAMPLES} pairs of fresh Miniflare instances, anchor then Quire`);
    cold = await coldStart({
      root,
      persist,
      token: boot.token,
      spaceId: seeded.spaceId,
      samples: SAMPLES,
      quireVars,
      onSample: (i, s) =>
        process.stdout.write(
          `\r${COLD_START}: sample ${i + 1}/${SAMPLES} anchor ${s.anchorMs.toFixed(0)} ms, Quire ${s.quireMs.toFixed(0)} ms   `,
        ),
    });
    process.stdout.write("\n");
  }

  const rows = [
    ["read", "ratio (median)", "rounds", "Quire p50", "Quire p99", "D1 statements", "D1 round trips", "D1 rows"],
    ...results.map((r) => [
      r.name,
      r.ratio.toFixed(2),
      r.rounds.map((x) => x.ratio.toFixed(2)).join(" "),
      `${r.p50Ms.toFixed(1)} ms`,
      `${r.p99Ms.toFixed(1)} ms`,
      String(r.statements),
      String(r.roundTrips),
      String(r.rows),
    ]),
    // Anchor ms ÷ Quire ms from instance creation to the first response: 1 = as fast a start as the anchor's.
    // The latency columns hold Quire's median start: to `ready` (modules evaluated), then to the first response.
    ...(cold
      ? [
          [
            COLD_START,
            cold.ratio.toFixed(2),
            cold.samples.map((x) => x.ratio.toFixed(2)).join(" "),
            `${cold.quireReadyMs.toFixed(0)} ms ready`,
            `${cold.quireMs.toFixed(0)} ms total`,
            String(cold.statements),
            String(cold.roundTrips),
            String(cold.rows),
          ],
        ]
      : []),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i])).join(" | ")} |`;
  console.log(`\nQuire requests/s ÷ anchor requests/s (1 = as fast as authenticating and reading one row):\n`);
  console.log(line(rows[0]));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of rows.slice(1)) console.log(line(row));
  const round2 = (n: number) => Math.round(n * 100) / 100;
  console.log(
    `\n${JSON.stringify({
      bench: "quire-reads",
      tool: "wrk",
      replication: values.replication,
      rounds: ROUNDS,
      seconds: SECONDS,
      connections: CONNECTIONS,
      reads: results.map((r) => ({
        ...r,
        ratio: round2(r.ratio),
        p50Ms: round2(r.p50Ms),
        p99Ms: round2(r.p99Ms),
        rounds: r.rounds.map((x) => ({
          anchorRps: round2(x.anchorRps),
          quireRps: round2(x.quireRps),
          ratio: round2(x.ratio),
        })),
      })),
      ...(cold
        ? {
            coldStart: {
              ...cold,
              ratio: round2(cold.ratio),
              quireMs: round2(cold.quireMs),
              anchorMs: round2(cold.anchorMs),
              quireReadyMs: round2(cold.quireReadyMs),
              anchorReadyMs: round2(cold.anchorReadyMs),
              samples: cold.samples.map((x) => ({
                anchorMs: round2(x.anchorMs),
                quireMs: round2(x.quireMs),
                anchorReadyMs: round2(x.anchorReadyMs),
                quireReadyMs: round2(x.quireReadyMs),
                ratio: round2(x.ratio),
              })),
            },
          }
        : {}),
    })}`,
  );
}

/** Stops both `wrangler dev` (their process groups) and waits for them, at most 10 s. */
async function stopDev() {
  const exits = children.map((child) => new Promise((r) => (child.exitCode === null ? child.once("exit", r) : r(0))));
  for (const child of children) if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
  await Promise.race([Promise.all(exits), new Promise((r) => setTimeout(r, 10_000))]);
}

try {
  await main();
} catch (error) {
  console.error(`\nbench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  // Let both wrangler dev stop before their state directory goes.
  await stopDev();
  cleanup();
}
