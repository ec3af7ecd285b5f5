import { and, inArray, type SQL } from "drizzle-orm";
import type { ServiceContext } from "../core";
import { spaces } from "../../db/schema";

// Semantic retrieval (the `VECTORIZE` binding with Workers AI embeddings; deployed configuration only), fused
// with the FTS hits by reciprocal rank fusion.

/** The Workers AI embedding model of the index (768 dimensions; the Vectorize index must match). */
export const EMBEDDING_MODEL = "@cf/baai/bge-base-en-v1.5";
const TOP_K = 20;
const RRF_K = 60;

/** A hit of the search: a page's section (anchor) in rank order. */
export interface SectionHit {
  spaceId: string;
  pageId: string;
  pageTitle: string;
  pagePath: string;
  anchor?: string;
}

/** What each vector carries: the section it embeds (its search_sections key). */
export interface SectionVectorMetadata {
  spaceId: string;
  pageId: string;
  anchor: string;
  pageTitle: string;
  pagePath: string;
}

/** Embeddings of texts, in order. */
export async function embed(ai: Ai, texts: string[]): Promise<number[][]> {
  const result = (await ai.run(EMBEDDING_MODEL as never, { text: texts } as never)) as { data?: number[][] };
  if (!Array.isArray(result?.data) || result.data.length !== texts.length) {
    throw new Error(`${EMBEDDING_MODEL} answered without one embedding per text`);
  }
  return result.data;
}

/** A section's vector id: its key hashed (Vectorize ids are at most 64 bytes). */
export async function vectorId(spaceId: string, pageId: string, anchor: string) {
  const bytes = new TextEncoder().encode(`${spaceId}\u001f${pageId}\u001f${anchor}`);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The question's nearest sections among the spaces `readable` selects (the same condition the FTS search used:
 * a vector of a space the caller may not read is never used), best first.
 */
export async function semanticHits(
  ctx: ServiceContext,
  ai: Ai,
  index: VectorizeIndex,
  question: string,
  readable: SQL | undefined,
): Promise<SectionHit[]> {
  const [vector] = await embed(ai, [question]);
  const { matches } = await index.query(vector!, { topK: TOP_K, returnMetadata: "all" });
  const hits = matches.flatMap((m) => {
    const meta = m.metadata as Partial<SectionVectorMetadata> | undefined;
    if (!meta?.spaceId || !meta.pageId || typeof meta.anchor !== "string") return [];
    return [
      {
        spaceId: meta.spaceId,
        pageId: meta.pageId,
        anchor: meta.anchor,
        pageTitle: String(meta.pageTitle ?? ""),
        pagePath: String(meta.pagePath ?? ""),
      },
    ];
  });
  if (!hits.length) return [];
  const ids = [...new Set(hits.map((h) => h.spaceId))];
  const allowed = await ctx.db
    .select({ id: spaces.id })
    .from(spaces)
    .where(and(inArray(spaces.id, ids), readable));
  const ok = new Set(allowed.map((r) => r.id));
  return hits.filter((h) => ok.has(h.spaceId));
}

/** Reciprocal rank fusion of ranked lists (k = 60): a section high in either list ranks high. */
export function fuseRankings<T>(lists: T[][], key: (item: T) => string): T[] {
  const scores = new Map<string, { item: T; score: number }>();
  for (const list of lists) {
    list.forEach((item, rank) => {
      const k = key(item);
      const entry = scores.get(k) ?? { item, score: 0 };
      entry.score += 1 / (RRF_K + rank + 1);
      scores.set(k, entry);
    });
  }
  return [...scores.values()].sort((a, b) => b.score - a.score).map((e) => e.item);
}
