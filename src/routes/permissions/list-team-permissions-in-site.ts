import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { PageQuery } from "./schemas";
import { TeamPermissionList } from "../../wire/permission";
import { SiteParams } from "../../wire/params";
import { listTeamPermissionsOn } from "./handlers";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites/{siteId}/permissions/teams",
  operationId: "listTeamPermissionsInSite",
  tags: ["sites"],
  summary: "List the teams granted a role on the site",
  description:
    "Team grants on the site, oldest first. Needs `admin` on the site (an installation token: `site:permissions:read`).",
  request: {
    params: SiteParams,
    query: PageQuery,
  },
  responses: {
    200: json(TeamPermissionList),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await listTeamPermissionsOn(c), 200);
