// npm run bench:search [-- --sections 50000 --runs 200 --keep | --reuse <kept persist dir>]
//
// Builds a search index of N sections (default 50,000: 5,000 pages of 10 sections) in a LOCAL D1 (a fresh
// persist directory, migrated with wrangler; `--keep` keeps it, `--reuse` measures a kept one again), then
// measures, for each query of QUERIES, the median time of:
//   api     GET /v1/spaces/{id}/search through `wrangler dev` (auth, space access, search: the whole request)
//   d1      the search statement (and, for a hot query, the cached-ranking statement) through the local D1
//           binding (getPlatformProxy → workerd)
//   sqlite  the same statements run directly on the SQLite file with node:sqlite
// and prints the medians and the ratios to direct SQLite. Not part of `npm test`.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { getPlatformProxy } from "wrangler";
import { planSearch } from "../src/content/search";
import { createDb, type Db } from "../src/db/client";
import { HOT_PAGES, MAX_RANKED_PAGES } from "../src/services/search/rankings";
import { rankedPagesStatement, searchSources, searchStatement } from "../src/services/search/search";

const { values } = parseArgs({
  options: {
    sections: { type: "string", default: "50000" },
    runs: { type: "string", default: "200" },
    keep: { type: "boolean", default: false },
    reuse: { type: "string" },
  },
});
const SECTIONS = Number(values.sections);
const RUNS = Number(values.runs);
const PER_PAGE = 10;
/** "the" is in ~91% of sections (nearly every page): the hot case; the others match from ~8% down. */
const QUERIES = ["the", "deployment", "configure cluster", "replicat", "token rotation policy", "kubern"];

