import { and, eq, sql } from "drizzle-orm";
import { pagePath } from "../../content/model";
import { batch } from "../../db/batch";
import { isUniqueViolation } from "../../db/errors";
import { type SiteRedirectDestination, siteRedirects, siteSections, siteSpaces, spaces } from "../../db/schema";
import { ApiError, badRequest, conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { keysetPage, type Page, type PageRequest } from "../../lib/pagination";
import { authorize } from "../access";
import type { ServiceContext } from "../core";
import { loadSnapshot } from "../revisions";
import { shownTo } from "./site-shown";
import { loadSite } from "./sites";

export type SiteRedirectRow = typeof siteRedirects.$inferSelect;
export type { SiteRedirectDestination };

/** A site redirect with the published path its destination has now (getSiteRedirectBySource). */
export interface ResolvedSiteRedirect {
  row: SiteRedirectRow;
  target: string;
}

/** Only the destination kind's own fields, in the reference's order. */
export function cleanDestination(d: SiteRedirectDestination): SiteRedirectDestination {
  switch (d.kind) {
    case "site-section":
      return { kind: d.kind, siteSectionId: d.siteSectionId };
    case "site-space":
      return { kind: d.kind, siteSpaceId: d.siteSpaceId };
    case "site-page":
      return { kind: d.kind, siteSpaceId: d.siteSpaceId, pageId: d.pageId };
  }
}

/** A page's snapshot-level existence in its space's current revision (false for a deleted space). */
async function pageInCurrentRevision(ctx: ServiceContext, space: { id: string; revisionId: string }, pageId: string) {
  try {
    return (await loadSnapshot(ctx, space.id, space.revisionId)).pages.has(pageId);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false;
    throw error;
  }
}

/**
 * The destination must be in this site's structure (400 naming the field): a section or site space of the
 * site; for a page, a site space of the site whose space's current revision has that page.
 */
async function checkDestination(ctx: ServiceContext, siteId: string, d: SiteRedirectDestination) {
  if (d.kind === "site-section") {
    const [found] = await ctx.db
      .select({ id: siteSections.id })
      .from(siteSections)
      .where(and(eq(siteSections.id, d.siteSectionId), eq(siteSections.siteId, siteId)));
    if (!found) throw badRequest("body.destination.siteSectionId: is not a section of this site");
    return;
  }
  const [own, spaceRows] = await batch(ctx.db, [
    ctx.db
      .select({ id: siteSpaces.id })
      .from(siteSpaces)
      .where(and(eq(siteSpaces.id, d.siteSpaceId), eq(siteSpaces.siteId, siteId))),
    d.kind === "site-page"
      ? ctx.db
          .select({ id: spaces.id, revisionId: spaces.revisionId, deletedAt: spaces.deletedAt })
          .from(spaces)
          .where(
            sql`${spaces.id} = (SELECT space_id FROM site_spaces WHERE id = ${d.siteSpaceId} AND site_id = ${siteId})`,
          )
      : undefined,
  ]);
  if (!own.length) throw badRequest("body.destination.siteSpaceId: is not a site space of this site");
  if (d.kind !== "site-page") return;
  const space = spaceRows?.[0];
  if (!space || space.deletedAt !== null || !(await pageInCurrentRevision(ctx, space, d.pageId))) {
    throw badRequest("body.destination.pageId: is not a page of the site space's content");
  }
}

/** Runs a write, turning the (site, source) unique index's refusal into the contract's 409. */
async function uniqueSource<T>(source: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, "site_redirects.site_id"))
      throw conflict(`A redirect from "${source}" already exists on this site`);
    throw error;
  }
}

