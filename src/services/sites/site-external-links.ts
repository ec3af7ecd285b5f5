import { and, eq } from "drizzle-orm";
import { batch } from "../../db/batch";
import { siteExternalLinks, siteSectionGroups, siteSections } from "../../db/schema";
import { badRequest, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { keyBetween } from "../../lib/ordering";
import { authorize, checkCondition, evaluateCondition } from "../access";
import type { Caller, ServiceContext } from "../core";
import { adaptiveSchemaOf } from "./site-adaptive";
import { shownTo } from "./site-shown";
import { loadSite, type SiteView } from "./sites";
import { lastTopLevelKey } from "./top-level";

export type SiteExternalLinkRow = typeof siteExternalLinks.$inferSelect;

export interface ExternalLinkInput {
  title?: string;
  localizedTitle?: Record<string, string> | null;
  description?: string | null;
  localizedDescription?: Record<string, string> | null;
  icon?: string | null;
  url?: string;
  /** A section group of the site; null (update only): the site's top level. */
  parent?: string | null;
  draft?: boolean;
  condition?: string | null;
}

/**
 * Whether a caller sees an external link of a site: members all (drafts too, unless `published`); visitors (and
 * published answers) only live ones whose condition is true for their pass's claims when the site is adaptive.
 */
export function linkShownTo(caller: Caller, site: SiteView, { published = false } = {}) {
  const visitor = site.hidden !== undefined;
  const claims = caller.visitor?.sites.has(site.row.id) ? caller.visitor.claims : undefined;
  return (link: SiteExternalLinkRow) => {
    if (!visitor && !published) return true;
    if (link.draft) return false;
    if (!visitor || !site.row.adaptiveContent || !link.condition) return true;
    return evaluateCondition(link.condition, claims ?? {});
  };
}

/** The site's section group (400 naming `parent` otherwise), and the key after its last section or link. */
async function groupEnd(ctx: ServiceContext, siteId: string, groupId: string) {
  const [[group], sections, links] = await batch(ctx.db, [
    ctx.db
      .select({ id: siteSectionGroups.id })
      .from(siteSectionGroups)
      .where(and(eq(siteSectionGroups.id, groupId), eq(siteSectionGroups.siteId, siteId))),
    ctx.db.select({ sortKey: siteSections.sortKey }).from(siteSections).where(eq(siteSections.groupId, groupId)),
    ctx.db
      .select({ sortKey: siteExternalLinks.sortKey })
      .from(siteExternalLinks)
      .where(and(eq(siteExternalLinks.siteId, siteId), eq(siteExternalLinks.groupId, groupId))),
  ]);
  if (!group) throw badRequest("parent: is not a section group of this site");
  const last = [...sections, ...links]
    .map((r) => r.sortKey)
    .sort()
    .at(-1);
  return keyBetween(last ?? null, null);
}

/** A site the caller manages, which must have sections: links live in a section-based structure only. */
async function managedSectionSite(ctx: ServiceContext, organizationId: string, siteId: string) {
  const site = await loadSite(ctx, organizationId, siteId);
  authorize(site.access, "site.manage", "Site");
  return site;
}

async function requireSections(ctx: ServiceContext, siteId: string) {
  const [any] = await ctx.db
    .select({ id: siteSections.id })
    .from(siteSections)
    .where(eq(siteSections.siteId, siteId))
    .limit(1);
  if (!any) throw badRequest("External links need a site with sections (this site has a simple structure)");
}

/** addExternalLinkToSite (`create` and up): a link, last at the site's top level or in the section group `parent`. */
export async function addExternalLink(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  input: ExternalLinkInput & { title: string; url: string },
): Promise<SiteExternalLinkRow> {
  const site = await managedSectionSite(ctx, organizationId, siteId);
  await requireSections(ctx, siteId);
  if (typeof input.condition === "string") checkCondition(input.condition, adaptiveSchemaOf(site.row));
  const parent = input.parent ?? null;
  const row: SiteExternalLinkRow = {
    id: newId(),
    siteId,
    organizationId,
    groupId: parent,
    title: input.title.trim(),
    localizedTitle: input.localizedTitle ?? null,
    description: input.description ?? null,
    localizedDescription: input.localizedDescription ?? null,
    icon: input.icon ?? null,
    url: input.url,
    draft: input.draft ?? false,
    condition: input.condition ?? null,
    sortKey: parent === null ? await lastTopLevelKey(ctx, siteId) : await groupEnd(ctx, siteId, parent),
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  await ctx.db.insert(siteExternalLinks).values(row);
  return row;
}

/** updateSiteExternalLinkById (`create` and up): the fields given; `parent` moves it (last) into a group or to the root. */
export async function updateExternalLink(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  linkId: string,
  patch: ExternalLinkInput,
): Promise<SiteExternalLinkRow> {
  const site = await managedSectionSite(ctx, organizationId, siteId);
  const [current] = await ctx.db
    .select()
    .from(siteExternalLinks)
    .where(and(eq(siteExternalLinks.id, linkId), eq(siteExternalLinks.siteId, siteId)));
  if (!current) throw notFound("Site external link");
  if (typeof patch.condition === "string") checkCondition(patch.condition, adaptiveSchemaOf(site.row));
  const set: Partial<SiteExternalLinkRow> = { updatedAt: ctx.now };
  if (patch.title !== undefined) set.title = patch.title.trim();
  for (const field of ["localizedTitle", "description", "localizedDescription", "icon", "url", "draft"] as const) {
    if (patch[field] !== undefined) Object.assign(set, { [field]: patch[field] });
  }
  if (patch.condition !== undefined) set.condition = patch.condition;
  if (patch.parent !== undefined && patch.parent !== current.groupId) {
    set.groupId = patch.parent;
    set.sortKey =
      patch.parent === null ? await lastTopLevelKey(ctx, siteId) : await groupEnd(ctx, siteId, patch.parent);
  }
  const [row] = await ctx.db
    .update(siteExternalLinks)
    .set(set)
    .where(and(eq(siteExternalLinks.id, linkId), eq(siteExternalLinks.siteId, siteId)))
    .returning();
  if (!row) throw notFound("Site external link");
  return row;
}

/** deleteSiteExternalLinkById (`create` and up): false when absent. */
export async function deleteExternalLink(ctx: ServiceContext, organizationId: string, siteId: string, linkId: string) {
  await managedSectionSite(ctx, organizationId, siteId);
  const removed = await ctx.db
    .delete(siteExternalLinks)
    .where(and(eq(siteExternalLinks.id, linkId), eq(siteExternalLinks.siteId, siteId)))
    .returning({ id: siteExternalLinks.id });
  return removed.length > 0;
}

/** One external link of a site the caller may view (members: drafts too), or 404. */
export async function getExternalLink(ctx: ServiceContext, organizationId: string, siteId: string, linkId: string) {
  const site = await loadSite(ctx, organizationId, siteId);
  const [row] = await ctx.db
    .select()
    .from(siteExternalLinks)
    .where(and(eq(siteExternalLinks.id, linkId), eq(siteExternalLinks.siteId, siteId)));
  if (!row) throw notFound("Site external link");
  return shownTo(site).row(row);
}
