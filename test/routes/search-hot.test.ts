import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "../../src/lib/pagination";
import { planSearch } from "../../src/content/search";
import { createDb } from "../../src/db/client";
import { HOT_PAGES, rankings } from "../../src/services/search/rankings";
import { searchResults } from "../../src/services/search/results-cache";
import { rankedPagesStatement, searchSources, searchStatement } from "../../src/services/search/search";
import { searchSpace } from "../../src/services/search/space-search";
import { seedSpace } from "../helpers/content";
import { countedAdminContext } from "../helpers/counting-d1";

const PAGES = HOT_PAGES + 200;

/**
 * A space whose index holds PAGES pages of two sections, every page matching "common" (written straight into
 * the index tables, as the indexer writes them; the index state says it is at the space's revision, so no job
 * touches them). Texts repeat every 7 pages, so many pages tie on score and the page id decides.
 */
async function hotSpace() {
  const s = await seedSpace("Hot");
  const pageRows: string[][] = [];
  const sectionRows: (string | number)[][] = [];
  for (let i = 0; i < PAGES; i++) {
    const id = `page-${(i * 7919) % PAGES}-${i}`;
    const title = i % 50 === 0 ? `Common topic ${i}` : `Topic ${i}`;
    pageRows.push([id, title, `topic-${i}`]);
    const filler = "lorem ipsum dolor sit amet ".repeat(1 + (i % 7));
    sectionRows.push([id, 0, "", title, "", `${filler} common ${"word ".repeat(i % 3)}`]);
    sectionRows.push([id, 1, "more", title, "More", `${"common ".repeat(1 + (i % 4))}${filler} 全文検索 ${i % 5}`]);
  }
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO search_pages (space_id, page_id, title, path, body_hash)
      SELECT ?, value ->> 0, value ->> 1, value ->> 2, 'h' FROM json_each(?)`,
    ).bind(s.space.id, JSON.stringify(pageRows)),
    env.DB.prepare(
      `INSERT INTO search_sections (space_id, page_id, position, anchor, page_title, heading, body)
      SELECT ?, value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5 FROM json_each(?)`,
    ).bind(s.space.id, JSON.stringify(sectionRows)),
    env.DB.prepare(
      `INSERT INTO search_index_state (space_id, revision_id, updated_at)
      SELECT id, revision_id, 0 FROM spaces WHERE id = ?`,
    ).bind(s.space.id),
  ]);
  return { ...s, ...countedAdminContext(env, s.owner, s.organization.id) };
}

type Counted = Awaited<ReturnType<typeof hotSpace>>;

/**
 * One search, with what it asked of D1. The isolate's results of earlier searches are forgotten first: these
 * tests are about rankings (search-results-cache.test.ts covers the results).
 */
async function counted(s: Counted, query: string, limit: number, page?: string) {
  searchResults.clear();
  const before = { ...s.counter, queries: [...s.counter.queries] };
  const result = await searchSpace(s.ctx, s.space.id, { query, limit, page });
  return {
    result,
    roundTrips: s.counter.roundTrips - before.roundTrips,
    rowsRead: s.counter.rowsRead - before.rowsRead,
  };
}

/** Every page of a search, following the cursors; `cold` forgets the ranking before each request. */
async function walk(s: Counted, query: string, limit: number, cold: boolean) {
  const pages: { id: string; sections: unknown[] }[] = [];
  const cursors: string[] = [];
  let page: string | undefined;
  for (;;) {
    if (cold) rankings.clear();
    const { result } = await counted(s, query, limit, page);
    expect(result.count).toBe(PAGES);
    pages.push(...result.items.map((p) => ({ id: p.id, sections: p.sections })));
    if (!result.next) break;
    page = result.next.page;
    cursors.push(page);
  }
  return { pages, cursors };
}

describe("a query matching every page of a big space", () => {
  beforeEach(() => rankings.clear());

  it("is ranked once: later requests read only the pages they show, with the same results and cursors", async () => {
    const s = await hotSpace();
    const cold = await counted(s, "common", 10);
    expect(cold.result.count).toBe(PAGES);
    expect(cold.result.items).toHaveLength(10);
    expect(cold.roundTrips).toBe(1);
    // Title matches (weight 10) first.
    expect(cold.result.items[0].sections?.[0].body).toContain("<mark>common</mark>");

    const warm = await counted(s, "common", 10);
    expect(warm.result).toEqual(cold.result);
    expect(warm.roundTrips).toBe(1);
    // The search statement scores all 2 × PAGES sections and groups them by page (~9 rows read per section
    // here); from the ranking, a request reads the sections of the 11 pages it shows and passes once over the
    // match's rowids (~2.4 k rows read in all, against ~22 k).
    expect(cold.rowsRead).toBeGreaterThan(4 * PAGES);
    expect(warm.rowsRead).toBeLessThan(cold.rowsRead / 3);

    // A continuation is served from the ranking too, as the search statement would answer it.
    const next = await counted(s, "common", 10, cold.result.next?.page);
    expect(next.roundTrips).toBe(1);
    expect(next.rowsRead).toBeLessThan(cold.rowsRead / 3);
    rankings.clear();
    const nextCold = await counted(s, "common", 10, cold.result.next?.page);
    expect(next.result).toEqual(nextCold.result);
  });

  it("pages through the same pages, sections and cursors as the search statement", async () => {
    const s = await hotSpace();
    // Words (bm25), CJK substrings by trigrams (bm25), and a 2-character CJK word by LIKE (section order).
    for (const query of ["common", "全文検索", "検索"]) {
      const fromStatement = await walk(s, query, 97, true);
      const fromRanking = await walk(s, query, 97, false);
      expect(rankings.size, query).toBe(1);
      expect(fromRanking, query).toEqual(fromStatement);
      rankings.clear();
      expect(new Set(fromRanking.pages.map((p) => p.id)).size).toBe(PAGES);
    }
    // A prefix (the last word of a query) and a limit of 0 (count only).
    await counted(s, "comm", 5);
    const prefix = await counted(s, "comm", 5);
    rankings.clear();
    expect(prefix.result).toEqual((await counted(s, "comm", 5)).result);
    const none = await counted(s, "common", 0);
    expect(none.result).toMatchObject({ items: [], count: PAGES });
  });

  it("answers a cursor that is not on the ranking as the search statement does", async () => {
    const s = await hotSpace();
    const first = await counted(s, "common", 20);
    const [score] = decodeCursor((await counted(s, "common", 5)).result.next!.page, 2) as [number];
    const [a, b] = [first.result.items[4], first.result.items[5]];
    const forged = [
      encodeCursor([score, "not-a-page"]),
      encodeCursor([score - 1e-9, a.id]),
      encodeCursor(["text", b.id]),
      encodeCursor([score, 12]),
    ];
    for (const page of forged) {
      await counted(s, "common", 10); // the ranking is cached
      const answered = await counted(s, "common", 10, page);
      rankings.clear();
      const statement = await counted(s, "common", 10, page);
      expect(answered.result, page).toEqual(statement.result);
    }
  });

  it("answers a cursor on the last page with no pages and the count", async () => {
    const s = await hotSpace();
    const head = await counted(s, "common", PAGES - 1);
    const source = searchSources(planSearch("common"))[0];
    const scope = sql`s.space_id = ${s.space.id}`;
    const after = decodeCursor(head.result.next!.page, 2);
    const [last] = await searchStatement(s.ctx, source, { scope, bySpace: false, after, fetch: 1 });
    const page = encodeCursor([last.groupScore, last.pageId!]);
    const answered = await counted(s, "common", 10, page);
    expect(answered.roundTrips).toBe(1);
    expect(answered.result).toEqual({ items: [], count: PAGES });
    rankings.clear();
    expect((await counted(s, "common", 10, page)).result).toEqual(answered.result);
  });

  it("ranks again once the index moves", async () => {
    const s = await hotSpace();
    const before = await counted(s, "common", 10);
    await counted(s, "common", 10);
    await env.DB.prepare(
      `INSERT INTO search_sections (space_id, page_id, position, anchor, page_title, heading, body)
      VALUES (?, 'newcomer', 0, '', 'Common common common', '', 'common')`,
    )
      .bind(s.space.id)
      .run();
    await env.DB.prepare(
      "INSERT INTO search_pages (space_id, page_id, title, path, body_hash) VALUES (?, 'newcomer', 'New', 'new', 'h')",
    )
      .bind(s.space.id)
      .run();
    const after = await counted(s, "common", 10);
    expect(after.result.count).toBe(PAGES + 1);
    expect(after.result.items[0].id).toBe("newcomer");
    expect(after.result.items.slice(1).map((p) => p.id)).toEqual(before.result.items.slice(0, 9).map((p) => p.id));
    // The cached ranking answered first, saw the index had moved, and the search statement ran.
    expect(after.roundTrips).toBe(2);
    const again = await counted(s, "common", 10);
    expect(again.roundTrips).toBe(1);
    expect(again.result).toEqual(after.result);
    // Deleting (as the indexer drops a page) and updating sections move it too.
    await env.DB.prepare("DELETE FROM search_sections WHERE space_id = ? AND page_id = 'newcomer'")
      .bind(s.space.id)
      .run();
    const removed = await counted(s, "common", 10);
    expect(removed.roundTrips).toBe(2);
    expect(removed.result).toEqual(before.result);
    await env.DB.prepare(
      "UPDATE search_sections SET page_title = 'Common common' WHERE space_id = ? AND page_id = ? AND position = 1",
    )
      .bind(s.space.id, before.result.items[9].id)
      .run();
    const updated = await counted(s, "common", 10);
    expect(updated.roundTrips).toBe(2);
    expect(updated.result.items[0].id).toBe(before.result.items[9].id);
  });

  it("keeps no ranking for a query matching fewer pages than HOT_PAGES", async () => {
    const s = await hotSpace();
    const some = await counted(s, "word", 10);
    expect(some.result.count).toBe(PAGES - Math.ceil(PAGES / 3));
    expect(rankings.size).toBe(0);
    await counted(s, "common", 10);
    expect(rankings.size).toBe(1);
  });
});

describe("the statement of a cached ranking's pages", () => {
  it("scores only their sections, in one pass over the match", async () => {
    const source = searchSources(planSearch("common"))[0];
    const { sql, params } = rankedPagesStatement({ db: createDb(env.DB) }, source, "space", ["a", "b"], 0).getQuery();
    const plan = (
      await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>()
    ).results.map((row) => row.detail);
    // The sections of the shown pages, by the (space, page) index.
    expect(plan).toContain("SEARCH s USING COVERING INDEX search_sections_page (space_id=? AND page_id=?)");
    // One scan of the MATCH filtered by their rowids (FTS5's index string: M = match, no = for a rowid lookup,
    // which would re-run bm25's statistics over the whole match once per section), snippets in the same pass.
    const fts = plan.filter((detail) => detail.includes("search_fts"));
    expect(fts).toHaveLength(1);
    expect(fts[0]).toMatch(/^SCAN search_fts VIRTUAL TABLE INDEX \d+:M\d*$/);
  });
});
