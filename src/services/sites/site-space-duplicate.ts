import { and, eq, sql } from "drizzle-orm";
import { slugify, uniqueSlug } from "../../content/slug";
import { abortUnless, isAborted } from "../../db/abort-unless";
import { batch } from "../../db/batch";
import { siteExternalLinks, siteSectionGroups, siteSections, siteSpaces } from "../../db/schema";
import { badRequest, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { keyBetween } from "../../lib/ordering";
import { authorize } from "../access";
import type { ServiceContext } from "../core";
import { planSpaceCopy, refreshPublishedSpaces } from "../spaces";
import { publishableSpaces } from "./publishable-spaces";
import type { SiteSectionRow } from "./site-sections";
import type { SiteSpaceRow, SiteSpaceView } from "./site-spaces";
import { loadSite } from "./sites";

/** The first key after `key` among `keys`, or null (the end). */
function nextKey(keys: string[], key: string): string | null {
  return (
    keys
      .filter((k) => k > key)
      .sort()
      .at(0) ?? null
  );
}

/**
 * duplicateSiteSpace (`create` and up on the site, admin of the space, and the right to create beside it): a copy
 * of the site space's space (duplicateSpace) published right after it: at the site's root for a root site space,
 * as a variant of its section when the section has others, else in a new section (its only variant) right after
 * that section. The copy's path (and the new section's) is unique at its level. Quire has no drafts (`draft`: 400).
 */
export async function duplicateSiteSpace(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  siteSpaceId: string,
  input: { draft?: boolean },
): Promise<SiteSpaceView> {
  const site = await loadSite(ctx, organizationId, siteId);
  authorize(site.access, "site.manage", "Site");
  const [[source], variants, sections, groupKeys, linkKeys] = await batch(ctx.db, [
    ctx.db
      .select()
      .from(siteSpaces)
      .where(and(eq(siteSpaces.id, siteSpaceId), eq(siteSpaces.siteId, siteId))),
    ctx.db.select().from(siteSpaces).where(eq(siteSpaces.siteId, siteId)),
    ctx.db.select().from(siteSections).where(eq(siteSections.siteId, siteId)),
    ctx.db
      .select({ sortKey: siteSectionGroups.sortKey })
      .from(siteSectionGroups)
      .where(eq(siteSectionGroups.siteId, siteId)),
    ctx.db
      .select({ sortKey: siteExternalLinks.sortKey, groupId: siteExternalLinks.groupId })
      .from(siteExternalLinks)
      .where(eq(siteExternalLinks.siteId, siteId)),
  ]);
  if (!source) throw notFound("Site space");
  if (input.draft) throw badRequest("body.draft: Quire has no draft site spaces");
  // The copy will be published as the original is: the caller must be allowed to publish the original.
  await publishableSpaces(ctx, organizationId, [source.spaceId], "siteSpaceId");
  const siblings = variants.filter((v) => v.sectionId === source.sectionId);
  const section = sections.find((s) => s.id === source.sectionId);
  const copy = await planSpaceCopy(ctx, source.spaceId);
  const row: SiteSpaceRow = {
    id: newId(),
    siteId,
    organizationId,
    spaceId: copy.row.id,
    sectionId: source.sectionId,
    path: "",
    sortKey: "",
    condition: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  let newSection: SiteSectionRow | undefined;
  if (section && siblings.length === 1) {
    // The section's only variant: the copy gets a section of its own, right after this one among its siblings.
    const peers = [
      ...sections.filter((s) => s.groupId === section.groupId).map((s) => s.sortKey),
      ...linkKeys.filter((l) => l.groupId === section.groupId).map((l) => l.sortKey),
      ...(section.groupId === null ? groupKeys.map((g) => g.sortKey) : []),
    ];
    const title = `${section.title.slice(0, 121)} (copy)`;
    newSection = {
      ...section,
      id: newId(),
      title,
      path: uniqueSlug(slugify(title), new Set(sections.map((s) => s.path))),
      sortKey: keyBetween(section.sortKey, nextKey(peers, section.sortKey)),
      defaultSiteSpaceId: row.id,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    };
    Object.assign(row, { sectionId: newSection.id, path: source.path, sortKey: keyBetween(null, null) });
  } else {
    const keys = siblings.map((v) => v.sortKey);
    row.path = uniqueSlug(slugify(copy.row.title), new Set(siblings.map((v) => v.path)));
    row.sortKey = keyBetween(source.sortKey, nextKey(keys, source.sortKey));
  }
  // The copy and its place on the site land together, and only while the original is still on the site (and
  // its section still there): a concurrent removal leaves no copy outside the site.
  const stillThere = sql`EXISTS (SELECT 1 FROM site_spaces WHERE id = ${source.id} AND site_id = ${siteId})
    ${source.sectionId ? sql`AND EXISTS (SELECT 1 FROM site_sections WHERE id = ${source.sectionId})` : sql``}`;
  try {
    await batch(ctx.db, [
      abortUnless(ctx.db, stillThere),
      copy.statements,
      newSection ? ctx.db.insert(siteSections).values(newSection) : undefined,
      ctx.db.insert(siteSpaces).values(row),
      refreshPublishedSpaces(ctx.db, organizationId, siteId),
    ]);
  } catch (error) {
    if (isAborted(error)) throw notFound("Site space");
    throw error;
  }
  await copy.landed();
  return { row, isDefault: false };
}
