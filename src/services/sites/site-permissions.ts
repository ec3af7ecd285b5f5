import type { users } from "../../db/schema";
import { type Page, type PageRequest, mapPage } from "../../lib/pagination";
import { authorize, effectivePermissions, type Role } from "../access";
import type { ServiceContext } from "../core";
import { loadSite } from "./sites";

/** Where a member's role on a site comes from: their organization role, or a grant on the site (own or a team's). */
export type SitePermissionOrigin =
  | { type: "organization"; organization: string }
  | { type: "site"; site: string; reason: "member" | "team"; team?: string };

export interface SitePermissionView {
  user: typeof users.$inferSelect;
  permission: Role;
  origin: SitePermissionOrigin;
}

/**
 * listPermissionsAggregateInSite (`create` and up): who can reach the site through the API, at the role its
 * authorization gives them (access/siteAccess): every enabled member's organization role, raised by grants on the
 * site (guests appear only through one), by user id. `origin` names the organization when its role is as strong
 * as any grant. Readers of the published site are its visibility's business, not listed here.
 */
export async function listSitePermissions(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  query: PageRequest,
): Promise<Page<SitePermissionView>> {
  const site = await loadSite(ctx, organizationId, siteId);
  authorize(site.access, "site.viewEffectivePermissions", "Site");
  const target = { kind: "site" as const, id: siteId, organizationId };
  const page = await effectivePermissions(ctx, target, { organizationId, chainIds: [], levels: [] }, query);
  return mapPage(page, (view) => {
    const source = view.through?.find((s) => s.role === view.permission);
    const origin: SitePermissionOrigin =
      !source || source.kind === "organization"
        ? { type: "organization", organization: organizationId }
        : {
            type: "site",
            site: siteId,
            reason: source.kind === "user" ? "member" : "team",
            ...(source.team ? { team: source.team } : {}),
          };
    return { user: view.user, permission: view.permission as Role, origin };
  });
}
