import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentInviteLink } from "../../presenters/invite";
import { organizationAccess } from "../../services/access";
import { updateInviteLink } from "../../services/people";
import { epochMs, InviteParams } from "./schemas";
import { InviteLinkSchema, UpdateInviteBody } from "../../wire/invite";

export const route = defineRoute({
  method: "patch",
  path: "/orgs/{organizationId}/link-invites/{inviteId}",
  operationId: "updateOrganizationInviteById",
  tags: ["organization-invites"],
  summary: "Update an organization invite link (admins only)",
  request: {
    params: InviteParams,
    body: { required: true, content: { "application/json": { schema: UpdateInviteBody } } },
  },
  responses: {
    200: json(InviteLinkSchema, "The organization invite has been updated"),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId, inviteId } = c.req.valid("param");
  const body = c.req.valid("json");
  const row = await updateInviteLink(ctx, organizationId, inviteId, {
    // An organization link's role; `level` (the reference's name on space and collection links) is accepted too.
    role: body.role !== undefined ? body.role : body.level,
    expiresAt: epochMs(body.expiresAt),
    disabled: body.disabled,
  });
  return c.json(presentInviteLink(row, organizationAccess(ctx.caller, organizationId), ctx.urls), 200);
};
