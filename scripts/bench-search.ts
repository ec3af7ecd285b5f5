// npm run bench:search [-- --sections 50000 --runs 200 --keep]
//
// Builds a search index of N sections (default 50,000: 5,000 pages of 10 sections) in a LOCAL D1 (a fresh
// persist directory, migrated with wrangler), then measures median times of the same search:
//   api     GET /v1/spaces/{id}/search through `wrangler dev` (auth, space access, search: the whole request)
//   d1      the search statement through the local D1 binding (getPlatformProxy → workerd)
//   sqlite  the same statement run directly on the SQLite file with node:sqlite
// and prints the medians and the ratios to direct SQLite. Not part of `npm test`.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { getPlatformProxy } from "wrangler";
import { planSearch } from "../src/content/search";
import { createDb } from "../src/db/client";
import { searchSources, searchStatement } from "../src/services/search/search";

const { values } = parseArgs({
  options: {
    sections: { type: "string", default: "50000" },
    runs: { type: "string", default: "200" },
    keep: { type: "boolean", default: false },
  },
});
const SECTIONS = Number(values.sections);
const RUNS = Number(values.runs);
const PER_PAGE = 10;
const QUERIES = ["deployment", "configure cluster", "replicat", "token rotation policy", "kubern"];

const root = join(import.meta.dirname, "..");
const bin = (name: string) => join(root, "node_modules", ".bin", name);
const persist = mkdtempSync(join(tmpdir(), "quire-bench-"));
const port = 8800 + Math.floor(Math.random() * 90);
let dev: ChildProcess | undefined;

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: root, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stderr}\n${result.stdout}`);
  return result.stdout;
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
  let seed = 42;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const word = () => vocab[Math.floor(vocab.length * rand() ** 3)];
  return (words: number) => Array.from({ length: words }, word).join(" ");
}

async function main() {
  console.log(`persist dir ${persist}`);
  run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persist]);
  const boot = JSON.parse(
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
  const spaceId = "benchspace0000000000000";

  // Build the index through the local D1 binding (the triggers fill both FTS5 tables).
  const proxy = await getPlatformProxy<{ DB: D1Database }>({
    configPath: join(root, "wrangler.toml"),
    persist: { path: join(persist, "v3") },
    remoteBindings: false,
  });
  const db = proxy.env.DB;
  await db
    .prepare(`INSERT INTO spaces (id, organization_id, title, sort_key, revision_id, share_key, created_at, updated_at)
    VALUES (?, ?, 'Bench', 'a0', 'benchrev', 'k', 0, 0)`)
    .bind(spaceId, boot.organizationId)
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
  const count = await db.prepare("SELECT count(*) AS n FROM search_sections").first<{ n: number }>();
  console.log(`indexed ${count!.n} sections in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // The statements the API runs (first source of each query), as SQL text and parameters.
  const drizzleDb = createDb(db);
  const statements = QUERIES.map((query) => {
    const source = searchSources(planSearch(query))[0];
    return searchStatement({ db: drizzleDb }, source, {
      scope: sql`s.space_id = ${spaceId}`,
      bySpace: false,
      after: [],
      fetch: 11,
    }).getQuery();
  });
  const d1 = await time(RUNS, (i) =>
    db
      .prepare(statements[i % statements.length].sql)
      .bind(...statements[i % statements.length].params)
      .all(),
  );
  const d1Inside: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const s = statements[i % statements.length];
    d1Inside.push(
      (
        await db
          .prepare(s.sql)
          .bind(...s.params)
          .all()
      ).meta.duration,
    );
  }
  await proxy.dispose();

  // Direct SQLite on the same file.
  const dir = join(persist, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite")!;
  const direct = new DatabaseSync(join(dir, file), { readOnly: true });
  const prepared = statements.map((s) => ({ stmt: direct.prepare(s.sql), params: s.params as (string | number)[] }));
  const sqlite = await time(RUNS, (i) =>
    prepared[i % prepared.length].stmt.all(...prepared[i % prepared.length].params),
  );
  const rowsDirect = prepared.map((p) => (p.stmt.all(...p.params)[0] as { total: number }).total);
  direct.close();

  // The whole request through wrangler dev.
  dev = spawn(
    bin("wrangler"),
    ["dev", "--port", String(port), "--ip", "127.0.0.1", "--persist-to", persist, "--var", "SIGNING_SECRET:bench"],
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
  const check = await fetch(`${origin}/v1/spaces/${spaceId}/search?query=${encodeURIComponent(QUERIES[0])}&limit=10`, {
    headers,
  });
  const body = (await check.json()) as { count: number };
  if (check.status !== 200) throw new Error(`search answered ${check.status}`);
  const apiMedian = await time(RUNS, async (i) => {
    const res = await fetch(
      `${origin}/v1/spaces/${spaceId}/search?query=${encodeURIComponent(QUERIES[i % QUERIES.length])}&limit=10`,
      { headers },
    );
    await res.arrayBuffer();
  });

  console.log(
    `\nqueries: ${QUERIES.map((q, i) => `"${q}" (${rowsDirect[i]} pages)`).join(", ")}; API check: ${body.count} pages for "${QUERIES[0]}"`,
  );
  console.log(`median over ${RUNS} runs, ${count!.n} sections, limit 10:`);
  console.log(
    `  api     (wrangler dev, whole request)   ${apiMedian.toFixed(2)} ms   ${(apiMedian / sqlite).toFixed(2)}x direct SQLite`,
  );
  console.log(
    `  d1      (local D1 binding, wall time)   ${d1.toFixed(2)} ms   ${(d1 / sqlite).toFixed(2)}x direct SQLite`,
  );
  console.log(
    `  d1      (meta.duration inside D1)      ${median(d1Inside).toFixed(2)} ms   ${(median(d1Inside) / sqlite).toFixed(2)}x direct SQLite`,
  );
  console.log(`  sqlite  (node:sqlite on the same file) ${sqlite.toFixed(2)} ms`);
  console.log(`target: under 20 ms and within 3x of direct SQLite`);
}

try {
  await main();
} finally {
  dev?.kill("SIGTERM");
  if (!values.keep) rmSync(persist, { recursive: true, force: true });
}
