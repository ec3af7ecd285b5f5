import { ApiError, forbidden } from "../../lib/errors";
import { atLeast, type MemberRole, type Role } from "./roles";

/**
 * The one permission function. `access` is the caller's standing on a resource:
 *   a Role, `null` (a guest member) or `undefined` (no relationship at all: the resource is invisible).
 * Each action needs a minimum role, or only "member" (any standing, guests included).
 */
export type Access = MemberRole | ScopedAccess | undefined;

/**
 * A scoped token's access to a resource (access/scoped-access.ts): exactly the actions its scopes and selection
 * allow there, whatever role they would need from a member.
 */
export interface ScopedAccess {
  readonly scoped: ReadonlySet<Action>;
}

export function isScoped(access: Access): access is ScopedAccess {
  return typeof access === "object" && access !== null;
}

const REQUIRED = {
  // organization
  "organization.view": "member",
  "organization.admin": "admin",
  "organization.ownTeam": "read",
  "organization.createContent": "create",
  "organization.createOpenAPISpec": "create",
  "organization.ingestConversations": "admin",
  "organization.viewBilling": "admin",
  "organization.listMembers": "read",
  "organization.listTeams": "read",
  "organization.listIntegrations": "read",
  "organization.listInstallations": "admin",
  "organization.installIntegration": "admin",
  "organization.leave": "member",
  "organization.manageMembers": "admin",
  "organization.manageTeams": "admin",
  "organization.manageInvites": "admin",
  "organization.manageSSO": "admin",
  // integration (access: the caller's role in its owner organization; `read` for anyone on a public one)
  "integration.view": "member",
  "integration.admin": "admin",
  // integration installation (access: the caller's role in the organization it is installed in)
  "installation.view": "read",
  "installation.admin": "admin",
  // site (access: siteAccess, the caller's organization role raised by their grants on the site)
  "site.view": "read",
  "site.manage": "create",
  // Who has a role on the site: the aggregate (`create`), the grants themselves (`admin`), changing them (`admin`).
  "site.viewEffectivePermissions": "create",
  "site.viewPermissions": "admin",
  "site.managePermissions": "admin",
  // OpenAPI spec (access: the caller's organization role)
  "openapi.view": "read",
  "openapi.create": "create",
  // translations and the translation glossary (access: the caller's organization role)
  "translation.view": "read",
  "translation.manage": "create",
  // team (access: the caller's organization role, raised to admin for the team's owners)
  "team.view": "read",
  "team.admin": "admin",
  // collection
  "collection.view": "read",
  "collection.create": "create",
  "collection.viewInviteLinks": "admin",
  "collection.admin": "admin",
  // space
  "space.view": "read",
  "space.viewContent": "read",
  "space.editMetadata": "edit",
  "space.comment": "comment",
  "space.edit": "edit",
  "space.review": "review",
  "space.merge": "review",
  "space.create": "create",
  "space.admin": "admin",
  "space.access": "admin",
  "space.viewInviteLinks": "admin",
  "space.triggerGitSync": "edit",
  "space.installIntegration": "admin",
  // comment (access: the caller's role on the comment's space; authorship is checked by commentPermissions)
  "comment.view": "read",
  "comment.post": "comment",
  "comment.react": "comment",
  "comment.resolve": "comment",
  "comment.editOwn": "comment",
  "comment.deleteAny": "admin",
} as const satisfies Record<string, Role | "member">;

export type Action = keyof typeof REQUIRED;

export function can(access: Access, action: Action): boolean {
  if (access === undefined) return false;
  if (isScoped(access)) return access.scoped.has(action);
  const needed: Role | "member" = REQUIRED[action];
  return needed === "member" ? true : atLeast(access, needed);
}

/**
 * Authorizes `action`, or throws: 404 when the caller may not even view the resource (never reveal that
 * it exists), 403 when they can see it but lack the role.
 */
export function authorize(access: Access, action: Action, resource: string): void {
  if (can(access, action)) return;
  const viewAction = `${action.split(".")[0]}.view` as Action;
  if (!can(access, viewAction)) throw new ApiError(404, `${resource} not found`);
  if (isScoped(access)) throw forbidden(`The token's scopes do not allow this action (${action})`);
  throw forbidden(`Your role does not allow this action (${action} needs ${REQUIRED[action]})`);
}

/** Builds a `permissions` object from the same rules that authorize: `{ key: can(access, action) }`. */
export function permissionsObject<K extends string>(access: Access, actions: Record<K, Action>): Record<K, boolean> {
  const out = {} as Record<K, boolean>;
  for (const key of Object.keys(actions) as K[]) out[key] = can(access, actions[key]);
  return out;
}

/**
 * A comment's or reply's `permissions`, from the same rules that authorize writes on it: the author edits and
 * deletes their own (while they keep the comment role); space admins delete anyone's; the comment role and up
 * reply; read and up view.
 */
export function commentPermissions(access: Access, callerId: string | undefined, authorId: string) {
  const own = callerId !== undefined && callerId === authorId;
  return {
    view: can(access, "comment.view"),
    edit: own && can(access, "comment.editOwn"),
    reply: can(access, "comment.post"),
    delete: (own && can(access, "comment.editOwn")) || can(access, "comment.deleteAny"),
  };
}

/** Authorizes one key of `commentPermissions` (the caller can already see the comment): 403 otherwise. */
export function authorizeComment(permissions: ReturnType<typeof commentPermissions>, key: "edit" | "reply" | "delete") {
  if (permissions[key]) return;
  throw forbidden(
    key === "reply"
      ? "Your role does not allow commenting (comment.post needs comment)"
      : `Only the author${key === "delete" ? " or a space admin" : ""} may ${key} this comment`,
  );
}
