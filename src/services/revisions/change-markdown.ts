import { and, eq, sql } from "drizzle-orm";
import type { Snapshot } from "../../content/model";
import type { SemanticChange } from "../../content/semantic-changes";
import { batch } from "../../db/batch";
import { contentBlobs } from "../../db/schema";
import type { ServiceContext } from "../core";
import { cachedBody, cacheBody } from "./body-cache";

/** A page's markdown on each side of a change (`content=markdown`); a side the page is absent from is left out. */
export type ChangeMarkdown = { before?: string; after?: string };
export type SemanticChangeWithMarkdown = SemanticChange & { markdown?: ChangeMarkdown };

/** A document page's body hash in a snapshot ("" for a document without a body); undefined for other pages. */
function bodyOf(snapshot: Snapshot, pageId: string): string | undefined {
  const page = snapshot.pages.get(pageId);
  return page?.type === "document" ? (page.body ?? "") : undefined;
}

/** The body hashes each page change shows: created (after), deleted (before), edited with a new document (both). */
function sidesOf(change: SemanticChange, before: Snapshot, after: Snapshot) {
  if (change.type === "page_created") return { after: bodyOf(after, change.page.id) };
  if (change.type === "page_deleted") return { before: bodyOf(before, change.page.id) };
  if (change.type === "page_edited" && change.attributes.document)
    return { before: bodyOf(before, change.page.id), after: bodyOf(after, change.page.id) };
  return undefined;
}

/**
 * The changes with each page change's markdown before and after. Only the changes given (the answer's, capped by
 * its `limit`) are read: the bodies the isolate lacks in one statement, whatever their number.
 */
export async function withChangeMarkdown(
  ctx: ServiceContext,
  spaceId: string,
  changes: SemanticChange[],
  before: Snapshot,
  after: Snapshot,
): Promise<SemanticChangeWithMarkdown[]> {
  const sides = changes.map((change) => sidesOf(change, before, after));
  const hashes = new Set(sides.flatMap((s) => (s ? [s.before, s.after] : [])).filter((h): h is string => !!h));
  const bodies = new Map<string, string>();
  for (const hash of hashes) {
    const known = cachedBody(spaceId, hash);
    if (known !== undefined) bodies.set(hash, known);
  }
  const missing = [...hashes].filter((hash) => !bodies.has(hash));
  if (missing.length) {
    const [rows] = await batch(ctx.db, [
      ctx.db
        .select({ hash: contentBlobs.hash, body: contentBlobs.body })
        .from(contentBlobs)
        .where(
          and(
            eq(contentBlobs.spaceId, spaceId),
            sql`${contentBlobs.hash} IN (SELECT value FROM json_each(${JSON.stringify(missing)}))`,
          ),
        ),
    ]);
    for (const row of rows) {
      bodies.set(row.hash, row.body);
      cacheBody(spaceId, row.hash, row.body);
    }
  }
  // A side with no body (an empty page) is "", as a page read answers it.
  const text = (hash: string | undefined) => (hash === undefined ? undefined : hash ? (bodies.get(hash) ?? "") : "");
  return changes.map((change, i) => {
    const side = sides[i];
    if (!side || (side.before === undefined && side.after === undefined)) return change;
    const [was, is] = [text(side.before), text(side.after)];
    return {
      ...change,
      markdown: { ...(was !== undefined ? { before: was } : {}), ...(is !== undefined ? { after: is } : {}) },
    };
  });
}
