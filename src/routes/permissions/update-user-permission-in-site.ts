import { type AppRouteHandler, defineRoute } from "../../http/router";
import { SiteUserParams, updatePermissionBody } from "./schemas";
import { updatePermissionOn } from "./handlers";

export const route = defineRoute({
  method: "patch",
  path: "/orgs/{organizationId}/sites/{siteId}/permissions/users/{userId}",
  operationId: "updateUserPermissionInSite",
  tags: ["sites"],
  summary: "Update a user's role on the site",
  description:
    "The user must hold a grant on the site (else 404); `role: null` takes it back. Needs `admin` on the site (an installation token: `site:permissions:write`).",
  request: {
    params: SiteUserParams,
    body: updatePermissionBody,
  },
  responses: {
    204: { description: "User permission was updated" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.body(null, await updatePermissionOn(c));
