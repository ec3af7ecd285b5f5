import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { SignJWT } from "jose";
import type { Db } from "../../db/client";
import { sitePublishingAuth, siteSignIns, sites, ssoRefusals } from "../../db/schema";
import type { Env } from "../../env";
import { base64url } from "../../lib/base64url";
import { sha256Hex } from "../../lib/crypto";
import { newId } from "../../lib/ids";
import type { UrlBases } from "../core";
import { openClientSecret, parseIdentityProvider, type SiteIdentityProvider } from "../sites";
import { SsoRefusal } from "./refusal";
import { discover, exchangeCode, verifyIdToken } from "./site-oidc";
import { SITE_RELAY_PREFIX } from "./site-saml";
import { startSamlSignIn } from "./start";

/**
 * A visitor's sign-in to a visitor-auth site through the site's identity provider (README "Private sites behind an
 * identity provider"). The start remembers the sign-in for 10 minutes, found by the SHA-256 of its `state` and
 * bound to the browser by a random value in a short-lived cookie (only its SHA-256 is stored; the PKCE verifier is
 * derived from it, so it is stored nowhere). The callback consumes it once, exchanges the code, verifies the ID
 * token and its nonce, and mints the site's own visitor JWT from the provider's claims.
 */
export const SITE_SIGN_IN_TTL_MS = 10 * 60_000;
/** The visitor JWT lives 12 hours (the 24-hour rule of visitor tokens holds). */
export const SITE_VISITOR_TOKEN_SECONDS = 12 * 3600;
const RESERVED = new Set(["iss", "aud", "exp", "nbf", "iat", "jti"]);

type Ctx = { db: Db; env: Env; now: number; urls: UrlBases };

