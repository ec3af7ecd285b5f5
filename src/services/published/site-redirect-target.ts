import { and, eq } from "drizzle-orm";
import { pagePath } from "../../content/model";
import { siteRedirects } from "../../db/schema";
import type { ServiceContext } from "../core";
import { listPages } from "../revisions";
import type { PublishedSiteData, PublishedSiteSpace } from "./site-load";
import { defaultSiteSpace, siteSpacePrefix, type Visible } from "./site-paths";

/**
 * Where a site's redirect from `source` (a path inside the site, `/a/b`) sends a visitor: the path inside the
 * site of its section, site space or page, defaults elided as the renderer routes them; undefined when there is
 * no redirect from there or its destination is gone (deleted, or hidden from this visitor).
 */
export async function siteRedirectTarget(
  ctx: ServiceContext,
  data: PublishedSiteData,
  source: string,
  visible: Visible,
): Promise<string | undefined> {
  if (source === "/" || source.length > 512) return undefined;
  const [row] = await ctx.db
    .select({ destination: siteRedirects.destination })
    .from(siteRedirects)
    .where(and(eq(siteRedirects.siteId, data.site.id), eq(siteRedirects.source, source)))
    .limit(1);
  if (!row) return undefined;
  const d = row.destination;
  const siteSpace =
    d.kind === "site-section"
      ? defaultSiteSpace(
          data,
          data.sections.find((s) => s.id === d.siteSectionId),
          visible,
        )
      : data.siteSpaces.find((s) => s.id === d.siteSpaceId && visible(s) && sectionShown(data, s, visible));
  if (!siteSpace || (d.kind === "site-section" && siteSpace.sectionId !== d.siteSectionId)) return undefined;
  const prefix = siteSpacePrefix(data, siteSpace, visible);
  if (d.kind !== "site-page") return `/${prefix}`;
  const snapshot = await listPages(
    ctx,
    siteSpace.spaceId,
    { kind: "revision", revisionId: siteSpace.revisionId },
    { computed: true },
  );
  if (!snapshot.pages.has(d.pageId)) return undefined;
  return `${prefix ? `/${prefix}` : ""}/${pagePath(snapshot, d.pageId)}`;
}

/** A site space's section is shown to the visitor (true at the site's root): a hidden section hides its variants. */
function sectionShown(data: PublishedSiteData, siteSpace: PublishedSiteSpace, visible: Visible) {
  const section = siteSpace.sectionId ? data.sections.find((s) => s.id === siteSpace.sectionId) : undefined;
  return !section || visible(section);
}
