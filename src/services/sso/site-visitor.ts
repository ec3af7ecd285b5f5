import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { SignJWT } from "jose";
import type { Db } from "../../db/client";
import { sitePublishingAuth, siteSignIns, sites } from "../../db/schema";
import type { Env } from "../../env";
import { sha256Hex } from "../../lib/crypto";
import type { UrlBases } from "../core";
import { ensurePublishingKey, parseIdentityProvider, type SiteIdentityProvider } from "../sites";
import { random } from "./oidc";
import { recordRefusal, SsoRefusal } from "./refusal";

/**
 * What every way into a visitor-auth site shares (site-sign-in.ts: OIDC and SAML; site-member.ts: members with a
 * session): the site as a sign-in sees it, the location to return to, refusals recorded, the visitor JWT, and the
 * one-time code a sign-in finished elsewhere (the ACS, the API origin) hands back to the site's callback.
 */
export const SITE_SIGN_IN_TTL_MS = 10 * 60_000;
/** The visitor JWT lives 12 hours (the 24-hour rule of visitor tokens holds). */
export const SITE_VISITOR_TOKEN_SECONDS = 12 * 3600;
export const RESERVED = new Set(["iss", "aud", "exp", "nbf", "iat", "jti"]);

export type Ctx = { db: Db; env: Env; now: number; urls: UrlBases };

export interface SiteForSignIn {
  siteId: string;
  organizationId: string;
  privateKey: string;
  /** Absent on a visitor-auth site without one (only members sign in there, site-member.ts). */
  provider?: SiteIdentityProvider;
  sealedSecret: string | null;
}

/** A published visitor-auth site (with an identity provider unless `anyProvider`), or a 404 refusal (one batch). */
async function siteForSignIn(db: Db, siteId: string): Promise<SiteForSignIn & { provider: SiteIdentityProvider }>;
async function siteForSignIn(db: Db, siteId: string, anyProvider: true): Promise<SiteForSignIn>;
async function siteForSignIn(db: Db, siteId: string, anyProvider = false): Promise<SiteForSignIn> {
  const [, [site], [auth]] = await db.batch([
    // Members sign in to any visitor-auth site, one whose key nobody has read yet too: it gets its key here (a
    // no-op for a site that has one, as every site with an identity provider does).
    ensurePublishingKey(db, siteId, Date.now()),
    db
      .select({ organizationId: sites.organizationId, visibility: sites.visibility, published: sites.published })
      .from(sites)
      .where(eq(sites.id, siteId))
      .limit(1),
    db.select().from(sitePublishingAuth).where(eq(sitePublishingAuth.siteId, siteId)).limit(1),
  ]);
  const provider = parseIdentityProvider(auth?.identityProvider);
  if (!site?.published || site.visibility !== "visitor-auth" || !auth || (!provider && !anyProvider))
    throw new SsoRefusal("this site has no sign-in", 404);
  return {
    siteId,
    organizationId: site.organizationId,
    privateKey: auth.privateKey,
    ...(provider ? { provider } : {}),
    sealedSecret: auth.identityProviderSecret,
  };
}

/** A path on this site to come back to (`/guide?x=1`), never another origin: 400 otherwise. */
export function siteLocation(location: string | undefined): string {
  const value = location ?? "/";
  if (value.length > 2048 || !value.startsWith("/") || /[\\\u0000-\u001f]/.test(value) || value.startsWith("//"))
    throw new SsoRefusal("the location to return to is not a path on this site", 400);
  const url = new URL(value, "https://site.invalid");
  if (url.origin !== "https://site.invalid") throw new SsoRefusal("the location is not on this site", 400);
  return `${url.pathname}${url.search}`;
}

/**
 * A sign-in step of a visitor-auth site: the site loaded for it (siteForSignIn; one with an identity provider unless
 * `anyProvider`), and every refusal recorded for the site's organization once it is known.
 */
export function signInTo<T>(
  ctx: Pick<Ctx, "db" | "now">,
  siteId: string,
  run: (site: SiteForSignIn & { provider: SiteIdentityProvider }) => Promise<T>,
): Promise<T>;
export function signInTo<T>(
  ctx: Pick<Ctx, "db" | "now">,
  siteId: string,
  run: (site: SiteForSignIn) => Promise<T>,
  anyProvider: true,
): Promise<T>;
export function signInTo<T>(
  ctx: Pick<Ctx, "db" | "now">,
  siteId: string,
  run: (site: SiteForSignIn & { provider: SiteIdentityProvider }) => Promise<T>,
  anyProvider = false,
): Promise<T> {
  let organizationId: string | null = null;
  return refused(
    ctx,
    siteId,
    () => organizationId,
    async () => {
      const site = (await siteForSignIn(ctx.db, siteId, anyProvider as true)) as SiteForSignIn & {
        provider: SiteIdentityProvider;
      };
      organizationId = site.organizationId;
      return run(site);
    },
  );
}

export async function refused<T>(
  ctx: Pick<Ctx, "db" | "now">,
  siteId: string,
  organizationId: () => string | null,
  run: () => Promise<T>,
) {
  try {
    return await run();
  } catch (error) {
    throw await recordRefusal(ctx, error, {
      what: "Site sign-in",
      providerId: `site:${siteId}`,
      organizationId: organizationId(),
    });
  }
}

