import { and, asc, count, desc, eq, gt, lt, or } from "drizzle-orm";
import { batch } from "../../db/batch";
import { siteVisitorSegments as segments } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { decodeCursor, type Page, type PageRequest, pageOf } from "../../lib/pagination";
import type { ServiceContext } from "../core";
import { siteForMembers } from "./site-gate";

export interface VisitorSegmentView {
  title: string;
  claims: Record<string, unknown>;
  events: number;
  visitors: number;
  sessions: number;
}

/**
 * listSiteVisitorSegments (members who see the site): the visitors grouped by the claims their visitor pass
 * carried, most events first. One D1 round trip (the site, the page and the count).
 */
export async function listVisitorSegments(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  page: PageRequest,
): Promise<Page<VisitorSegmentView>> {
  const siteRow = siteForMembers(ctx, organizationId, siteId);
  const cursor = page.page ? decodeCursor(page.page, 2) : [];
  const ofSite = eq(segments.siteId, siteId);
  const after = cursor.length
    ? or(
        lt(segments.events, Number(cursor[0])),
        and(eq(segments.events, Number(cursor[0])), gt(segments.claimsKey, String(cursor[1]))),
      )
    : undefined;
  const [[site], rows, [counted]] = await batch(ctx.db, [
    siteRow,
    ctx.db
      .select()
      .from(segments)
      .where(and(ofSite, after))
      .orderBy(desc(segments.events), asc(segments.claimsKey))
      .limit(page.limit + 1),
    ctx.db.select({ count: count() }).from(segments).where(ofSite),
  ]);
  if (!site) throw notFound("Site");
  const found = pageOf(rows, counted?.count ?? 0, page, (last) => [last.events, last.claimsKey]);
  return {
    ...found,
    items: found.items.map(({ title, claims, events, visitors, sessions }) => ({
      title,
      claims,
      events,
      visitors,
      sessions,
    })),
  };
}
