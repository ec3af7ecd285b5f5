import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { PageQuery } from "./schemas";
import { UserPermissionList } from "../../wire/permission";
import { SiteParams } from "../../wire/params";
import { listUserPermissionsOn } from "./handlers";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites/{siteId}/permissions/users",
  operationId: "listUserPermissionsInSite",
  tags: ["sites"],
  summary: "List the users granted a role on the site",
  description:
    "Direct user grants on the site, oldest first. Needs `admin` on the site (an installation token: `site:permissions:read`).",
  request: {
    params: SiteParams,
    query: PageQuery,
  },
  responses: {
    200: json(UserPermissionList),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await listUserPermissionsOn(c), 200);