/** createSiteRedirect (`create` and up): `source` unique per site (409), the destination in the site (400). */
export async function createSiteRedirect(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  input: { source: string; destination: SiteRedirectDestination },
): Promise<SiteRedirectRow> {
  const site = await loadSite(ctx, organizationId, siteId);
  authorize(site.access, "site.manage", "Site");
  const destination = cleanDestination(input.destination);
  await checkDestination(ctx, siteId, destination);
  const row: SiteRedirectRow = {
    id: newId(),
    siteId,
    organizationId,
    source: input.source,
    destination,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  await uniqueSource(input.source, () => batch(ctx.db, [ctx.db.insert(siteRedirects).values(row)]));
  return row;
}

/** listSiteRedirects (members): the site's redirects, oldest first. */
export async function listSiteRedirects(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  page: PageRequest,
): Promise<Page<SiteRedirectRow>> {
  await loadSite(ctx, organizationId, siteId);
  const where = eq(siteRedirects.siteId, siteId);
  return keysetPage(ctx.db, {
    page,
    keys: [
      { column: siteRedirects.createdAt, direction: "asc", value: (r: SiteRedirectRow) => r.createdAt },
      { column: siteRedirects.id, direction: "asc", value: (r: SiteRedirectRow) => r.id },
    ],
    rows: (after, orderBy, limit) =>
      ctx.db
        .select()
        .from(siteRedirects)
        .where(and(where, after))
        .orderBy(...orderBy)
        .limit(limit),
    count: ctx.db.select({ count: sql<number>`count(*)` }).from(siteRedirects).where(where),
  });
}

/** updateSiteRedirectById (`create` and up): `source` (unique per site, 409) and/or `destination` (checked). */
export async function updateSiteRedirect(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  redirectId: string,
  patch: { source?: string; destination?: SiteRedirectDestination },
): Promise<SiteRedirectRow> {
  const site = await loadSite(ctx, organizationId, siteId);
  authorize(site.access, "site.manage", "Site");
  const set: Partial<SiteRedirectRow> = { updatedAt: ctx.now };
  if (patch.source !== undefined) set.source = patch.source;
  if (patch.destination !== undefined) {
    set.destination = cleanDestination(patch.destination);
    await checkDestination(ctx, siteId, set.destination);
  }
  const [[row]] = await uniqueSource(patch.source, () =>
    batch(ctx.db, [
      ctx.db
        .update(siteRedirects)
        .set(set)
        .where(and(eq(siteRedirects.id, redirectId), eq(siteRedirects.siteId, siteId)))
        .returning(),
    ]),
  );
  if (!row) throw notFound("Site redirect");
  return row;
}

/** deleteSiteRedirectById (`create` and up): false when absent. */
export async function deleteSiteRedirect(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  redirectId: string,
) {
  const site = await loadSite(ctx, organizationId, siteId);
  authorize(site.access, "site.manage", "Site");
  const [removed] = await batch(ctx.db, [
    ctx.db
      .delete(siteRedirects)
      .where(and(eq(siteRedirects.id, redirectId), eq(siteRedirects.siteId, siteId)))
      .returning({ id: siteRedirects.id }),
  ]);
  return removed.length > 0;
}

/**
 * getSiteRedirectBySource (members, and visitors of the published site): the redirect from `source` and its
 * destination's published path, 404 when there is none or its destination no longer exists (a deleted site
 * space, section, space or page) or is hidden from the visitor (adaptive content).
 *
 * The target is a path relative to the site's root, every level spelled out: a site space is
 * `/<section path>/<site space path>` (no section segment at the root), a section is its path followed by its
 * default site space's, a page is its site space's path followed by the page's path. Absolute URLs (with the
 * site's host or share key, and defaults elided as the renderer routes them) come when the published-site
 * renderer lands.
 */
export async function getSiteRedirectBySource(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  source: string,
): Promise<ResolvedSiteRedirect> {
  const site = await loadSite(ctx, organizationId, siteId, { visitors: true });
  const [[row], allVariants, allSections] = await batch(ctx.db, [
    ctx.db
      .select()
      .from(siteRedirects)
      .where(and(eq(siteRedirects.siteId, siteId), eq(siteRedirects.source, source)))
      .limit(1),
    ctx.db.select().from(siteSpaces).where(eq(siteSpaces.siteId, siteId)),
    ctx.db.select().from(siteSections).where(eq(siteSections.siteId, siteId)),
  ]);
  if (!row) throw notFound("Site redirect");
  // A destination adaptive content hides from a visitor is gone for them.
  const shown = shownTo(site);
  const sections = allSections.filter(shown.shows);
  const variants = allVariants.filter(shown.shows);
  const gone = () => notFound("Site redirect destination");
  const siteSpacePath = (siteSpaceId: string | null) => {
    const variant = variants.find((v) => v.id === siteSpaceId);
    if (!variant) return undefined;
    const section = variant.sectionId === null ? undefined : sections.find((s) => s.id === variant.sectionId);
    return `${section ? `/${section.path}` : ""}/${variant.path}`;
  };
  const d = row.destination;
  if (d.kind === "site-section") {
    const section = sections.find((s) => s.id === d.siteSectionId);
    if (!section) throw gone();
    return { row, target: siteSpacePath(section.defaultSiteSpaceId) ?? `/${section.path}` };
  }
  const base = siteSpacePath(d.siteSpaceId);
  if (base === undefined) throw gone();
  if (d.kind === "site-space") return { row, target: base };
  const spaceId = variants.find((v) => v.id === d.siteSpaceId)!.spaceId;
  const [space] = await ctx.db
    .select({ id: spaces.id, revisionId: spaces.revisionId, deletedAt: spaces.deletedAt })
    .from(spaces)
    .where(eq(spaces.id, spaceId));
  if (!space || space.deletedAt !== null) throw gone();
  const snapshot = await loadSnapshot(ctx, space.id, space.revisionId);
  if (!snapshot.pages.has(d.pageId)) throw gone();
  return { row, target: `${base}/${pagePath(snapshot, d.pageId)}` };
}
