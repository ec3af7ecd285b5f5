import { createRouter } from "../../http/router";
import * as createOrganizationInvite from "./create-organization-invite";
import * as deleteOrganizationInviteById from "./delete-organization-invite-by-id";
import * as getOrganizationInviteLink from "./get-organization-invite-link";
import * as inviteUsersToOrganization from "./invite-users-to-organization";
import * as joinOrganizationWithInvite from "./join-organization-with-invite";
import * as listOrganizationInviteLinks from "./list-organization-invite-links";
import * as updateOrganizationInviteById from "./update-organization-invite-by-id";

export default createRouter()
  .openapi(inviteUsersToOrganization.route, inviteUsersToOrganization.handler)
  .openapi(joinOrganizationWithInvite.route, joinOrganizationWithInvite.handler)
  .openapi(listOrganizationInviteLinks.route, listOrganizationInviteLinks.handler)
  .openapi(createOrganizationInvite.route, createOrganizationInvite.handler)
  .openapi(getOrganizationInviteLink.route, getOrganizationInviteLink.handler)
  .openapi(updateOrganizationInviteById.route, updateOrganizationInviteById.handler)
  .openapi(deleteOrganizationInviteById.route, deleteOrganizationInviteById.handler);
