import { type AppRouteHandler, defineRoute } from "../../http/router";
import { SiteTeamParams, updatePermissionBody } from "./schemas";
import { updatePermissionOn } from "./handlers";

export const route = defineRoute({
  method: "patch",
  path: "/orgs/{organizationId}/sites/{siteId}/permissions/teams/{teamId}",
  operationId: "updateTeamPermissionInSite",
  tags: ["sites"],
  summary: "Update a team's role on the site",
  description:
    "The team must hold a grant on the site (else 404); `role: null` takes it back. Needs `admin` on the site (an installation token: `site:permissions:write`).",
  request: {
    params: SiteTeamParams,
    body: updatePermissionBody,
  },
  responses: {
    204: { description: "Team permission was updated" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.body(null, await updatePermissionOn(c));
