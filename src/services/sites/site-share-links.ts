import { and, eq, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import { siteShareLinks } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { base62, newId, randomBytes } from "../../lib/ids";
import { keysetPage, type Page, type PageRequest } from "../../lib/pagination";
import { authorize } from "../access";
import type { ServiceContext } from "../core";
import { loadSite } from "./sites";

export type ShareLinkRow = typeof siteShareLinks.$inferSelect;

/**
 * Share links are the keys to a site's `share-link` visibility, so only those who manage the site
 * (`create` and up) list, make, rename, deactivate or revoke them; other members get 403.
 */
async function managedSite(ctx: ServiceContext, organizationId: string, siteId: string) {
  const site = await loadSite(ctx, organizationId, siteId);
  authorize(site.access, "site.manage", "Site");
  return site;
}

/** listSiteShareLinks: oldest first. */
export async function listShareLinks(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  q: PageRequest,
): Promise<Page<ShareLinkRow>> {
  await managedSite(ctx, organizationId, siteId);
  const where = eq(siteShareLinks.siteId, siteId);
  return keysetPage(ctx.db, {
    page: q,
    keys: [
      { column: siteShareLinks.createdAt, direction: "asc", value: (r: ShareLinkRow) => r.createdAt },
      { column: siteShareLinks.id, direction: "asc", value: (r: ShareLinkRow) => r.id },
    ],
    rows: (after, orderBy, limit) =>
      ctx.db
        .select()
        .from(siteShareLinks)
        .where(and(where, after))
        .orderBy(...orderBy)
        .limit(limit),
    count: ctx.db.select({ count: sql<number>`count(*)` }).from(siteShareLinks).where(where),
  });
}

/** createSiteShareLink: an active link with a fresh 128-bit key. */
export async function createShareLink(ctx: ServiceContext, organizationId: string, siteId: string, name: string) {
  await managedSite(ctx, organizationId, siteId);
  const row: ShareLinkRow = {
    id: newId(),
    siteId,
    organizationId,
    name: name.trim(),
    key: base62(randomBytes(16)),
    active: true,
    createdAt: ctx.now,
  };
  await batch(ctx.db, [ctx.db.insert(siteShareLinks).values(row)]);
  return row;
}

const linkWhere = (siteId: string, shareLinkId: string) =>
  and(eq(siteShareLinks.id, shareLinkId), eq(siteShareLinks.siteId, siteId));

/** updateSiteShareLinkById: rename, or (de)activate; a deactivated key stops opening the site at once. */
export async function updateShareLink(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  shareLinkId: string,
  patch: { name?: string; active?: boolean },
) {
  await managedSite(ctx, organizationId, siteId);
  const set: Partial<ShareLinkRow> = {};
  if (patch.name !== undefined) set.name = patch.name.trim();
  if (patch.active !== undefined) set.active = patch.active;
  const [[row]] = await batch(ctx.db, [
    Object.keys(set).length
      ? ctx.db.update(siteShareLinks).set(set).where(linkWhere(siteId, shareLinkId)).returning()
      : ctx.db.select().from(siteShareLinks).where(linkWhere(siteId, shareLinkId)),
  ]);
  if (!row) throw notFound("Share link");
  return row;
}

/** deleteSiteShareLinkById: revokes the key; false when there was no such link. */
export async function deleteShareLink(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  shareLinkId: string,
) {
  await managedSite(ctx, organizationId, siteId);
  const [deleted] = await batch(ctx.db, [
    ctx.db.delete(siteShareLinks).where(linkWhere(siteId, shareLinkId)).returning({ id: siteShareLinks.id }),
  ]);
  return deleted.length > 0;
}
