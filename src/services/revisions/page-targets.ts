import { sql } from "drizzle-orm";
import { type FileEntry, pagePath } from "../../content/model";
import { locatorBucket } from "../../content/page-locator";
import type { RevisionRow } from "../../content/snapshot-store";
import { batch } from "../../db/batch";
import { inBatch } from "../../db/client";
import type { ServiceContext } from "../core";
import { loadSnapshot } from "./content-load";

/** The pages and files one page body links to, by id: the paths of the pages and the files' entries. */
export interface PageTargets {
  paths: Map<string, string>;
  files: Map<string, FileEntry>;
}

type StepRow = { target: string; depth: number; slug: string | null; length: number };

/**
 * Where the links of a page read from only its part of a revision (page-load.ts) point: the paths of the pages
 * it links to and the entries of the files it shows, in one round trip. Each target page's ancestors come from
 * the revision's page locator and its path from the level nodes on that chain (O(targets × depth) nodes, never
 * the whole tree); the files are picked out of the files node by D1. A revision without a locator (not yet
 * backfilled) is read whole, as page reads of it are. For a page that readPage authorized: no access check.
 */
export async function readPageTargets(
  ctx: ServiceContext,
  revision: RevisionRow,
  pageIds: Iterable<string>,
  fileIds: Iterable<string>,
): Promise<PageTargets> {
  const pages = [...new Set(pageIds)];
  const files = [...new Set(fileIds)];
  const spaceId = revision.spaceId;
  if (!pages.length && !files.length) return { paths: new Map(), files: new Map() };
  if (!revision.locatorNode) {
    const whole = await loadSnapshot(ctx, spaceId, revision.id);
    return {
      paths: new Map(pages.filter((id) => whole.pages.has(id)).map((id) => [id, pagePath(whole, id)])),
      files: new Map(files.flatMap((id) => (whole.files.has(id) ? [[id, whole.files.get(id)!] as const] : []))),
    };
  }
  // Each page's locator bucket as a JSON path into the locator node (computed here: FNV-1a, as commits do).
  const wanted = JSON.stringify(pages.map((id) => [id, `$."${locatorBucket(id)}"`]));
  const [steps, entries] = await batch(ctx.db, [
    pages.length
      ? inBatch(
          ctx.db,
          ctx.db.all<StepRow>(sql`
      WITH RECURSIVE
        wanted(id, bucket) AS (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(${wanted})),
        chain(target, ids) AS (
          SELECT w.id, json_insert(e.value, '$[#]', e.key)
          FROM wanted w
          CROSS JOIN content_nodes l ON l.space_id = ${spaceId} AND l.hash = ${revision.locatorNode}
          CROSS JOIN content_nodes b ON b.space_id = ${spaceId} AND b.hash = json_extract(l.data, w.bucket)
          CROSS JOIN json_each(b.data) e
          WHERE e.key = w.id
        ),
        walk(target, ids, depth, hash, slug) AS (
          SELECT target, ids, 0, ${revision.rootNode}, NULL FROM chain
          UNION ALL
          SELECT walk.target, walk.ids, walk.depth + 1, json_extract(e.value, '$.children'), json_extract(e.value, '$.slug')
          FROM walk
          JOIN content_nodes n ON n.space_id = ${spaceId} AND n.hash = walk.hash,
          json_each(n.data) e
          WHERE walk.depth < json_array_length(walk.ids)
            AND json_extract(e.value, '$.id') = json_extract(walk.ids, '$[' || walk.depth || ']')
        )
      SELECT target, depth, slug, json_array_length(ids) AS length FROM walk WHERE depth > 0`),
        )
      : undefined,
    files.length
      ? inBatch(
          ctx.db,
          ctx.db.all<{ entry: string }>(sql`
      SELECT e.value AS entry FROM content_nodes n, json_each(n.data) e
      WHERE n.space_id = ${spaceId} AND n.hash = ${revision.filesNode}
        AND json_extract(e.value, '$.id') IN (SELECT value FROM json_each(${JSON.stringify(files)}))`),
        )
      : undefined,
  ]);
  const chains = new Map<string, StepRow[]>();
  for (const step of steps ?? []) chains.set(step.target, [...(chains.get(step.target) ?? []), step]);
  const paths = new Map<string, string>();
  for (const [id, chain] of chains) {
    chain.sort((a, b) => a.depth - b.depth);
    // Only a chain walked to its end names the page (a step that found no level leaves it short).
    if (chain.length === chain[0]!.length && chain.every((s, i) => s.depth === i + 1 && s.slug !== null))
      paths.set(id, chain.map((s) => s.slug).join("/"));
  }
  const found = (entries ?? []).map((row) => JSON.parse(row.entry) as FileEntry);
  return { paths, files: new Map(found.map((file) => [file.id, file])) };
}
