import type { MemberRole, Role } from "../core";

// The roles are the caller's (services/core/caller.ts); their order and comparisons are access's.
export { ROLES } from "../core";
export type { MemberRole, Role } from "../core";

const RANK: Record<Role, number> = { admin: 6, create: 5, review: 4, edit: 3, comment: 2, read: 1 };

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && value in RANK;
}

export function roleRank(role: MemberRole | undefined): number {
  return role ? RANK[role] : 0;
}

export function atLeast(role: MemberRole | undefined, needed: Role): boolean {
  return roleRank(role) >= RANK[needed];
}

export function strongest(...roles: (MemberRole | undefined)[]): MemberRole | undefined {
  let best: MemberRole | undefined;
  for (const role of roles) {
    if (role === undefined) continue;
    if (best === undefined || roleRank(role) > roleRank(best)) best = role;
  }
  return best;
}
