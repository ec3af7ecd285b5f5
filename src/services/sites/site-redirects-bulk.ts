import { and, eq, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import { isUniqueViolation } from "../../db/errors";
import { type SiteRedirectDestination, siteRedirects, siteSections, siteSpaces, spaces } from "../../db/schema";
import { ApiError, badRequest, conflict } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { inBatch } from "../../db/client";
import { authorize } from "../access";
import type { ServiceContext } from "../core";
import { loadSnapshot } from "../revisions";
import { cleanDestination } from "./site-redirects";
import { loadSite } from "./sites";

/** bulkUpsertSiteRedirects' limit (the 0.202 document's `maxItems`). */
export const MAX_BULK_REDIRECTS = 500;

/** One item: a live redirect from `source` set to `destination`, or deleted (null). */
export interface BulkRedirectItem {
  source: string;
  destination: SiteRedirectDestination | null;
}

export type BulkRedirectResult =
  | { status: "created" | "updated"; source: string; draft: false; id: string }
  | { status: "deleted"; source: string; draft: false };

/**
 * Whether each destination is in the site's structure (as createSiteRedirect checks one): the site's sections and
 * site spaces in one read, then each space named by a page destination's snapshot once. 400 naming the item.
 */
async function checkDestinations(ctx: ServiceContext, siteId: string, items: BulkRedirectItem[]) {
  // Two reads, not a join: D1 keys a row's columns by name, and both tables have an `id`.
  const [sections, siteSpaceRows, spaceRows] = await batch(ctx.db, [
    ctx.db.select({ id: siteSections.id }).from(siteSections).where(eq(siteSections.siteId, siteId)),
    ctx.db
      .select({ id: siteSpaces.id, spaceId: siteSpaces.spaceId })
      .from(siteSpaces)
      .where(eq(siteSpaces.siteId, siteId)),
    ctx.db
      .select({ id: spaces.id, revisionId: spaces.revisionId, deletedAt: spaces.deletedAt })
      .from(spaces)
      .where(sql`${spaces.id} IN (SELECT space_id FROM site_spaces WHERE site_id = ${siteId})`),
  ]);
  const spaceOf = new Map(spaceRows.map((s) => [s.id, s]));
  const variants = siteSpaceRows.map((v) => {
    const space = spaceOf.get(v.spaceId);
    return {
      id: v.id,
      spaceId: v.spaceId,
      revisionId: space?.revisionId ?? "",
      deletedAt: space ? space.deletedAt : 0,
    };
  });
  const sectionIds = new Set(sections.map((s) => s.id));
  const variantOf = new Map(variants.map((v) => [v.id, v]));
  const pagesOf = new Map<string, Promise<Set<string>>>();
  const pages = (space: { spaceId: string; revisionId: string }) => {
    let found = pagesOf.get(space.spaceId);
    if (!found) {
      found = loadSnapshot(ctx, space.spaceId, space.revisionId).then(
        (snapshot) => new Set(snapshot.pages.keys()),
        (error) => {
          if (error instanceof ApiError && error.status === 404) return new Set<string>();
          throw error;
        },
      );
      pagesOf.set(space.spaceId, found);
    }
    return found;
  };
  for (const [i, item] of items.entries()) {
    const d = item.destination;
    const field = `body.redirects.${i}.destination`;
    if (!d) continue;
    if (d.kind === "site-section") {
      if (!sectionIds.has(d.siteSectionId)) throw badRequest(`${field}.siteSectionId: is not a section of this site`);
      continue;
    }
    const variant = variantOf.get(d.siteSpaceId);
    if (!variant) throw badRequest(`${field}.siteSpaceId: is not a site space of this site`);
    if (d.kind !== "site-page") continue;
    if (variant.deletedAt !== null || !(await pages(variant)).has(d.pageId)) {
      throw badRequest(`${field}.pageId: is not a page of the site space's content`);
    }
  }
}

/**
 * bulkUpsertSiteRedirects (`create` and up): each item sets the live redirect from its source (created, or updated
 * when the site has one from that source) or deletes it (destination null; "deleted" whether or not it existed, as
 * a delete is). Every item is checked as createSiteRedirect checks one, and all are written in one D1 batch: an
 * invalid item (400 naming it) or a race on a source (409) writes nothing.
 */
export async function bulkUpsertSiteRedirects(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  items: BulkRedirectItem[],
): Promise<BulkRedirectResult[]> {
  const site = await loadSite(ctx, organizationId, siteId);
  authorize(site.access, "site.manage", "Site");
  const seen = new Map<string, number>();
  for (const [i, item] of items.entries()) {
    const first = seen.get(item.source);
    if (first !== undefined) {
      throw badRequest(`body.redirects.${i}.source: "${item.source}" is also item ${first}'s source`);
    }
    seen.set(item.source, i);
  }
  const cleaned = items.map((item) => ({
    source: item.source,
    destination: item.destination && cleanDestination(item.destination),
  }));
  await checkDestinations(ctx, siteId, cleaned);
  // Sources and rows travel as JSON (json_each): D1 binds at most 100 parameters to a statement.
  const existing = await ctx.db
    .select({ id: siteRedirects.id, source: siteRedirects.source })
    .from(siteRedirects)
    .where(
      and(
        eq(siteRedirects.siteId, siteId),
        sql`${siteRedirects.source} IN (SELECT value FROM json_each(${JSON.stringify([...seen.keys()])}))`,
      ),
    );
  const idOf = new Map(existing.map((r) => [r.source, r.id]));
  const results: BulkRedirectResult[] = [];
  const created: [string, string, string][] = [];
  const updated: [string, string][] = [];
  const deleted: string[] = [];
  for (const { source, destination } of cleaned) {
    const id = idOf.get(source);
    if (!destination) {
      deleted.push(source);
      results.push({ status: "deleted", source, draft: false });
    } else if (id) {
      updated.push([id, JSON.stringify(destination)]);
      results.push({ status: "updated", source, draft: false, id });
    } else {
      const newRow = newId();
      created.push([newRow, source, JSON.stringify(destination)]);
      results.push({ status: "created", source, draft: false, id: newRow });
    }
  }
  const db = ctx.db;
  const writes = [
    deleted.length
      ? inBatch(
          db,
          db.run(sql`DELETE FROM site_redirects WHERE site_id = ${siteId}
            AND source IN (SELECT value FROM json_each(${JSON.stringify(deleted)}))`),
        )
      : undefined,
    // Only rows still there: one deleted meanwhile is not brought back by an update of nothing.
    updated.length
      ? inBatch(
          db,
          db.run(sql`UPDATE site_redirects SET destination = u.value ->> 1, updated_at = ${ctx.now}
            FROM json_each(${JSON.stringify(updated)}) u
            WHERE site_redirects.id = u.value ->> 0 AND site_redirects.site_id = ${siteId}`),
        )
      : undefined,
    created.length
      ? inBatch(
          db,
          db.run(sql`INSERT INTO site_redirects (id, site_id, organization_id, source, destination, created_at, updated_at)
            SELECT value ->> 0, ${siteId}, ${organizationId}, value ->> 1, value ->> 2, ${ctx.now}, ${ctx.now}
            FROM json_each(${JSON.stringify(created)})`),
        )
      : undefined,
  ];
  try {
    await batch(db, writes);
  } catch (error) {
    // Another write created one of these sources after the read above: nothing of this batch was written.
    if (isUniqueViolation(error, "site_redirects.site_id")) {
      throw conflict("A redirect from one of these sources was created meanwhile; nothing was written, retry");
    }
    throw error;
  }
  return results;
}
