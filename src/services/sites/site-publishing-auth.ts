import { eq } from "drizzle-orm";
import { batch } from "../../db/batch";
import { sitePublishingAuth } from "../../db/schema";
import { base62, randomBytes } from "../../lib/ids";
import { authorize } from "../access";
import type { ServiceContext } from "../core";
import { identityProviderColumns, type SiteIdentityProviderInput } from "./site-identity-provider";
import { loadSite } from "./sites";

export type PublishingAuthRow = typeof sitePublishingAuth.$inferSelect;

/** A fresh 256-bit HS256 key for visitor JWTs. */
const newPrivateKey = () => base62(randomBytes(32));

/**
 * The site's visitor-authentication settings (`create` and up: the private key signs visitor tokens). A site
 * gets its key on first read; `INSERT … ON CONFLICT DO NOTHING` then a read keeps two first reads from making two.
 */
export async function getPublishingAuth(ctx: ServiceContext, organizationId: string, siteId: string) {
  const site = await loadSite(ctx, organizationId, siteId);
  authorize(site.access, "site.manage", "Site");
  const [, [row]] = await batch(ctx.db, [
    ctx.db
      .insert(sitePublishingAuth)
      .values({ siteId, organizationId, privateKey: newPrivateKey(), updatedAt: ctx.now })
      .onConflictDoNothing(),
    ctx.db.select().from(sitePublishingAuth).where(eq(sitePublishingAuth.siteId, siteId)),
  ]);
  return row!;
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
) {
  const stored = await getPublishingAuth(ctx, organizationId, siteId);
  const set: Partial<PublishingAuthRow> = { backend: patch.backend, updatedAt: ctx.now };
  if (patch.fallbackURL !== undefined) set.fallbackUrl = patch.fallbackURL;
  if (patch.identityProvider !== undefined)
    Object.assign(set, await identityProviderColumns(ctx, organizationId, patch.identityProvider, stored));
  const [[row]] = await batch(ctx.db, [
    ctx.db.update(sitePublishingAuth).set(set).where(eq(sitePublishingAuth.siteId, siteId)).returning(),
  ]);
  return row!;
}

/** regenerateSitePublishingAuthById: a new private key; tokens signed with the old one stop working at once. */
export async function regeneratePublishingAuth(ctx: ServiceContext, organizationId: string, siteId: string) {
  await getPublishingAuth(ctx, organizationId, siteId);
  const [[row]] = await batch(ctx.db, [
    ctx.db
      .update(sitePublishingAuth)
      .set({ privateKey: newPrivateKey(), updatedAt: ctx.now })
      .where(eq(sitePublishingAuth.siteId, siteId))
      .returning(),
  ]);
  return row!;
}
