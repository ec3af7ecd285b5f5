import { presentSiteSection, presentSiteSectionGroup, presentSiteSpace } from "../../presenters/site";
import { presentSpace } from "../../presenters/space";
import type { ServiceContext } from "../../services/core";
import type { SiteSectionGroupView, SiteSectionView, SiteSpaceView } from "../../services/sites";
import { getSpace } from "../../services/spaces";

/** Site spaces with their Space objects as the caller sees them; one whose space they cannot read is left out. */
export async function presentSiteSpaces(ctx: ServiceContext, views: SiteSpaceView[]) {
  const spaces = await Promise.all(
    views.map((view) =>
      getSpace(ctx, view.row.spaceId).then(
        (space) => presentSpace(space, ctx.urls),
        () => undefined,
      ),
    ),
  );
  return views.flatMap((view, i) => (spaces[i] ? [presentSiteSpace(view, spaces[i])] : []));
}

/** Sections with their site spaces presented as above. */
export async function presentSiteSections(ctx: ServiceContext, views: SiteSectionView[]) {
  return Promise.all(
    views.map(async (view) => presentSiteSection(view, await presentSiteSpaces(ctx, view.siteSpaces))),
  );
}

/** Section groups with their sections presented as above. */
export async function presentSiteSectionGroups(ctx: ServiceContext, views: SiteSectionGroupView[]) {
  return Promise.all(
    views.map(async (view) => presentSiteSectionGroup(view, await presentSiteSections(ctx, view.sections))),
  );
}
