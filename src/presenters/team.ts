import { iso } from "../lib/time";
import { type Access, permissionsObject } from "../services/access";
import { teamAccess, type TeamView } from "../services/people";
import type { OrganizationTeam } from "../wire/team";

/** A team; `organizationRole` is the caller's role in the team's organization. */
export function presentTeam(view: TeamView, organizationRole: Access): OrganizationTeam {
  return {
    object: "team" as const,
    id: view.team.id,
    title: view.team.title,
    members: Number(view.members),
    // There is no team → space grant yet: no space is shared with a team, so the count is honestly 0.
    spaces: 0,
    createdAt: iso(view.team.createdAt),
    permissions: permissionsObject(teamAccess(organizationRole, view.callerRole), {
      admin: "team.admin",
      view: "team.view",
    }),
  };
}
