import { createRouter } from "../../http/router";
import * as getMemberInOrganizationById from "./get-member-in-organization-by-id";
import * as listMembersInOrganizationById from "./list-members-in-organization-by-id";
import * as listSpacesForOrganizationMember from "./list-spaces-for-organization-member";
import * as listTeamsForOrganizationMember from "./list-teams-for-organization-member";
import * as removeMemberFromOrganizationById from "./remove-member-from-organization-by-id";
import * as setUserAsSSOMemberForOrganization from "./set-user-as-sso-member-for-organization";
import * as updateMemberInOrganizationById from "./update-member-in-organization-by-id";
import * as updateOrganizationMemberLastSeenAt from "./update-organization-member-last-seen-at";

export default createRouter()
  .openapi(listMembersInOrganizationById.route, listMembersInOrganizationById.handler)
  .openapi(getMemberInOrganizationById.route, getMemberInOrganizationById.handler)
  .openapi(updateMemberInOrganizationById.route, updateMemberInOrganizationById.handler)
  .openapi(removeMemberFromOrganizationById.route, removeMemberFromOrganizationById.handler)
  .openapi(updateOrganizationMemberLastSeenAt.route, updateOrganizationMemberLastSeenAt.handler)
  .openapi(setUserAsSSOMemberForOrganization.route, setUserAsSSOMemberForOrganization.handler)
  .openapi(listSpacesForOrganizationMember.route, listSpacesForOrganizationMember.handler)
  .openapi(listTeamsForOrganizationMember.route, listTeamsForOrganizationMember.handler);
