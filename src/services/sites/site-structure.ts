import type { ServiceContext } from "../core";
import type { SiteExternalLinkRow } from "./site-external-links";
import { assemble, type SiteSectionGroupView, structureRows } from "./site-section-groups";
import type { SiteSectionView } from "./site-sections";
import type { SiteSpaceView } from "./site-spaces";
import { loadSite, type SiteView } from "./sites";

// A site's whole structure (getSiteStructure, getPublishedContentSite), from the rows site-section-groups.ts reads.

/** A site's structure: its sections and section groups (top level), or, without sections, its site spaces. */
export type SiteStructureView =
  | {
      type: "sections";
      structure: (
        | { kind: "section"; view: SiteSectionView }
        | { kind: "group"; view: SiteSectionGroupView }
        | { kind: "link"; row: SiteExternalLinkRow }
      )[];
    }
  | { type: "siteSpaces"; structure: SiteSpaceView[] };

/**
 * getSiteStructure (members, and visitors of the published site): top-level sections and groups in their shared
 * order, or the root site spaces; visitors' without what adaptive content hides from them.
 */
export async function getSiteStructure(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
): Promise<SiteStructureView> {
  return structureOf(ctx, await loadSite(ctx, organizationId, siteId, { visitors: true }));
}

/**
 * The structure of a site the caller was already admitted to; `published` (getPublishedContentSite): without
 * draft external links, even for members.
 */
export async function structureOf(
  ctx: ServiceContext,
  site: SiteView,
  options: { published?: boolean } = {},
): Promise<SiteStructureView> {
  const [groups, sections, variants, links] = await structureRows(ctx, site, options);
  if (!sections.length) {
    return {
      type: "siteSpaces",
      structure: variants
        .filter((v) => v.sectionId === null)
        .map((v) => ({ row: v, isDefault: v.id === site.row.defaultSiteSpaceId })),
    };
  }
  return { type: "sections", structure: assemble(site, groups, sections, variants, links).top };
}
