import { sql } from "drizzle-orm";
import { type Db, inBatch } from "../../db/client";
import { reusableStatement } from "../../db/reusable";
import { searchResults as kept } from "../../lib/isolate-caches";
import type { ByteLru } from "../../lib/lru";

/**
 * Results of space searches (and of published sites' own searches, grouped-search.ts, checked against the
 * generation their site's load read), kept in the isolate. A search's rows are a function of the query and of the index,
 * and the index moves only with search_generation (migrations 0013 and 0038: every change to search_sections
 * and to a page's title or path in search_pages; bm25 depends on the whole index, hence one counter). While the
 * counter stands still, a repeated search reads the counter instead of running its statement: a statement that
 * costs next to nothing in its request's first batch, where the search would cost the FTS match, bm25 and a
 * snippet per section. When the counter moved, the search runs again (a second round trip) and replaces the entry.
 */
export interface KnownResult<Row> {
  generation: number;
  rows: Row[];
}

/** Bounded by the rows' size (JSON length, two bytes a character), least recently used leaving first. */
const known = kept.store as ByteLru<KnownResult<unknown>>;

export const searchResults = {
  get<Row>(key: string): KnownResult<Row> | undefined {
    return known.get(key) as KnownResult<Row> | undefined;
  },
  set<Row>(key: string, result: KnownResult<Row>) {
    known.set(key, result);
  },
  delete(key: string) {
    known.delete(key);
  },
  clear() {
    known.clear();
  },
};

/** The index generation, one row (`generation`), for a batch. */
export const generationStatement = reusableStatement((db: Db) =>
  inBatch(db, db.all<{ generation: number }>(sql`SELECT generation FROM search_generation WHERE id = 1`)),
);

/** The generation a generationStatement result holds (NaN when there is none). */
export const generationIn = (result: unknown) => Number((result as { generation?: number }[])[0]?.generation);
