import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentInviteLink } from "../../presenters/invite";
import { organizationAccess } from "../../services/access";
import { createInviteLink } from "../../services/people";
import type { MemberRole } from "../../services/access";
import { OrganizationParams } from "../../wire/params";
import { epochMs } from "./schemas";
import { CreateInviteBody, InviteLinkSchema } from "../../wire/invite";

export const route = defineRoute({
  method: "post",
  path: "/orgs/{organizationId}/link-invites",
  operationId: "createOrganizationInvite",
  tags: ["organization-invites"],
  summary: "Create an organization invite link (admins only)",
  request: {
    params: OrganizationParams,
    body: { required: true, content: { "application/json": { schema: CreateInviteBody } } },
  },
  responses: {
    201: json(InviteLinkSchema, "The organization invite has been created"),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId } = c.req.valid("param");
  const body = c.req.valid("json");
  const row = await createInviteLink(ctx, organizationId, {
    role: body.role as MemberRole, // present: the schema requires it for an organization link
    expiresAt: epochMs(body.expiresAt),
    disabled: body.disabled,
  });
  return c.json(presentInviteLink(row, organizationAccess(ctx.caller, organizationId), ctx.urls), 201);
};
