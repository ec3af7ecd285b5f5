import type { UrlBases } from "../services/core";
import type { MemberView } from "../services/people";
import type { MemberRole } from "../services/access";
import { iso } from "../lib/time";
import { presentUser } from "./user";
import type { OrganizationMember } from "../wire/member";

/** An organization member. Its id is the user's id (as in the reference's paths). */
export function presentMember(view: MemberView, urls: UrlBases): OrganizationMember {
  const { member, user } = view;
  return {
    object: "member" as const,
    id: member.userId,
    role: member.role as MemberRole,
    user: presentUser(user, urls),
    disabled: member.disabled,
    joinedAt: iso(member.joinedAt),
    ...(member.lastSeenAt != null ? { lastSeenAt: iso(member.lastSeenAt) } : {}),
    sso: member.sso,
    spaces: view.spaces ?? 0,
    teams: Number(view.teams),
  };
}
