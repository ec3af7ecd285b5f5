import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { batch } from "../../db/batch";
import { sitePublishingAuth, sites } from "../../db/schema";
import { base62, randomBytes } from "../../lib/ids";
import { authorize } from "../access";
import type { ServiceContext } from "../core";
import { identityProviderColumns, type SiteIdentityProviderInput } from "./site-identity-provider";
import { loadSite, type SiteView } from "./sites";

export type PublishingAuthRow = typeof sitePublishingAuth.$inferSelect;

/** A site's publishing auth, with its site (whose address the sign-in callback is under). */
export interface PublishingAuthView {
  row: PublishingAuthRow;
  site: SiteView["row"];
}

/** A fresh 256-bit HS256 key for visitor JWTs. */
const newPrivateKey = () => base62(randomBytes(32));

/**
 * The site's visitor-authentication settings (`create` and up: the private key signs visitor tokens). A site
 * gets its key on first read; `INSERT … ON CONFLICT DO NOTHING` then a read keeps two first reads from making two.
 */
export async function getPublishingAuth(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
): Promise<PublishingAuthView> {
  const site = await loadSite(ctx, organizationId, siteId);
  authorize(site.access, "site.manage", "Site");
  const [, [row]] = await batch(ctx.db, [
    ctx.db
      .insert(sitePublishingAuth)
      .values({ siteId, organizationId, privateKey: newPrivateKey(), updatedAt: ctx.now })
      .onConflictDoNothing(),
    ctx.db.select().from(sitePublishingAuth).where(eq(sitePublishingAuth.siteId, siteId)),
  ]);
  return { row: row!, site: site.row };
}

/**
 * The statement that gives a visitor-auth site its key if it has none yet (what a first read of the settings does),
 * for a sign-in batch: a member may sign in to a site whose settings nobody has opened (services/sso/site-member.ts).
 */
export function ensurePublishingKey(db: Db, siteId: string, now: number) {
  return db
    .insert(sitePublishingAuth)
    .select(
      db
        .select({
          siteId: sites.id,
          organizationId: sites.organizationId,
          backend: sql<"custom">`'custom'`.as("backend"),
          privateKey: sql<string>`${newPrivateKey()}`.as("private_key"),
          fallbackUrl: sql<null>`NULL`.as("fallback_url"),
          updatedAt: sql<number>`${now}`.as("updated_at"),
          identityProvider: sql<null>`NULL`.as("identity_provider"),
          identityProviderSecret: sql<null>`NULL`.as("identity_provider_secret"),
        })
        .from(sites)
        .where(and(eq(sites.id, siteId), eq(sites.visibility, "visitor-auth"))),
    )
    .onConflictDoNothing();
}

export interface PublishingAuthPatch {
  backend: PublishingAuthRow["backend"];
  /** null removes it; absent leaves it. */
  fallbackURL?: string | null;
  /** Quire: the identity provider visitors sign in with; null removes it, absent leaves it. */
  identityProvider?: SiteIdentityProviderInput | null;
}

/** updateSitePublishingAuthById: the backend, the fallback URL and the identity provider; the key stays. */
export async function updatePublishingAuth(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  patch: PublishingAuthPatch,
): Promise<PublishingAuthView> {
  const { row: stored, site } = await getPublishingAuth(ctx, organizationId, siteId);
  const set: Partial<PublishingAuthRow> = { backend: patch.backend, updatedAt: ctx.now };
  if (patch.fallbackURL !== undefined) set.fallbackUrl = patch.fallbackURL;
  if (patch.identityProvider !== undefined)
    Object.assign(set, await identityProviderColumns(ctx, organizationId, patch.identityProvider, stored));
  const [[row]] = await batch(ctx.db, [
    ctx.db.update(sitePublishingAuth).set(set).where(eq(sitePublishingAuth.siteId, siteId)).returning(),
  ]);
  return { row: row!, site };
}

/** regenerateSitePublishingAuthById: a new private key; tokens signed with the old one stop working at once. */
export async function regeneratePublishingAuth(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
): Promise<PublishingAuthView> {
  const { site } = await getPublishingAuth(ctx, organizationId, siteId);
  const [[row]] = await batch(ctx.db, [
    ctx.db
      .update(sitePublishingAuth)
      .set({ privateKey: newPrivateKey(), updatedAt: ctx.now })
      .where(eq(sitePublishingAuth.siteId, siteId))
      .returning(),
  ]);
  return { row: row!, site };
}
