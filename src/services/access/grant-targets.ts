import { and, eq } from "drizzle-orm";
import { type contentGrants, sites, type StoredLevel } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { requireUser, type ServiceContext } from "../core";
import { siteAccess } from "./organization-access";
import { authorize } from "./permissions";
import { loadCollection } from "./space-access";
import { loadSpace } from "./space-read";

/** What a grant can be on (`content_grants.resource_kind`). */
export type GrantKind = (typeof contentGrants.$inferSelect)["resourceKind"];

/**
 * What a grant is on: a space, a collection (and everything under it), or a site (its own operations; the path
 * names its organization, which must be the site's).
 */
export type GrantTarget =
  | { kind: "space" | "collection"; id: string }
  | { kind: "site"; id: string; organizationId: string };

/** A target found and authorized: its organization, and what reaches it from above (collections, levels). */
export interface ManagedTarget {
  organizationId: string;
  chainIds: string[];
  levels: StoredLevel[];
}

/**
 * The target with the caller's access, authorized for reading (`view`) or changing (`manage`) its permissions
 * (`admin` on it: the space's `space.access`, the collection's `collection.admin`, the site's
 * `site.viewPermissions` / `site.managePermissions`); 404 when the caller cannot see it.
 */
export async function managedTarget(
  ctx: ServiceContext,
  target: GrantTarget,
  intent: "view" | "manage",
): Promise<ManagedTarget> {
  // An installation token acts on a site's permissions within its site:permissions:* scopes (a grant records no
  // person); elsewhere they need a person.
  const installation = ctx.caller.kind === "scoped" && ctx.caller.installation !== undefined;
  if (!(installation && target.kind === "site")) requireUser(ctx.caller);
  if (target.kind === "site") {
    const access = siteAccess(ctx.caller, target.organizationId, target.id);
    authorize(access, "site.view", "Site");
    const [found] = await ctx.db
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.id, target.id), eq(sites.organizationId, target.organizationId)))
      .limit(1);
    if (!found) throw notFound("Site");
    authorize(access, intent === "view" ? "site.viewPermissions" : "site.managePermissions", "Site");
    return { organizationId: target.organizationId, chainIds: [], levels: [] };
  }
  if (target.kind === "space") {
    const found = await loadSpace(ctx, target.id);
    if (!found || found.row.deletedAt !== null) throw notFound("Space");
    authorize(found.access, "space.access", "Space");
    return {
      organizationId: found.row.organizationId,
      chainIds: found.chain.map((c) => c.id),
      levels: [found.row.defaultLevel, ...found.chain.map((c) => c.defaultLevel)],
    };
  }
  const found = await loadCollection(ctx.db, ctx.caller, target.id);
  if (!found || found.row.deletedAt !== null) throw notFound("Collection");
  authorize(found.access, "collection.admin", "Collection");
  return {
    organizationId: found.row.organizationId,
    chainIds: found.chain.slice(1).map((c) => c.id),
    levels: found.chain.map((c) => c.defaultLevel),
  };
}
