import type { ServiceContext } from "../../services/core";
import { presentSite } from "../../presenters/site";
import { presentSiteInstallation } from "../../presenters/integration";
import type { SiteInstallationView } from "../../services/integrations";
import { getSite } from "../../services/sites";

/** Site installations as the reference presents them: `site` an id, or (`extended`) the Site the caller sees. */
export async function presentSiteInstallations(ctx: ServiceContext, views: SiteInstallationView[], extended: boolean) {
  const sites = extended
    ? await Promise.all(
        views.map((view) =>
          getSite(ctx, view.row.organizationId, view.row.siteId).then(
            (site) => presentSite(site, ctx.urls),
            () => undefined,
          ),
        ),
      )
    : [];
  return views.map((view, i) => presentSiteInstallation(view, ctx.urls, sites[i]));
}
