import { eq, sql } from "drizzle-orm";
import { slugify } from "../../content/slug";
import { batch } from "../../db/batch";
import { abortUnless, isAborted } from "../../db/abort-unless";
import { siteSections, siteSpaces, sites } from "../../db/schema";
import { conflict } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { keyBetween } from "../../lib/ordering";
import { authorize } from "../access";
import type { ServiceContext } from "../core";
import { planSpace, refreshPublishedSpaces } from "../spaces";
import { loadSite } from "./sites";

/** The built-in template a site gets: createSite's `sample` (src/templates). */
export const DEFAULT_SITE_TEMPLATE = "getting-started";

/**
 * applyTemplateToSite (`create` and up): an empty site (no site space, no section; 409 otherwise) gets a new space
 * of the default documentation template, as createSite's `sample` makes it, published at its root as its default.
 * The site's customization stays the defaults (Quire's template has none of its own).
 */
export async function applyTemplateToSite(ctx: ServiceContext, organizationId: string, siteId: string) {
  const site = await loadSite(ctx, organizationId, siteId);
  authorize(site.access, "site.manage", "Site");
  const [[sectionCount]] = await batch(ctx.db, [
    ctx.db.select({ n: sql<number>`count(*)` }).from(siteSections).where(eq(siteSections.siteId, siteId)),
  ]);
  if (site.siteSpaces > 0 || Number(sectionCount?.n ?? 0) > 0) {
    throw conflict("The template applies to an empty site: this one already has spaces");
  }
  const space = await planSpace(ctx, organizationId, {
    title: site.row.title,
    template: { id: DEFAULT_SITE_TEMPLATE },
  });
  const row = {
    id: newId(),
    siteId,
    organizationId,
    spaceId: space.row.id,
    sectionId: null,
    path: slugify(space.row.title),
    sortKey: keyBetween(null, null),
    condition: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  // The space and its attachment land together, and only while the site is still there and empty: a concurrent
  // apply (or addSpaceToSite) keeps its own and this one writes nothing (no space left outside the site).
  const stillEmpty = sql`EXISTS (SELECT 1 FROM sites WHERE id = ${siteId})
    AND NOT EXISTS (SELECT 1 FROM site_spaces WHERE site_id = ${siteId})
    AND NOT EXISTS (SELECT 1 FROM site_sections WHERE site_id = ${siteId})`;
  try {
    await batch(ctx.db, [
      abortUnless(ctx.db, stillEmpty),
      space.statements,
      ctx.db.insert(siteSpaces).values(row),
      ctx.db.update(sites).set({ defaultSiteSpaceId: row.id, updatedAt: ctx.now }).where(eq(sites.id, siteId)),
      refreshPublishedSpaces(ctx.db, organizationId, siteId),
    ]);
  } catch (error) {
    if (isAborted(error)) throw conflict("The template applies to an empty site: a space was added meanwhile");
    throw error;
  }
  await space.landed();
  return { spaceId: space.row.id, siteSpaceId: row.id };
}
