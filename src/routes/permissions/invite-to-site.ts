import { type AppRouteHandler, defineRoute } from "../../http/router";
import { inviteBody } from "./schemas";
import { SiteParams } from "../../wire/params";
import { inviteTo } from "./handlers";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/sites/{siteId}/permissions",
  operationId: "inviteToSite",
  tags: ["sites"],
  summary: "Invite users or teams to a site",
  description:
    "Grants `role` on the site (its own operations: `read` views it, `create` changes it, `admin` also manages " +
    "its permissions; never its spaces' content) to members of its organization (guests included) and its " +
    "teams; 400 naming any other. `role: null` takes the grant back. Needs `admin` on the site (an installation token: `site:permissions:write`).",
  request: {
    params: SiteParams,
    body: inviteBody,
  },
  responses: {
    204: { description: "OK" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.body(null, await inviteTo(c));
