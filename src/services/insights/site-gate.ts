import { and, eq } from "drizzle-orm";
import { batch } from "../../db/batch";
import { sites } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { authorize, can, siteAccess, siteOpenToVisitor } from "../access";
import { requireCredential, type ServiceContext } from "../core";

/**
 * Who may send a site's events and agent feedback: anyone the published site is open to (public and unlisted
 * sites to all, the others to a share key or visitor JWT for them), and members who see the site. Nothing is
 * revealed about any other site: 401 without credentials, else 404. One D1 round trip. `member` says whether the
 * caller is trusted to forward a visitor's claims (a member who sees the site).
 */
export async function admitToSite(ctx: ServiceContext, organizationId: string, siteId: string) {
  const { caller } = ctx;
  const access = caller.kind === "anonymous" ? undefined : siteAccess(caller, organizationId, siteId);
  const [[site]] = await batch(ctx.db, [
    ctx.db
      .select({ id: sites.id, published: sites.published, visibility: sites.visibility })
      .from(sites)
      .where(and(eq(sites.id, siteId), eq(sites.organizationId, organizationId)))
      .limit(1),
  ]);
  const member = can(access, "site.view");
  if (site && (member || siteOpenToVisitor(caller, site))) return { member };
  requireCredential(caller);
  authorize(access, "site.view", "Site");
  throw notFound("Site");
}

/**
 * The members' reads of a site's insights (who sees the site: every member with `read`, grants included):
 * authorizes, and gives the statement that finds the site, to ride the read's own batch.
 */
export function siteForMembers(ctx: ServiceContext, organizationId: string, siteId: string) {
  authorize(siteAccess(ctx.caller, organizationId, siteId), "site.view", "Site");
  return ctx.db
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.id, siteId), eq(sites.organizationId, organizationId)))
    .limit(1);
}
