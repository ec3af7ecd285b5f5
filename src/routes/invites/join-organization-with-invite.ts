import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { joinWithInvite } from "../../services/people";
import { InviteParams } from "./schemas";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/invites/{inviteId}",
  operationId: "joinOrganizationWithInvite",
  tags: ["organization-invites"],
  summary: "Join an organization with an invite link",
  description:
    "Joins with the link's role (a member keeps a stronger role). 404 for an unknown or deleted link; 403 when the organization does not accept invite links, or the link is disabled or expired.",
  request: { params: InviteParams },
  responses: { 200: json(z.object({})) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const { organizationId, inviteId } = c.req.valid("param");
  await joinWithInvite(serviceContext(c), organizationId, inviteId);
  return c.json({}, 200);
};
