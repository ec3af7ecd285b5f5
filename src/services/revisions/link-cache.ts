import { sql } from "drizzle-orm";
import { type Batchable, type BatchResult, batch } from "../../db/batch";
import { inBatch } from "../../db/client";
import { type BodyLinks, extractLinks } from "../../content/links";
import type { ServiceContext } from "../core";

type Row = { hash: string; links: string | null; anchors: string | null; body: string | null };

function safeExtract(body: string): BodyLinks {
  try {
    return extractLinks(body);
  } catch {
    // A stored body that no longer converts (limits tightened since it was written) has no usable links.
    return { links: [], anchors: [] };
  }
}

/**
 * Links and anchors of page bodies by hash, from the per-body cache. One statement reads, for every hash, the
 * cached extraction or (only where none is cached yet) the body itself; `extra` statements ride in the same
 * round trip. Bodies not cached yet are parsed once and their extraction stored (one more round trip, only
 * then). Hashes are passed as one JSON parameter, whatever their number.
 */
export async function bodyLinks<const E extends readonly Batchable[]>(
  ctx: ServiceContext,
  spaceId: string,
  hashes: Iterable<string>,
  extra: E,
): Promise<{ links: Map<string, BodyLinks>; extra: BatchResult<E> }> {
  const wanted = JSON.stringify([...new Set(hashes)]);
  const read = inBatch(
    ctx.db,
    ctx.db.all<Row>(sql`SELECT b.hash AS hash, l.links AS links, l.anchors AS anchors,
        CASE WHEN l.hash IS NULL THEN b.body END AS body
      FROM content_blobs b LEFT JOIN content_links l ON l.space_id = b.space_id AND l.hash = b.hash
      WHERE b.space_id = ${spaceId} AND b.hash IN (SELECT value FROM json_each(${wanted}))`),
  );
  const [rows, rest] = await batch(ctx.db, [read, extra]);
  const links = new Map<string, BodyLinks>();
  const fresh: { hash: string; value: BodyLinks }[] = [];
  for (const row of rows) {
    if (row.links !== null && row.anchors !== null) {
      links.set(row.hash, { links: JSON.parse(row.links), anchors: JSON.parse(row.anchors) });
    } else {
      const value = safeExtract(row.body ?? "");
      links.set(row.hash, value);
      fresh.push({ hash: row.hash, value });
    }
  }
  if (fresh.length) {
    // 4 bound parameters per row: at most 24 rows per statement (D1 allows 100), all in one batch.
    const statements = [];
    for (let i = 0; i < fresh.length; i += 24) {
      const values = fresh
        .slice(i, i + 24)
        .map((f) => sql`(${spaceId}, ${f.hash}, ${JSON.stringify(f.value.links)}, ${JSON.stringify(f.value.anchors)})`);
      statements.push(
        inBatch(
          ctx.db,
          ctx.db.run(
            sql`INSERT OR IGNORE INTO content_links (space_id, hash, links, anchors) VALUES ${sql.join(values, sql`, `)}`,
          ),
        ),
      );
    }
    await batch(ctx.db, statements);
  }
  return { links, extra: rest };
}
