import { asc, eq } from "drizzle-orm";
import { batch } from "../../db/batch";
import type { Db } from "../../db/client";
import { siteSectionGroups, siteSections, siteSpaces, sites } from "../../db/schema";
import type { PublishedSiteData } from "./site-load";
import { sectionPrefix, siteSpacePrefix } from "./site-paths";

/** Where a published site's site spaces and sections are read, as paths inside the site ("" for its root). */
export interface PublishedPaths {
  siteId: string;
  /** The site's custom host (`proxy`) once its DNS is verified: where these paths are served instead. */
  proxy?: string;
  siteSpaces: Map<string, string>;
  sections: Map<string, string>;
}

/**
 * The published paths of a site's structure (for `urls.published` of its site spaces and sections), by the
 * renderer's own rules (defaults elided), in one round trip; undefined while the site is unpublished. Adaptive
 * conditions are not applied: these are the URLs, whoever may open them.
 */
export async function publishedPathsOf(
  db: Db,
  siteId: string,
  { unpublished = false }: { unpublished?: boolean } = {},
): Promise<PublishedPaths | undefined> {
  const [[site], groups, sections, variants] = await batch(db, [
    db.select().from(sites).where(eq(sites.id, siteId)).limit(1),
    db.select().from(siteSectionGroups).where(eq(siteSectionGroups.siteId, siteId)),
    db.select().from(siteSections).where(eq(siteSections.siteId, siteId)).orderBy(asc(siteSections.sortKey)),
    db.select().from(siteSpaces).where(eq(siteSpaces.siteId, siteId)).orderBy(asc(siteSpaces.sortKey)),
  ]);
  // `unpublished`: where they will be once it is (a preview link's paths).
  if (!site || (!site.published && !unpublished)) return undefined;
  // The path rules read only the structure's ids, paths, keys and defaults; the space facts a page view needs
  // are not read here.
  const data = {
    site,
    groups,
    sections,
    siteSpaces: variants.map((v) => ({ ...v, spaceTitle: "", emoji: null, revisionId: "", computedSpecs: null })),
    externalLinks: [],
  } as unknown as PublishedSiteData;
  const reachable = (v: { sectionId: string | null }) =>
    sections.length ? v.sectionId !== null : v.sectionId === null;
  return {
    siteId,
    ...(site.proxyStatus === "live" && site.proxy ? { proxy: site.proxy } : {}),
    siteSpaces: new Map(data.siteSpaces.filter(reachable).map((v) => [v.id, siteSpacePrefix(data, v)] as const)),
    sections: new Map(sections.map((s) => [s.id, sectionPrefix(data, s)] as const)),
  };
}
