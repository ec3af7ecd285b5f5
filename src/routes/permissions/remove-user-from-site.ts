import { type AppRouteHandler, defineRoute } from "../../http/router";
import { SiteUserParams } from "./schemas";
import { removeFrom } from "./handlers";

export const route = defineRoute({
  method: "delete",
  path: "/orgs/{organizationId}/sites/{siteId}/permissions/users/{userId}",
  operationId: "removeUserFromSite",
  tags: ["sites"],
  summary: "Remove a user from the site",
  description:
    "Takes back the user's grant on the site, at once: 205, or 204 when there was none. Needs `admin` on the site (an installation token: `site:permissions:write`).",
  request: {
    params: SiteUserParams,
  },
  responses: {
    204: { description: "The user had no grant on the site" },
    205: { description: "The grant was taken back" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.body(null, await removeFrom(c));
