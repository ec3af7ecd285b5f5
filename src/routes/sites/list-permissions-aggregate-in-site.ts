import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { mapPage } from "../../lib/pagination";
import { presentUser } from "../../presenters/user";
import { listSitePermissions } from "../../services/sites";
import { listEnvelope, MemberRoleOrGuestSchema, PageQuery } from "../../wire/common";
import { UserSchema } from "../../wire/user";
import { SiteParams } from "../../wire/params";

const UserSitePermissionSchema = z
  .object({
    permission: MemberRoleOrGuestSchema,
    user: UserSchema,
    origin: z.union([
      z.object({ type: z.literal("space"), space: z.string() }),
      z.object({ type: z.literal("organization"), organization: z.string() }),
      z.object({
        type: z.literal("site"),
        site: z.string(),
        reason: z.enum(["member", "team", "default"]),
        team: z.string().optional(),
      }),
    ]),
    disabled: z.boolean(),
  })
  .openapi("UserSitePermission");

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/sites/{siteId}/permissions/aggregate",
  operationId: "listPermissionsAggregateInSite",
  tags: ["sites"],
  summary: "List all sites users permissions",
  description:
    "`create` and up (an installation token: `site:permissions:read`). Every enabled member at their role on the site: the organization role raised by grants " +
    "on the site (inviteToSite; guests appear only through one). `origin` is the organization, or the site " +
    "(`reason` `member` or `team`) when a grant gives more. By user id.",
  request: { params: SiteParams, query: PageQuery },
  responses: { 200: json(listEnvelope(UserSitePermissionSchema, "UserSitePermissionList")) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const page = await listSitePermissions(ctx, p.organizationId, p.siteId, c.req.valid("query"));
  return c.json(
    mapPage(page, (view) => ({
      permission: view.permission,
      user: presentUser(view.user, ctx.urls),
      origin: view.origin,
      disabled: false,
    })),
    200,
  );
};
