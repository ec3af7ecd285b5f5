import { and, eq, isNotNull } from "drizzle-orm";
import { organizationMembers, users } from "../../db/schema";
import { type Page, type PageRequest, pageArray } from "../../lib/pagination";
import { authorize, type MemberRole } from "../access";
import type { ServiceContext } from "../core";
import { loadSite } from "./sites";

export interface SitePermissionView {
  user: typeof users.$inferSelect;
  permission: Exclude<MemberRole, null>;
  organizationId: string;
}

/**
 * listPermissionsAggregateInSite (`create` and up): who can reach the site through the API: a site belongs to
 * its organization, so every enabled member with a role (guests have none) at that role, by user id. Readers
 * of the published site are its visibility's business, not listed here.
 */
export async function listSitePermissions(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  query: PageRequest,
): Promise<Page<SitePermissionView>> {
  const site = await loadSite(ctx, organizationId, siteId);
  authorize(site.access, "site.manage", "Site");
  const rows = await ctx.db
    .select({ user: users, role: organizationMembers.role })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        eq(organizationMembers.disabled, false),
        isNotNull(organizationMembers.role),
      ),
    );
  const all = rows
    .map((r) => ({ user: r.user, permission: r.role as Exclude<MemberRole, null>, organizationId }))
    .sort((a, b) => (a.user.id < b.user.id ? -1 : 1));
  return pageArray(all, (p) => p.user.id, query);
}