const root = join(import.meta.dirname, "..");
const bin = (name: string) => join(root, "node_modules", ".bin", name);
const persist = values.reuse ?? mkdtempSync(join(tmpdir(), "quire-bench-"));
const port = 8800 + Math.floor(Math.random() * 90);
let dev: ChildProcess | undefined;

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: root, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stderr}\n${result.stdout}`);
  return result.stdout;
}

type Statement = { sql: string; params: unknown[] };

/**
 * What the API runs for a query's first source in the bench space (first page, limit 10): the search statement
 * (which also returns the whole ranking when the query is hot), and for a hot query the statement it runs once
 * the ranking is cached (the first 11 pages of the ranking, their sections and snippets).
 */
async function benchStatements(db: Db, d1: D1Database, query: string, spaceId: string) {
  const source = searchSources(planSearch(query))[0];
  const scope = sql`s.space_id = ${spaceId}`;
  const search = searchStatement({ db }, source, {
    scope,
    bySpace: false,
    after: [],
    fetch: 11,
    ranked: { min: HOT_PAGES, max: MAX_RANKED_PAGES },
  }).getQuery() as Statement;
  const { results } = await d1
    .prepare(search.sql)
    .bind(...search.params)
    .all<{ part: number; generation: number; pageId: string }>();
  const ranked = results.filter((r) => r.part === 1).map((r) => r.pageId);
  const cached = ranked.length
    ? (rankedPagesStatement(
        { db },
        source,
        spaceId,
        ranked.slice(0, 11),
        results[0].generation,
      ).getQuery() as Statement)
    : undefined;
  return { search, cached };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function time(runs: number, fn: (i: number) => Promise<unknown> | unknown) {
  for (let i = 0; i < 20; i++) await fn(i); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn(i);
    times.push(performance.now() - start);
  }
  return median(times);
}

/** Deterministic text: a skewed pick from a vocabulary, so some words are common and most are rare. */
function textGenerator() {
  const base = [
    "deployment",
    "configure",
    "cluster",
    "replication",
    "token",
    "rotation",
    "policy",
    "kubernetes",
    "database",
    "backup",
    "network",
    "latency",
    "cache",
    "worker",
    "queue",
    "storage",
    "index",
    "search",
    "page",
    "space",
    "member",
    "team",
    "review",
    "merge",
  ];
  // 20,000 words; the named ones sit at ranks 30, 180, 330, …, so they match from ~8% down to ~0.3% of sections.
  const vocab = Array.from({ length: 20_000 }, (_, i) => `w${i.toString(36)}x${((i * 7919) % 1000).toString(36)}`);
  for (const [i, w] of base.entries()) vocab[30 + i * 150] = w;
  // The most frequent word: drawn ~3.7% of the time, so in ~91% of 64-word sections.
  vocab[0] = "the";
  let seed = 42;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const word = () => vocab[Math.floor(vocab.length * rand() ** 3)];
  return (words: number) => Array.from({ length: words }, word).join(" ");
}

function bootstrap() {
  const out = JSON.parse(
    run(bin("tsx"), [
      "scripts/bootstrap.ts",
      "--persist-to",
      persist,
      "--json",
      "--email",
      "bench@example.com",
      "--org",
      "Bench",
    ])
      .trim()
      .split("\n")
      .pop()!,
  );
  writeFileSync(join(persist, "boot.json"), JSON.stringify(out));
  return out as { token: string; organizationId: string };
}

/** Builds the index through the local D1 binding (the triggers fill both FTS5 tables). */
async function build(db: D1Database, organizationId: string, spaceId: string) {
  await db
    .prepare(`INSERT INTO spaces (id, organization_id, title, sort_key, revision_id, share_key, created_at, updated_at)
    VALUES (?, ?, 'Bench', 'a0', 'benchrev', 'k', 0, 0)`)
    .bind(spaceId, organizationId)
    .run();
  const text = textGenerator();
  const started = performance.now();
  const pages = Math.ceil(SECTIONS / PER_PAGE);
  for (let from = 0; from < pages; from += 50) {
    const pageRows: unknown[][] = [];
    const sectionRows: unknown[][] = [];
    for (let p = from; p < Math.min(pages, from + 50); p++) {
      const title = text(3);
      pageRows.push([`page${p}`, title, `page-${p}`, `hash${p}`]);
      for (let s = 0; s < PER_PAGE && p * PER_PAGE + s < SECTIONS; s++)
        sectionRows.push([`page${p}`, s, `h${s}`, title, text(4), text(60)]);
    }
    await db.batch([
      db
        .prepare(
          `INSERT INTO search_pages (space_id, page_id, title, path, body_hash) SELECT ?, value ->> 0, value ->> 1, value ->> 2, value ->> 3 FROM json_each(?)`,
        )
        .bind(spaceId, JSON.stringify(pageRows)),
      db
        .prepare(`INSERT INTO search_sections (space_id, page_id, position, anchor, page_title, heading, body)
        SELECT ?, value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5 FROM json_each(?)`)
        .bind(spaceId, JSON.stringify(sectionRows)),
    ]);
  }
  console.log(`indexed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function main() {
  console.log(`persist dir ${persist}`);
  const spaceId = "benchspace0000000000000";
  const reuse = values.reuse !== undefined;
  run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persist]);
  const boot = reuse
    ? (JSON.parse(readFileSync(join(persist, "boot.json"), "utf8")) as { token: string; organizationId: string })
    : bootstrap();

  const proxy = await getPlatformProxy<{ DB: D1Database }>({
    configPath: join(root, "wrangler.toml"),
    persist: { path: join(persist, "v3") },
    remoteBindings: false,
  });
  const db = proxy.env.DB;
  if (!reuse) await build(db, boot.organizationId, spaceId);
  const count = await db.prepare("SELECT count(*) AS n FROM search_sections").first<{ n: number }>();
  console.log(`${count!.n} sections indexed`);

  // The statements the API runs (first source of each query), as SQL text and parameters.
  const drizzleDb = createDb(db);
  const statements: { search: Statement; cached?: Statement }[] = [];
  for (const query of QUERIES) statements.push(await benchStatements(drizzleDb, db, query, spaceId));
  const runD1 = (s: Statement) =>
    db
      .prepare(s.sql)
      .bind(...s.params)
      .all();
  const d1 = new Map<Statement, number>();
  for (const list of statements)
    for (const s of [list.search, list.cached]) if (s) d1.set(s, await time(RUNS, () => runD1(s)));
  await proxy.dispose();

  // Direct SQLite on the same file.
  const dir = join(persist, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite")!;
  const direct = new DatabaseSync(join(dir, file), { readOnly: true });
  const sqlite = new Map<Statement, number>();
  const totals: number[] = [];
  for (const list of statements) {
    for (const s of [list.search, list.cached]) {
      if (!s) continue;
      const stmt = direct.prepare(s.sql);
      sqlite.set(s, await time(RUNS, () => stmt.all(...(s.params as (string | number)[]))));
    }
    totals.push(
      Number((direct.prepare(list.search.sql).get(...(list.search.params as string[])) as { total: number }).total),
    );
  }
  direct.close();

  // The whole request through wrangler dev.
  dev = spawn(
    bin("wrangler"),
    [
      "dev",
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      "--persist-to",
      persist,
      "--var",
      "SIGNING_SECRET:bench",
      // More requests than a token may make in a minute by default (the limiter still runs), from one address.
      "--var",
      "RATE_LIMIT_REQUESTS:1000000",
      "--var",
      "SKIP_IP_RATE_LIMIT:true",
    ],
    { cwd: root, stdio: "ignore" },
  );
  const origin = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; ; ) {
    try {
      if ((await fetch(`${origin}/v1/`)).ok) break;
    } catch {
      if (Date.now() > deadline) throw new Error("wrangler dev did not start");
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const headers = { authorization: `Bearer ${boot.token}` };
  const url = (query: string) => `${origin}/v1/spaces/${spaceId}/search?query=${encodeURIComponent(query)}&limit=10`;
  // Warm the Worker up (module load, first D1 call) with a query that is not measured.
  for (let i = 0; i < 20; i++) await (await fetch(url("nothingmatchesthis"), { headers })).arrayBuffer();
  const api: number[] = [];
  const firstApi: number[] = [];
  const counts: number[] = [];
  for (const query of QUERIES) {
    const started = performance.now();
    const check = await fetch(url(query), { headers });
    if (check.status !== 200) throw new Error(`search answered ${check.status}`);
    counts.push(((await check.json()) as { count: number }).count);
    firstApi.push(performance.now() - started);
    api.push(
      await time(RUNS, async () => {
        await (await fetch(url(query), { headers })).arrayBuffer();
      }),
    );
  }

  const ms = (x: number | undefined) => (x === undefined ? "" : x.toFixed(2)).padStart(7);
  const ratio = (x: number, base: number) => `(${(x / base).toFixed(1)}x)`.padEnd(8);
  console.log(
    `\n${count!.n} sections, limit 10; medians over ${RUNS} runs (ms); ratios to direct SQLite of the same path`,
  );
  console.log(
    `  ${"query".padEnd(24)} ${"count".padStart(5)}  ${"api 1st".padStart(7)}  ${"api".padStart(7)} ${"".padEnd(8)}  ${"search statement: d1".padStart(20)} ${"".padEnd(8)} ${"sqlite".padStart(7)}  ${"cached ranking: d1".padStart(18)} ${"".padEnd(8)} ${"sqlite".padStart(7)}`,
  );
  QUERIES.forEach((query, i) => {
    const { search, cached } = statements[i];
    const base = sqlite.get(cached ?? search)!;
    const cachedCells = cached
      ? `${ms(d1.get(cached)).padStart(18)} ${ratio(d1.get(cached)!, sqlite.get(cached)!)} ${ms(sqlite.get(cached))}`
      : "";
    console.log(
      `  ${`"${query}"`.padEnd(24)} ${String(counts[i]).padStart(5)}  ${ms(firstApi[i])}  ${ms(api[i])} ${ratio(api[i], base)}  ${ms(d1.get(search)).padStart(20)} ${ratio(d1.get(search)!, sqlite.get(search)!)} ${ms(sqlite.get(search))}  ${cachedCells}`,
    );
    if (counts[i] !== totals[i]) console.log(`    (the API counted ${counts[i]}, the statement ${totals[i]})`);
  });
  console.log(`
api 1st: the first request of the query (one sample: the isolate has no ranking of it yet); api: wrangler dev,
whole request (for a query matching at least ${HOT_PAGES} pages, served from its cached ranking after the first);
search statement / cached ranking: the statement through the local D1 binding (wall time) and with node:sqlite
on the same file. The api ratio is to direct SQLite of the statement the request runs.
targets: ordinary queries under 20 ms, the hot one ("the") under 30 ms, through the API`);
}

try {
  await main();
} finally {
  dev?.kill("SIGTERM");
  if (!values.keep && !values.reuse) rmSync(persist, { recursive: true, force: true });
}
