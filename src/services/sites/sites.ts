import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { type Batchable, batch } from "../../db/batch";
import { isUniqueViolation } from "../../db/errors";
import {
  integrationSiteInstallations,
  type SITE_TYPES,
  sitePublishingAuth,
  siteExternalLinks,
  siteSectionGroups,
  siteSections,
  siteShareLinks,
  siteRedirects,
  siteCustomizations,
  siteSpaces,
  sites,
} from "../../db/schema";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { keysetPage, type Page, type PageRequest } from "../../lib/pagination";
import { type Access, authorize, can, organizationAccess, siteAccess, siteOpenToVisitor } from "../access";
import { requireCredential, requireUser, type ServiceContext } from "../core";
import { claimProxy } from "./custom-hostnames";
import { refreshPublishedSpaces, touchSiteSpaceDetails } from "../spaces";
import { conditionReads, hiddenFrom } from "./site-shown";

export type SiteRow = typeof sites.$inferSelect;

/** A site with how many site spaces it has and the caller's access to it (access/siteAccess: role and grants). */
export interface SiteView {
  row: SiteRow;
  siteSpaces: number;
  access: Access;
  /**
   * For a caller reading the published site as a visitor (not a member): the ids of the sections and site spaces
   * its adaptive content hides from their claims. Absent for members, who see the whole structure.
   */
  hidden?: ReadonlySet<string>;
}

// `sites.id` spelled out: drizzle writes a lone table's columns unqualified, which the subquery would read as s.id.
const siteSpaceCount = sql<number>`(SELECT count(*) FROM site_spaces s WHERE s.site_id = sites.id)`.as(
  "site_space_count",
);

/** Who may read a site: its organization's members; with `visitors`, also readers of it once published. */
export interface SiteReaders {
  /**
   * Admit the published site's audience too: anyone for a public or unlisted site, holders of a visitor pass
   * (share key or visitor JWT) for a share-link or visitor-auth one. For reads of the published experience.
   */
  visitors?: boolean;
}

/** A site of the organization the caller can see (members; see SiteReaders), or 404 (401 when anonymous without a site token). */
export async function loadSite(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  readers: SiteReaders = {},
): Promise<SiteView> {
  // A scoped token: what its scopes allow on the sites its installation selects (site:metadata:read views them).
  const access = siteAccess(ctx.caller, organizationId, siteId);
  const member = can(access, "site.view");
  if (!member && !readers.visitors) {
    requireCredential(ctx.caller);
    authorize(access, "site.view", "Site");
  }
  const visitor = !member && readers.visitors;
  const [[found], ...conditioned] = await batch(ctx.db, [
    ctx.db
      .select({ row: sites, siteSpaces: siteSpaceCount })
      .from(sites)
      .where(and(eq(sites.id, siteId), eq(sites.organizationId, organizationId)))
      .limit(1),
    // A visitor's view hides what adaptive content hides: the conditions ride the same round trip.
    ...(visitor ? conditionReads(ctx.db, siteId) : []),
  ]);
  if (!found || (!member && !siteOpenToVisitor(ctx.caller, found.row))) {
    requireCredential(ctx.caller);
    throw notFound("Site");
  }
  const view: SiteView = { row: found.row, siteSpaces: Number(found.siteSpaces), access };
  return visitor ? { ...view, hidden: hiddenFrom(ctx.caller, found.row, conditioned) } : view;
}

export function getSite(ctx: ServiceContext, organizationId: string, siteId: string) {
  return loadSite(ctx, organizationId, siteId);
}

export interface SiteListQuery extends PageRequest {
  space?: string;
  title?: string;
  published?: boolean;
  type?: (typeof SITE_TYPES)[number][];
}

/**
 * listSites: the organization's sites (members; a guest, only the sites granted to them), oldest first, with the
 * reference's filters.
 */
