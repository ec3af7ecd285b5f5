import {
  presentSiteExternalLink,
  presentSiteSection,
  presentSiteSectionGroup,
  presentSiteSpace,
} from "../../presenters/site";
import { publishedSiteUrl } from "../../presenters/published-urls";
import { presentSpace } from "../../presenters/space";
import { publishedPathsOf } from "../../services/published";
import type { ServiceContext } from "../../services/core";
import {
  getExternalLink,
  listSiteSectionGroups,
  listSiteSections,
  listSiteSpaces,
  type SiteSectionGroupView,
  type SiteSectionView,
  type SiteSpaceView,
  type SiteStructureView,
  type StructurePointer,
} from "../../services/sites";
import { getSpace } from "../../services/spaces";

/** `urls.published` of a published site's site spaces and sections, where the renderer serves them. */
async function publishedUrls(ctx: ServiceContext, siteId: string | undefined) {
  const paths = siteId ? await publishedPathsOf(ctx.db, siteId) : undefined;
  const at = (path: string | undefined) =>
    paths && path !== undefined ? publishedSiteUrl(ctx.urls, paths.siteId, path, paths.proxy) : undefined;
  return {
    siteSpace: (id: string) => at(paths?.siteSpaces.get(id)),
    section: (id: string) => at(paths?.sections.get(id)),
  };
}

/** Site spaces with their Space objects as the caller sees them; one whose space they cannot read is left out. */
export async function presentSiteSpaces(
  ctx: ServiceContext,
  views: SiteSpaceView[],
  known?: Awaited<ReturnType<typeof publishedUrls>>,
) {
  const [urls, spaces] = await Promise.all([
    known ?? publishedUrls(ctx, views[0]?.row.siteId),
    Promise.all(
      views.map((view) =>
        getSpace(ctx, view.row.spaceId).then(
          (space) => presentSpace(space, ctx.urls),
          () => undefined,
        ),
      ),
    ),
  ]);
  return views.flatMap((view, i) =>
    spaces[i] ? [presentSiteSpace(view, spaces[i], urls.siteSpace(view.row.id))] : [],
  );
}

/** Sections with their site spaces presented as above. */
export async function presentSiteSections(ctx: ServiceContext, views: SiteSectionView[]) {
  const urls = await publishedUrls(ctx, views[0]?.row.siteId);
  return Promise.all(
    views.map(async (view) =>
      presentSiteSection(view, await presentSiteSpaces(ctx, view.siteSpaces, urls), urls.section(view.row.id)),
    ),
  );
}

/** Section groups with their sections presented as above. */
export async function presentSiteSectionGroups(ctx: ServiceContext, views: SiteSectionGroupView[]) {
  return Promise.all(
    views.map(async (view) => presentSiteSectionGroup(view, await presentSiteSections(ctx, view.sections))),
  );
}

/** A site's structure (getSiteStructure's answer): its site spaces, or its sections and groups. */
export async function presentStructure(ctx: ServiceContext, view: SiteStructureView) {
  if (view.type === "siteSpaces") {
    return { type: "siteSpaces" as const, structure: await presentSiteSpaces(ctx, view.structure) };
  }
  const structure = await Promise.all(
    view.structure.map(async (item) =>
      item.kind === "group"
        ? (await presentSiteSectionGroups(ctx, [item.view]))[0]!
        : item.kind === "link"
          ? presentSiteExternalLink(item.row)
          : (await presentSiteSections(ctx, [item.view]))[0]!,
    ),
  );
  return { type: "sections" as const, structure };
}

/** A structure item (site space, section or group) of the site, presented as the reference's SiteStructureItem. */
export async function presentStructureItem(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  item: StructurePointer,
) {
  const all = { limit: 1000 };
  if (item.type === "site-external-link") {
    return presentSiteExternalLink(await getExternalLink(ctx, organizationId, siteId, item.id));
  }
  if (item.type === "site-space") {
    const page = await listSiteSpaces(ctx, organizationId, siteId, all);
    return (
      await presentSiteSpaces(
        ctx,
        page.items.filter((v) => v.row.id === item.id),
      )
    )[0];
  }
  if (item.type === "site-section") {
    const page = await listSiteSections(ctx, organizationId, siteId, all);
    return (
      await presentSiteSections(
        ctx,
        page.items.filter((v) => v.row.id === item.id),
      )
    )[0];
  }
  const page = await listSiteSectionGroups(ctx, organizationId, siteId, all);
  return (
    await presentSiteSectionGroups(
      ctx,
      page.items.filter((v) => v.row.id === item.id),
    )
  )[0];
}
