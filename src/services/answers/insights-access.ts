import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sites } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { authorize, siteAccess } from "../access";
import { requireCredential, type ServiceContext } from "../core";

/**
 * Who reads a site's questions and answers (the reference's `site:insights:read`): members who may view the
 * site (its one access rule, site grants included); 401 without a token, 404 for anyone else.
 */
export function authorizeInsights(ctx: ServiceContext, organizationId: string, siteId: string) {
  requireCredential(ctx.caller);
  authorize(siteAccess(ctx.caller, organizationId, siteId), "site.view", "Site");
}

/** The site row of the organization (to ride the read's batch): empty when there is no such site. */
export const siteRow = (db: Db, organizationId: string, siteId: string) =>
  db
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.id, siteId), eq(sites.organizationId, organizationId)))
    .limit(1);

export function requireSite(rows: { id: string }[]) {
  if (!rows.length) throw notFound("Site");
}