export async function listSites(
  ctx: ServiceContext,
  organizationId: string,
  q: SiteListQuery,
): Promise<Page<SiteView>> {
  const caller = requireUser(ctx.caller);
  const access = organizationAccess(caller, organizationId);
  const granted = [...(caller.grants?.sites.keys() ?? [])];
  const onlyGranted = !can(access, "site.view") && access !== undefined && granted.length > 0;
  if (!onlyGranted) authorize(access, "site.view", "Organization");
  const title = q.title?.trim().toLowerCase();
  const where = and(
    eq(sites.organizationId, organizationId),
    onlyGranted ? sql`${sites.id} IN (SELECT value FROM json_each(${JSON.stringify(granted)}))` : undefined,
    q.space
      ? sql`EXISTS (SELECT 1 FROM site_spaces s WHERE s.site_id = sites.id AND s.space_id = ${q.space})`
      : undefined,
    title ? sql`instr(lower(${sites.title}), ${title}) > 0` : undefined,
    q.published === undefined ? undefined : eq(sites.published, q.published),
    q.type?.length ? inArray(sites.type, q.type) : undefined,
  );
  type Row = { row: SiteRow; siteSpaces: number };
  const page = await keysetPage(ctx.db, {
    page: q,
    keys: [
      { column: sites.createdAt, direction: "asc", value: (r: Row) => r.row.createdAt },
      { column: sites.id, direction: "asc", value: (r: Row) => r.row.id },
    ],
    rows: (after, orderBy, limit) =>
      ctx.db
        .select({ row: sites, siteSpaces: siteSpaceCount })
        .from(sites)
        .where(and(where, after))
        .orderBy(...orderBy)
        .limit(limit),
    count: ctx.db.select({ count: sql<number>`count(*)` }).from(sites).where(where),
  });
  // Each site at the caller's access to it: their grants on it raise their organization role there.
  return {
    ...page,
    items: page.items.map((r) => ({
      row: r.row,
      siteSpaces: Number(r.siteSpaces),
      access: siteAccess(ctx.caller, organizationId, r.row.id),
    })),
  };
}

export interface SitePatch {
  title?: string;
  visibility?: SiteRow["visibility"];
  basename?: string;
  adaptiveContent?: { enabled: boolean };
  agentsContext?: SiteRow["agentsContext"];
  defaultSiteSpace?: string;
  defaultSiteSection?: string;
  proxy?: string | null;
}

/** updateSiteById (`create` and up); the default site space and section must be the site's own (400). */
export async function updateSite(ctx: ServiceContext, organizationId: string, siteId: string, patch: SitePatch) {
  const site = await loadSite(ctx, organizationId, siteId);
  authorize(site.access, "site.manage", "Site");
  const [ownSpace, ownSection] = await batch(ctx.db, [
    patch.defaultSiteSpace
      ? ctx.db
          .select({ id: siteSpaces.id })
          .from(siteSpaces)
          .where(and(eq(siteSpaces.id, patch.defaultSiteSpace), eq(siteSpaces.siteId, siteId)))
      : undefined,
    patch.defaultSiteSection
      ? ctx.db
          .select({ id: siteSections.id })
          .from(siteSections)
          .where(and(eq(siteSections.id, patch.defaultSiteSection), eq(siteSections.siteId, siteId)))
      : undefined,
  ]);
  if (patch.defaultSiteSpace && !ownSpace?.length)
    throw badRequest("defaultSiteSpace: is not a site space of this site");
  if (patch.defaultSiteSection && !ownSection?.length) {
    throw badRequest("defaultSiteSection: is not a section of this site");
  }
  const set: Partial<SiteRow> = { updatedAt: ctx.now };
  if (patch.title !== undefined) set.title = patch.title.trim();
  if (patch.visibility !== undefined) set.visibility = patch.visibility;
  if (patch.basename !== undefined) set.basename = patch.basename;
  if (patch.adaptiveContent !== undefined) set.adaptiveContent = patch.adaptiveContent.enabled;
  if (patch.agentsContext !== undefined) set.agentsContext = patch.agentsContext;
  if (patch.defaultSiteSpace !== undefined) set.defaultSiteSpaceId = patch.defaultSiteSpace;
  if (patch.defaultSiteSection !== undefined) set.defaultSiteSectionId = patch.defaultSiteSection;
  const claim = patch.proxy === undefined ? undefined : claimProxy(ctx, site.row, patch.proxy);
  if (claim) Object.assign(set, claim.set);
  try {
    return await setSite(ctx, site, set, claim?.guard, claim?.before);
  } catch (error) {
    if (isUniqueViolation(error, "sites.organization_id, sites.proxy"))
      throw conflict(`body.proxy: is already another site's proxy`);
    if (error === GUARD_FAILED)
      throw conflict(
        `body.proxy: ${claim?.host} is another organization's custom hostname, proven by its DNS; it cannot be shared`,
      );
    throw error;
  }
}

