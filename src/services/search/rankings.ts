import { searchRankings } from "../../lib/isolate-caches";

/**
 * Rankings of hot queries, kept in the isolate. A query that matches nearly every section of a big space is
 * slow because of the ranking, not of what it shows: every matching section is scored (bm25) and grouped by page
 * before the first page of results is known. A ranking (every matching page of the space, best first) is what
 * the search statement computed at one index generation (search_generation); while the index stays there, a
 * request only scores the sections of the pages it shows (search.ts checks the generation in that statement,
 * and ranks again when the index moved). Scores are not kept: the pages' own statement recomputes them, the same
 * doubles, for the cursor.
 */

/** Queries that match at least this many pages of a space keep their ranking; fewer are cheap to rank again. */
export const HOT_PAGES = 1000;
/** And at most this many: the ranking comes back as one JSON value (~25 bytes a page; D1 values stop at 2 MB). */
export const MAX_RANKED_PAGES = 20_000;
const MAX_ENTRIES = searchRankings.bound.entries;
/** Pages kept over all entries (~100 bytes a page with its position). */
const MAX_PAGES = 100_000;

export interface Ranking {
  /** The index generation it was computed at. */
  generation: number;
  /** Every matching page, in the order of the search (score, then page id). */
  pageIds: string[];
  /** Where each page is in pageIds (made on first use: only continued searches need it). */
  positions?: Map<string, number>;
}

/** Least recently used first (a Map keeps insertion order; a hit moves the entry to the end). */
const entries = searchRankings.store as Map<string, Ranking>;
let pages = 0;

export const rankings = {
  get(key: string): Ranking | undefined {
    const ranking = entries.get(key);
    if (ranking) {
      entries.delete(key);
      entries.set(key, ranking);
    }
    return ranking;
  },
  set(key: string, ranking: Ranking) {
    rankings.delete(key);
    if (ranking.pageIds.length > MAX_PAGES) return;
    entries.set(key, ranking);
    pages += ranking.pageIds.length;
    for (const [oldest] of entries) {
      if (entries.size <= MAX_ENTRIES && pages <= MAX_PAGES) break;
      rankings.delete(oldest);
    }
  },
  delete(key: string) {
    const ranking = entries.get(key);
    if (!ranking) return;
    entries.delete(key);
    pages -= ranking.pageIds.length;
  },
  clear() {
    entries.clear();
    pages = 0;
  },
  get size() {
    return entries.size;
  },
};

/** Where a page is in the ranking, if it is there. */
export function rankingPosition(ranking: Ranking, pageId: string): number | undefined {
  ranking.positions ??= new Map(ranking.pageIds.map((id, i) => [id, i]));
  return ranking.positions.get(pageId);
}
