import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { PageQuery } from "../../wire/common";
import { mapPage } from "../../lib/pagination";
import { presentInviteLink } from "../../presenters/invite";
import { organizationAccess } from "../../services/access";
import { listInviteLinks } from "../../services/people";
import { OrganizationParams } from "../../wire/params";
import { InviteLinkList } from "../../wire/invite";

export const route = defineRoute({
  method: "get",
  path: "/orgs/{organizationId}/link-invites",
  operationId: "listOrganizationInviteLinks",
  tags: ["organization-invites"],
  summary: "List organization invite links (admins only)",
  request: { params: OrganizationParams, query: PageQuery },
  responses: {
    200: json(InviteLinkList, "List of invite links in the organization"),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId } = c.req.valid("param");
  const page = await listInviteLinks(ctx, organizationId, c.req.valid("query"));
  const access = organizationAccess(ctx.caller, organizationId);
  return c.json(
    mapPage(page, (row) => presentInviteLink(row, access, ctx.urls)),
    200,
  );
};
