import { type AppRouteHandler, defineRoute } from "../../http/router";
import { SiteTeamParams } from "./schemas";
import { removeFrom } from "./handlers";

export const route = defineRoute({
  method: "delete",
  path: "/orgs/{organizationId}/sites/{siteId}/permissions/teams/{teamId}",
  operationId: "removeTeamFromSite",
  tags: ["sites"],
  summary: "Remove a team from the site",
  description:
    "Takes back the team's grant on the site, at once: 205, or 204 when there was none. Needs `admin` on the site (an installation token: `site:permissions:write`).",
  request: {
    params: SiteTeamParams,
  },
  responses: {
    204: { description: "The team had no grant on the site" },
    205: { description: "The grant was taken back" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.body(null, await removeFrom(c));
