import type { ContentEventRow, SubscriberContext } from "../core";
import { followSpecVersion, INLINE_INDEX_PAGES, updateSearchIndex } from "./search-index";

/*
 * The search index's subscribers to content events (registered in src/jobs/registry.ts). Idempotent: a run
 * finds the index at the space's revision and stops, and every index write is guarded by the revision it was
 * computed from, so the inline run and the job may both run, in either order or at once.
 */

/**
 * `space.content.updated`: inline, indexes the change now when it re-indexes at most INLINE_INDEX_PAGES pages
 * (a bigger one is left to the job); from the job, brings the index to the space's revision (more than
 * INDEX_PAGES_PER_RUN pages continue in `search-index` jobs).
 */
export async function indexSpaceContent(ctx: SubscriberContext, event: ContentEventRow, mode: "inline" | "job") {
  if (!event.spaceId) return undefined;
  const run =
    mode === "inline"
      ? await updateSearchIndex(ctx, event.spaceId, INLINE_INDEX_PAGES, { inline: true })
      : await updateSearchIndex(ctx, event.spaceId);
  return { ...run };
}

/**
 * `openapi.spec.updated`: queues a `search-index` job for each space whose computed pages the spec generates.
 * From the event's job only: run inline as well, it would queue each of those jobs twice.
 */
export async function indexSpecDependents(ctx: SubscriberContext, event: ContentEventRow, mode: "inline" | "job") {
  const slug = event.payload?.slug;
  if (mode === "inline" || typeof slug !== "string") return undefined;
  return { searchIndexJobs: await followSpecVersion(ctx, event.organizationId, slug) };
}
