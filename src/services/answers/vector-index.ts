import { and, eq, inArray } from "drizzle-orm";
import { batch } from "../../db/batch";
import { answerVectors, searchPages, searchSections } from "../../db/schema";
import { chunk } from "../../lib/chunk";
import type { ContentEventRow, SubscriberContext } from "../core";
import { embed, type SectionVectorMetadata, vectorId } from "./vector";

// The Vectorize index of grounded answers follows the search index: a subscriber of `space.content.updated`
// (src/jobs/registry.ts) embeds the sections whose text changed and deletes the vectors of sections gone.

const EMBED_BATCH = 50;
const MAX_SECTIONS_PER_RUN = 2_000;

async function sha256(text: string) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * From the event's job only (embedding is slow and paid): does nothing without both bindings. Reads the space's
 * indexed sections (as the search subscriber before it left them) and its embedded ones, in one round trip.
 */
export async function indexSectionVectors(ctx: SubscriberContext, event: ContentEventRow, mode: "inline" | "job") {
  const { AI, VECTORIZE } = ctx.env;
  const spaceId = event.spaceId;
  if (mode !== "job" || !AI || !VECTORIZE || !spaceId) return undefined;
  const [sections, pages, known] = await batch(ctx.db, [
    ctx.db
      .select({
        pageId: searchSections.pageId,
        anchor: searchSections.anchor,
        pageTitle: searchSections.pageTitle,
        heading: searchSections.heading,
        body: searchSections.body,
      })
      .from(searchSections)
      .where(eq(searchSections.spaceId, spaceId))
      .limit(MAX_SECTIONS_PER_RUN),
    ctx.db
      .select({ pageId: searchPages.pageId, path: searchPages.path })
      .from(searchPages)
      .where(eq(searchPages.spaceId, spaceId)),
    ctx.db.select().from(answerVectors).where(eq(answerVectors.spaceId, spaceId)),
  ]);
  const paths = new Map(pages.map((p) => [p.pageId, p.path]));
  const stored = new Map(known.map((k) => [k.id, k.hash]));
  const current = await Promise.all(
    sections.map(async (s) => {
      const text = `${s.pageTitle}\n${s.heading}\n${s.body}`.slice(0, 4_000);
      return { ...s, id: await vectorId(spaceId, s.pageId, s.anchor), text, hash: await sha256(text) };
    }),
  );
  const changed = current.filter((s) => stored.get(s.id) !== s.hash);
  const live = new Set(current.map((s) => s.id));
  const gone = known.filter((k) => !live.has(k.id)).map((k) => k.id);
  for (const group of chunk(changed, EMBED_BATCH)) {
    const vectors = await embed(
      AI,
      group.map((s) => s.text),
    );
    await VECTORIZE.upsert(
      group.map((s, i) => ({
        id: s.id,
        values: vectors[i]!,
        metadata: {
          spaceId,
          pageId: s.pageId,
          anchor: s.anchor,
          pageTitle: s.pageTitle,
          pagePath: paths.get(s.pageId) ?? "",
        } satisfies SectionVectorMetadata,
      })),
    );
    await batch(
      ctx.db,
      group.map((s) =>
        ctx.db
          .insert(answerVectors)
          .values({ id: s.id, spaceId, hash: s.hash })
          .onConflictDoUpdate({ target: answerVectors.id, set: { hash: s.hash } }),
      ),
    );
  }
  for (const ids of chunk(gone, EMBED_BATCH)) {
    await VECTORIZE.deleteByIds(ids);
    await ctx.db.delete(answerVectors).where(and(eq(answerVectors.spaceId, spaceId), inArray(answerVectors.id, ids)));
  }
  return { vectorsEmbedded: changed.length, vectorsDeleted: gone.length };
}