const GUARD_FAILED = new Error("the update's guard did not hold");

async function setSite(
  ctx: ServiceContext,
  site: SiteView,
  set: Partial<SiteRow>,
  guard?: SQL,
  before?: Batchable,
): Promise<SiteView> {
  const [, [row]] = await batch(ctx.db, [
    before,
    ctx.db
      .update(sites)
      .set(set)
      .where(and(eq(sites.id, site.row.id), guard))
      .returning(),
    set.published !== undefined || set.visibility !== undefined
      ? refreshPublishedSpaces(ctx.db, site.row.organizationId, site.row.id)
      : undefined,
    // A new proxy is unverified: spaces' `urls.published` leave the old custom host.
    set.proxyStatus !== undefined ? touchSiteSpaceDetails(ctx.db, site.row.id) : undefined,
  ]);
  if (!row) throw guard ? GUARD_FAILED : notFound("Site");
  return { ...site, row };
}

/** publishSite / unpublishSite (`create` and up). */
export async function setSitePublished(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  published: boolean,
) {
  const site = await loadSite(ctx, organizationId, siteId);
  authorize(site.access, "site.manage", "Site");
  return setSite(ctx, site, { published, updatedAt: ctx.now });
}

/**
 * deleteSiteById (`create` and up): the site, its structure, share links, visitor key, redirects,
 * customization and integration site installations, never its spaces. False when absent.
 */
export async function deleteSite(ctx: ServiceContext, organizationId: string, siteId: string) {
  requireUser(ctx.caller);
  const access = siteAccess(ctx.caller, organizationId, siteId);
  authorize(access, "site.view", "Site");
  const [[existing]] = await batch(ctx.db, [
    ctx.db
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.id, siteId), eq(sites.organizationId, organizationId))),
  ]);
  if (!existing) return false;
  authorize(access, "site.manage", "Site");
  await batch(ctx.db, [
    ctx.db.delete(siteSpaces).where(eq(siteSpaces.siteId, siteId)),
    ctx.db.delete(siteSections).where(eq(siteSections.siteId, siteId)),
    ctx.db.delete(siteSectionGroups).where(eq(siteSectionGroups.siteId, siteId)),
    ctx.db.delete(siteExternalLinks).where(eq(siteExternalLinks.siteId, siteId)),
    ctx.db.delete(siteShareLinks).where(eq(siteShareLinks.siteId, siteId)),
    ctx.db.delete(sitePublishingAuth).where(eq(sitePublishingAuth.siteId, siteId)),
    ctx.db.delete(siteRedirects).where(eq(siteRedirects.siteId, siteId)),
    ctx.db.delete(siteCustomizations).where(eq(siteCustomizations.siteId, siteId)),
    ctx.db.delete(integrationSiteInstallations).where(eq(integrationSiteInstallations.siteId, siteId)),
    ctx.db.delete(sites).where(eq(sites.id, siteId)),
    refreshPublishedSpaces(ctx.db, organizationId, siteId),
  ]);
  return true;
}
