import { createRouter } from "../../http/router";
import * as addMemberToOrganizationTeamById from "./add-member-to-organization-team-by-id";
import * as createOrganizationTeam from "./create-organization-team";
import * as deleteMemberFromOrganizationTeamById from "./delete-member-from-organization-team-by-id";
import * as getTeamInOrganizationById from "./get-team-in-organization-by-id";
import * as listTeamMembersInOrganizationById from "./list-team-members-in-organization-by-id";
import * as listTeamsInOrganizationById from "./list-teams-in-organization-by-id";
import * as removeTeamFromOrganizationById from "./remove-team-from-organization-by-id";
import * as updateMembersInOrganizationTeam from "./update-members-in-organization-team";
import * as updateTeamInOrganizationById from "./update-team-in-organization-by-id";

export default createRouter()
  .openapi(listTeamsInOrganizationById.route, listTeamsInOrganizationById.handler)
  .openapi(createOrganizationTeam.route, createOrganizationTeam.handler)
  .openapi(getTeamInOrganizationById.route, getTeamInOrganizationById.handler)
  .openapi(updateTeamInOrganizationById.route, updateTeamInOrganizationById.handler)
  .openapi(removeTeamFromOrganizationById.route, removeTeamFromOrganizationById.handler)
  .openapi(listTeamMembersInOrganizationById.route, listTeamMembersInOrganizationById.handler)
  .openapi(updateMembersInOrganizationTeam.route, updateMembersInOrganizationTeam.handler)
  .openapi(addMemberToOrganizationTeamById.route, addMemberToOrganizationTeamById.handler)
  .openapi(deleteMemberFromOrganizationTeamById.route, deleteMemberFromOrganizationTeamById.handler);
