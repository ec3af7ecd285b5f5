import type { IntegrationScope } from "../../db/schema";
import { scopedAccess } from "../../lib/isolate-caches";
import type { ScopedCaller, TokenInstallation } from "../core";
import type { Action, ScopedAccess } from "./permissions";

export type { ScopedCaller, TokenInstallation } from "../core";

/**
 * The scopes an installation acts with: those its integration asks for now that its admins accepted (README
 * "Integration scopes"). A scope a new version adds waits for their consent; a scope a version drops is gone at
 * once.
 */
export function consentedScopes(
  current: readonly IntegrationScope[],
  accepted: readonly IntegrationScope[],
): IntegrationScope[] {
  const ok = new Set(accepted);
  return current.filter((scope) => ok.has(scope));
}

/** The scopes an installation's integration asks for that its admins have not accepted yet. */
export function unacceptedScopes(
  current: readonly IntegrationScope[],
  accepted: readonly IntegrationScope[],
): IntegrationScope[] {
  const ok = new Set(accepted);
  return current.filter((scope) => !ok.has(scope));
}

/**
 * What each scope allows, by resource (README "Integration tokens"). Organization actions apply in the
 * installation's organization; space actions on its selected spaces (all of the organization's with selection
 * `all`); site actions on its selected sites. Scopes not listed here allow nothing through the API (they govern
 * what the integration's script may inject into published sites, or features Quire does not serve).
 */
export const SCOPE_ACTIONS: Partial<
  Record<IntegrationScope, { organization?: Action[]; space?: Action[]; site?: Action[] }>
> = {
  "space:content:read": { space: ["space.view", "space.viewContent", "comment.view"] },
  "space:content:write": {
    space: ["space.view", "space.viewContent", "comment.view", "space.edit", "space.review", "space.merge"],
  },
  "space:metadata:read": { space: ["space.view"] },
  "space:metadata:write": { space: ["space.view", "space.editMetadata"] },
  "space:views:read": { space: ["space.view"] },
  "space:git:sync": { space: ["space.view"] },
  "site:metadata:read": { site: ["site.view"] },
  "site:permissions:read": { site: ["site.view", "site.viewEffectivePermissions", "site.viewPermissions"] },
  "site:permissions:write": {
    site: ["site.view", "site.viewEffectivePermissions", "site.viewPermissions", "site.managePermissions"],
  },
  "openapi:read": { organization: ["openapi.view"] },
  "openapi:write": { organization: ["openapi.view", "openapi.create", "organization.createOpenAPISpec"] },
  "conversations:ingest": { organization: ["organization.ingestConversations"] },
};

/** Every installation token sees the organization it is installed in (and nothing else of it unless scoped). */
const ALWAYS: { organization: Action[] } = { organization: ["organization.view"] };

const memo = scopedAccess.store as WeakMap<TokenInstallation, Map<string, ScopedAccess>>;

function allowed(installation: TokenInstallation, resource: "organization" | "space" | "site"): ScopedAccess {
  let byResource = memo.get(installation);
  if (!byResource) {
    byResource = new Map();
    memo.set(installation, byResource);
  }
  let access = byResource.get(resource);
  if (!access) {
    const actions = new Set<Action>(resource === "organization" ? ALWAYS.organization : []);
    for (const scope of installation.scopes)
      for (const action of SCOPE_ACTIONS[scope]?.[resource] ?? []) actions.add(action);
    access = { scoped: actions };
    byResource.set(resource, access);
  }
  return access;
}

/** A scoped caller's access to an organization: its installation's organization only (integration tokens: none). */
export function scopedOrganizationAccess(caller: ScopedCaller, organizationId: string): ScopedAccess | undefined {
  const installation = caller.installation;
  if (!installation || installation.organizationId !== organizationId) return undefined;
  return allowed(installation, "organization");
}

/**
 * A scoped caller's access to a space: what its scopes allow on the spaces its installation selects in its
 * organization; nothing (invisible) elsewhere, published or not. A scope set without any space scope sees none.
 */
export function scopedSpaceAccess(
  caller: ScopedCaller,
  space: { id: string; organizationId: string },
): ScopedAccess | undefined {
  const installation = caller.installation;
  if (!installation || installation.organizationId !== space.organizationId) return undefined;
  if (installation.spaces !== "all" && !installation.spaces.has(space.id)) return undefined;
  const access = allowed(installation, "space");
  return access.scoped.size ? access : undefined;
}

/** A scoped caller's access to a site: as for spaces, with the installation's site selection. */
export function scopedSiteAccess(
  caller: ScopedCaller,
  site: { id: string; organizationId: string },
): ScopedAccess | undefined {
  const installation = caller.installation;
  if (!installation || installation.organizationId !== site.organizationId) return undefined;
  if (installation.sites !== "all" && !installation.sites.has(site.id)) return undefined;
  const access = allowed(installation, "site");
  return access.scoped.size ? access : undefined;
}
