import type { ServiceContext } from "../services/core";
import { organizationAccess } from "../services/access";
import type { TeamPermissionView, UserPermissionView } from "../services/access";
import { presentTeam } from "./team";
import { presentUser } from "./user";
import type { TeamContentPermission, UserContentPermission } from "../wire/permission";

/** A UserContentPermission: a user and their role on the content (aggregate lists: and where it comes from). */
export function presentUserPermission(view: UserPermissionView, ctx: ServiceContext): UserContentPermission {
  return {
    permission: view.permission,
    user: presentUser(view.user, ctx.urls),
    ...(view.through ? { through: view.through } : {}),
  };
}

/** A team and the role granted to it on the content. */
export function presentTeamPermission(view: TeamPermissionView, ctx: ServiceContext): TeamContentPermission {
  const team = presentTeam(
    { team: view.team, members: view.members, callerRole: null },
    organizationAccess(ctx.caller, view.team.organizationId),
  );
  return { permission: view.permission, team };
}