const random = (bytes = 32) => base64url(crypto.getRandomValues(new Uint8Array(bytes)).buffer);
const sha256 = async (text: string) => base64url(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
/** The PKCE verifier of a browser's sign-in (43 characters of base64url, as RFC 7636 asks). */
const pkceVerifier = (browserSecret: string) => sha256(`quire pkce v1\0${browserSecret}`);

interface SiteForSignIn {
  siteId: string;
  organizationId: string;
  privateKey: string;
  provider: SiteIdentityProvider;
  sealedSecret: string | null;
}

/** A published visitor-auth site with an identity provider, or a 404 refusal (one batch). */
async function siteForSignIn(db: Db, siteId: string): Promise<SiteForSignIn> {
  const [[site], [auth]] = await db.batch([
    db
      .select({ organizationId: sites.organizationId, visibility: sites.visibility, published: sites.published })
      .from(sites)
      .where(eq(sites.id, siteId))
      .limit(1),
    db.select().from(sitePublishingAuth).where(eq(sitePublishingAuth.siteId, siteId)).limit(1),
  ]);
  const provider = parseIdentityProvider(auth?.identityProvider);
  if (!site || !site.published || site.visibility !== "visitor-auth" || !auth || !provider)
    throw new SsoRefusal("this site has no sign-in", 404);
  return {
    siteId,
    organizationId: site.organizationId,
    privateKey: auth.privateKey,
    provider,
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

async function refused<T>(ctx: Ctx, siteId: string, organizationId: () => string | null, run: () => Promise<T>) {
  try {
    return await run();
  } catch (error) {
    const refusal = error instanceof SsoRefusal ? error : null;
    const reason = refusal ? refusal.reason : "internal error while signing in";
    console.warn(`Site sign-in refused (site ${siteId}): ${reason}`, refusal ? "" : error);
    const org = organizationId();
    if (org !== null)
      await ctx.db
        .insert(ssoRefusals)
        .values({ id: newId(), providerId: `site:${siteId}`, organizationId: org, reason, createdAt: ctx.now })
        .catch(() => undefined);
    throw refusal ?? new SsoRefusal("the sign-in could not be completed", 400);
  }
}

export interface StartedSiteSignIn {
  /** Where to send the browser: the provider's authorization endpoint. */
  location: string;
  /** For the browser's short-lived cookie; only its SHA-256 is stored. */
  browserSecret: string;
}

/** `{base}/~auth/start`: an authorization request (code, PKCE S256, state, nonce) for this browser. */
export async function startSiteSignIn(
  ctx: Ctx,
  siteId: string,
  input: { location: string | undefined; redirectUri: string },
): Promise<StartedSiteSignIn> {
  let organizationId: string | null = null;
  return refused(
    ctx,
    siteId,
    () => organizationId,
    async () => {
      const site = await siteForSignIn(ctx.db, siteId);
      organizationId = site.organizationId;
      const location = siteLocation(input.location);
      const browserSecret = random();
      const row = {
        siteId,
        browserHash: await sha256Hex(browserSecret),
        redirectUri: input.redirectUri,
        location,
        createdAt: ctx.now,
        expiresAt: ctx.now + SITE_SIGN_IN_TTL_MS,
        usedAt: null,
      };
      if (site.provider.type === "saml") {
        // The relay state names this sign-in at the ACS (site-saml.ts), which hands the attributes back here.
        const relay = random();
        const id = await sha256Hex(relay);
        await ctx.db.batch([
          ctx.db.delete(siteSignIns).where(lt(siteSignIns.expiresAt, ctx.now)),
          ctx.db.insert(siteSignIns).values({ id, kind: "saml", nonceHash: null, ...row }),
        ]);
        const started = await startSamlSignIn(ctx, site.provider.provider, {
          signInId: id,
          relayState: `${SITE_RELAY_PREFIX}${relay}`,
          organizationId: site.organizationId,
        });
        return { location: started.location, browserSecret };
      }
      const doc = await discover(ctx.env, site.provider.issuer, ctx.now);
      const state = random();
      const nonce = random();
      await ctx.db.batch([
        ctx.db.delete(siteSignIns).where(lt(siteSignIns.expiresAt, ctx.now)),
        ctx.db
          .insert(siteSignIns)
          .values({ id: await sha256Hex(state), kind: "oidc", nonceHash: await sha256Hex(nonce), ...row }),
      ]);
      const target = new URL(doc.authorization_endpoint);
      const params = {
        response_type: "code",
        client_id: site.provider.clientId,
        redirect_uri: input.redirectUri,
        scope: site.provider.scopes.join(" "),
        state,
        nonce,
        code_challenge: await sha256(await pkceVerifier(browserSecret)),
        code_challenge_method: "S256",
      };
      for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
      return { location: target.toString(), browserSecret };
    },
  );
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

/** `{base}/~auth/callback`: the sign-in this browser started, consumed once, then the ID token verified. */
export async function completeSiteSignIn(
  ctx: Ctx,
  siteId: string,
  input: {
    code?: string;
    state?: string;
    error?: string;
    browserSecret: string | undefined;
    redirectUri: string;
  },
): Promise<SignedInVisitor> {
  let organizationId: string | null = null;
  return refused(
    ctx,
    siteId,
    () => organizationId,
    async () => {
      const site = await siteForSignIn(ctx.db, siteId);
      organizationId = site.organizationId;
      if (input.error) {
        const code = /^[\w.-]{1,64}$/.test(input.error) ? input.error : "an error";
        throw new SsoRefusal(`the identity provider answered ${code}`, 403);
      }
      if (site.provider.type === "saml") return redeemHandoff(ctx, site, input);
      if (!input.state || input.state.length > 512 || !input.code || input.code.length > 4096)
        throw new SsoRefusal("the callback has no code or state", 400);
      const browserHash = input.browserSecret ? await sha256Hex(input.browserSecret) : "";
      const [[request]] = await ctx.db.batch([
        ctx.db
          .update(siteSignIns)
          .set({ usedAt: ctx.now })
          .where(
            and(
              eq(siteSignIns.id, await sha256Hex(input.state)),
              eq(siteSignIns.siteId, siteId),
              eq(siteSignIns.kind, "oidc"),
              eq(siteSignIns.browserHash, browserHash),
              isNull(siteSignIns.usedAt),
              gt(siteSignIns.expiresAt, ctx.now),
            ),
          )
          .returning(),
      ]);
      if (!request)
        throw new SsoRefusal("the state names no sign-in this browser started (unknown, expired or used)", 403);
      if (request.redirectUri !== input.redirectUri)
        throw new SsoRefusal("the sign-in was started on another address", 403);
      if (!site.sealedSecret) throw new SsoRefusal("the site's client secret is not set", 400);
      let clientSecret: string;
      try {
        clientSecret = await openClientSecret(ctx, site.sealedSecret);
      } catch {
        throw new SsoRefusal("the site's client secret can no longer be read (enter it again)", 400);
      }
      const doc = await discover(ctx.env, site.provider.issuer, ctx.now);
      const idToken = await exchangeCode(
        ctx.env,
        doc,
        { clientId: site.provider.clientId, clientSecret },
        input.code,
        request.redirectUri,
        await pkceVerifier(input.browserSecret!),
      );
      const payload = await verifyIdToken(ctx.env, doc, site.provider.clientId, idToken, ctx.now);
      if (typeof payload.nonce !== "string" || (await sha256Hex(payload.nonce)) !== request.nonceHash)
        throw new SsoRefusal("the ID token's nonce is not this sign-in's", 403);
      return {
        visitorToken: await visitorToken(ctx, site, visitorClaims(payload, site.provider.claims)),
        location: request.location,
      };
    },
  );
}

/** The site's visitor JWT for these claims: HS256 with its publishing key, 12 hours. */
async function visitorToken(ctx: Ctx, site: SiteForSignIn, claims: Record<string, unknown>) {
  const issuedAt = Math.floor(ctx.now / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + SITE_VISITOR_TOKEN_SECONDS)
    .sign(new TextEncoder().encode(site.privateKey));
}

/**
 * The one-time code the ACS handed back (site-saml.ts): redeemed once, within 60 s, by the browser that started
 * this site's sign-in, for the claims the verified assertion gave.
 */
async function redeemHandoff(
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