/** A claim at a dotted path of the ID token (`address.country`), or undefined. */
function claimAt(payload: Record<string, unknown>, path: string): unknown {
  let value: unknown = payload;
  for (const part of path.split(".")) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** The visitor claims of a verified ID token: `sub`, `email`, `name`, then the site's mapped claims. */
export function visitorClaims(payload: Record<string, unknown>, mapping: Record<string, string>) {
  const claims: Record<string, unknown> = {};
  for (const name of ["sub", "email", "name"]) if (payload[name] !== undefined) claims[name] = payload[name];
  for (const [name, path] of Object.entries(mapping)) {
    if (RESERVED.has(name)) continue;
    const value = claimAt(payload, path);
    if (value !== undefined) claims[name] = value;
  }
  return claims;
}

export interface SignedInVisitor {
  /** The site's visitor JWT (HS256 with its publishing key, 12 h). */
  visitorToken: string;
  /** The path on the site to return to. */
  location: string;
}

/** The site's visitor JWT for these claims: HS256 with its publishing key, 12 hours. */
export async function visitorToken(
  ctx: Pick<Ctx, "now">,
  site: Pick<SiteForSignIn, "privateKey">,
  claims: Record<string, unknown>,
) {
  const issuedAt = Math.floor(ctx.now / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + SITE_VISITOR_TOKEN_SECONDS)
    .sign(new TextEncoder().encode(site.privateKey));
}

/** How long a handed-back code may be redeemed. */
export const HANDOFF_TTL_MS = 60_000;

/**
 * Finishes a sign-in elsewhere (the ACS, the API origin) by handing `claims` back: the sign-in is used up and holds
 * them with the SHA-256 of a one-time code, and the answer is the site's callback with that code, for the browser
 * that started it to redeem (redeemHandoff).
 */
export async function handBack(
  ctx: Pick<Ctx, "db" | "now">,
  signIn: { id: string; redirectUri: string },
  claims: Record<string, unknown>,
): Promise<string> {
  const code = random();
  const [handed] = await ctx.db
    .update(siteSignIns)
    .set({
      usedAt: ctx.now,
      handoffHash: await sha256Hex(code),
      handoffClaims: JSON.stringify(claims),
      handoffExpiresAt: ctx.now + HANDOFF_TTL_MS,
    })
    .where(and(eq(siteSignIns.id, signIn.id), isNull(siteSignIns.usedAt)))
    .returning({ id: siteSignIns.id });
  if (!handed) throw new SsoRefusal("this site sign-in was already used", 403);
  const back = new URL(signIn.redirectUri);
  back.searchParams.set("code", code);
  return back.toString();
}

/**
 * The one-time code handed back by the ACS (site-saml.ts) or the API origin (site-member.ts): redeemed once,
 * within 60 s, by the browser that started this site's sign-in, for the claims given there.
 */
export async function redeemHandoff(
  ctx: Ctx,
  site: SiteForSignIn,
  input: { code?: string; browserSecret: string | undefined; redirectUri: string },
): Promise<SignedInVisitor> {
  if (!input.code || input.code.length > 512) throw new SsoRefusal("the callback has no code", 400);
  const browserHash = input.browserSecret ? await sha256Hex(input.browserSecret) : "";
  const handoffHash = await sha256Hex(input.code);
  // One batch: the first statement ends the code and answers its claims (RETURNING shows the row as updated, so
  // the claims are cleared by the second).
  const [[redeemed]] = await ctx.db.batch([
    ctx.db
      .update(siteSignIns)
      .set({ handoffExpiresAt: 0 })
      .where(
        and(
          eq(siteSignIns.handoffHash, handoffHash),
          eq(siteSignIns.siteId, site.siteId),
          eq(siteSignIns.browserHash, browserHash),
          eq(siteSignIns.redirectUri, input.redirectUri),
          gt(siteSignIns.handoffExpiresAt, ctx.now),
        ),
      )
      .returning(),
    ctx.db
      .update(siteSignIns)
      .set({ handoffHash: null, handoffClaims: null })
      .where(and(eq(siteSignIns.handoffHash, handoffHash), eq(siteSignIns.handoffExpiresAt, 0))),
  ]);
  if (!redeemed?.handoffClaims)
    throw new SsoRefusal("the code names no sign-in this browser started (unknown, expired or used)", 403);
  const claims = JSON.parse(redeemed.handoffClaims) as Record<string, unknown>;
  return { visitorToken: await visitorToken(ctx, site, claims), location: redeemed.location };
}

/** A sign-in in flight to remember: its id (the SHA-256 of its state or relay), kind, binding and way back. */
export interface NewSiteSignIn {
  id: string;
  siteId: string;
  kind: "oidc" | "saml" | "member";
  browserSecret: string;
  nonceHash: string | null;
  redirectUri: string;
  location: string;
}

/**
 * Remembers a started sign-in for SITE_SIGN_IN_TTL_MS, bound to the browser by the SHA-256 of its secret, in one
 * batch with the removal of expired ones (the cron removes them too).
 */
export async function rememberSiteSignIn(ctx: Pick<Ctx, "db" | "now">, signIn: NewSiteSignIn) {
  const { browserSecret, ...row } = signIn;
  await ctx.db.batch([
    ctx.db.delete(siteSignIns).where(lt(siteSignIns.expiresAt, ctx.now)),
    ctx.db.insert(siteSignIns).values({
      ...row,
      browserHash: await sha256Hex(browserSecret),
      createdAt: ctx.now,
      expiresAt: ctx.now + SITE_SIGN_IN_TTL_MS,
      usedAt: null,
    }),
  ]);
}
