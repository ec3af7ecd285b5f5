import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { memberOidcSignIns } from "../../db/schema";
import type { Env } from "../../env";
import { sha256Hex } from "../../lib/crypto";
import { planSession } from "../auth";
import type { UrlBases } from "../core";
import {
  MEMBER_OIDC_SCOPES,
  type MemberOidcProviderRow,
  memberOidcProviderForSignIn,
  openMemberOidcSecret,
} from "../people";
import type { SignedIn } from "./acs";
import { isEmail, signInMember } from "./members";
import { authorizationRequest, callbackParams, providerError, random, redeemCode } from "./oidc";
import { recordRefusal, SsoRefusal } from "./refusal";
import { memberElsewhere, planSsoSession } from "./sessions";

/**
 * A member's sign-in to an organization through its OpenID Connect provider: the SAML sign-in's twin (acs.ts),
 * over the relying party site visitors use too (oidc.ts). The start remembers the sign-in for 10 minutes, found by
 * the SHA-256 of its `state` and bound to the browser by a random value in a short-lived cookie (only its SHA-256
 * is stored; the PKCE verifier is derived from it). The callback consumes it once, exchanges the code, verifies the
 * ID token (signature, `iss`, `aud`, `exp`, nonce) and requires a verified email; then the person is signed in as
 * a SAML provider signs them in (signInMember: just-in-time membership, never another's account), with the SSO
 * session and, for a member of this organization alone, the app's session, in one batch. The sign-in is always
 * this browser's (the state is bound to it), so unlike an IdP-initiated SAML response it may open the app's.
 * Every refusal is recorded (provider `oidc:{organizationId}`) before it is rethrown.
 */
export const MEMBER_OIDC_TTL_MS = 10 * 60_000;

type Ctx = { db: Db; env: Env; urls: UrlBases; now: number };

/** The provider of `sso_sessions` and `sso_refusals` rows of an organization's OpenID sign-in. */
export const memberOidcProviderId = (organizationId: string) => `oidc:${organizationId}`;

export interface StartedMemberOidcSignIn {
  /** Where to send the browser: the provider's authorization endpoint. */
  location: string;
  /** For the browser's short-lived cookie; only its SHA-256 is stored. */
  browserSecret: string;
}

/** The organization's provider, or a 404 refusal (an organization without one, or none at all, looks the same). */
async function providerOf(db: Db, organizationId: string): Promise<MemberOidcProviderRow> {
  const provider = organizationId.length <= 64 ? await memberOidcProviderForSignIn(db, organizationId) : undefined;
  if (!provider) throw new SsoRefusal("this organization has no OpenID Connect sign-in", 404);
  return provider;
}

/** Every step's refusal recorded for the organization once its provider is known (anyone may call an unknown one). */
async function recorded<T>(ctx: Ctx, organizationId: string, step: (known: () => void) => Promise<T>): Promise<T> {
  let known = false;
  try {
    return await step(() => {
      known = true;
    });
  } catch (error) {
    throw await recordRefusal(ctx, error, {
      what: "OpenID Connect sign-in",
      providerId: memberOidcProviderId(organizationId),
      organizationId: known ? organizationId : null,
    });
  }
}

/** `/sso/oidc/{organizationId}/start[?next=]`: an authorization request for this browser. */
export function startMemberOidcSignIn(
  ctx: Ctx,
  organizationId: string,
  input: { next: string | undefined; redirectUri: string },
): Promise<StartedMemberOidcSignIn> {
  return recorded(ctx, organizationId, async (known) => {
    const provider = await providerOf(ctx.db, organizationId);
    known();
    const browserSecret = random();
    const client = { issuer: provider.issuer, clientId: provider.clientId, scopes: MEMBER_OIDC_SCOPES };
    const request = await authorizationRequest(ctx.env, client, input.redirectUri, browserSecret, ctx.now);
    await ctx.db.batch([
      ctx.db.delete(memberOidcSignIns).where(lt(memberOidcSignIns.expiresAt, ctx.now)),
      ctx.db.insert(memberOidcSignIns).values({
        id: request.stateHash,
        organizationId,
        browserHash: await sha256Hex(browserSecret),
        nonceHash: request.nonceHash,
        redirectUri: input.redirectUri,
        next: input.next ?? null,
        createdAt: ctx.now,
        expiresAt: ctx.now + MEMBER_OIDC_TTL_MS,
        usedAt: null,
      }),
    ]);
    return { location: request.location, browserSecret };
  });
}

/** `/sso/oidc/{organizationId}/callback`: the sign-in this browser started, consumed once; then the person signed in. */
export function completeMemberOidcSignIn(
  ctx: Ctx,
  organizationId: string,
  input: {
    code?: string;
    state?: string;
    error?: string;
    browserSecret: string | undefined;
    redirectUri: string;
    userAgent?: string;
  },
): Promise<SignedIn & { next: string | null }> {
  return recorded(ctx, organizationId, async (known) => {
    const provider = await providerOf(ctx.db, organizationId);
    known();
    if (input.error) throw providerError(input.error);
    const { code, state } = callbackParams(input);
    const browserHash = input.browserSecret ? await sha256Hex(input.browserSecret) : "";
    const [[request]] = await ctx.db.batch([
      ctx.db
        .update(memberOidcSignIns)
        .set({ usedAt: ctx.now })
        .where(
          and(
            eq(memberOidcSignIns.id, await sha256Hex(state)),
            eq(memberOidcSignIns.organizationId, organizationId),
            eq(memberOidcSignIns.browserHash, browserHash),
            isNull(memberOidcSignIns.usedAt),
            gt(memberOidcSignIns.expiresAt, ctx.now),
          ),
        )
        .returning(),
    ]);
    if (!request)
      throw new SsoRefusal("the state names no sign-in this browser started (unknown, expired or used)", 403);
    if (request.redirectUri !== input.redirectUri)
      throw new SsoRefusal("the sign-in was started on another address", 403);
    let clientSecret: string;
    try {
      clientSecret = await openMemberOidcSecret(ctx, provider.clientSecret);
    } catch {
      throw new SsoRefusal("the provider's client secret can no longer be read (an admin must enter it again)", 400);
    }
    const claims = await redeemCode(
      ctx.env,
      { issuer: provider.issuer, clientId: provider.clientId, clientSecret },
      { code, redirectUri: request.redirectUri, browserSecret: input.browserSecret!, nonceHash: request.nonceHash },
      ctx.now,
    );
    if (!isEmail(claims.email)) throw new SsoRefusal("the ID token names no email address", 403);
    // Only an address the provider vouches for: anyone may type an unverified one at many providers.
    if (claims.email_verified !== true) throw new SsoRefusal("the ID token's email is not verified", 403);
    const name = typeof claims.name === "string" ? claims.name.trim().slice(0, 200) : "";

    const member = await signInMember(
      ctx.db,
      { organizationId, defaultRole: provider.defaultRole, defaultTeamId: null },
      { email: claims.email.toLowerCase(), ...(name ? { displayName: name } : {}) },
      ctx.now,
    );
    const sso = await planSsoSession(
      ctx.db,
      { userId: member.userId, organizationId, providerId: memberOidcProviderId(organizationId) },
      ctx.now,
    );
    // The app's session reaches the whole account, while this provider vouches for its own organization only.
    const app = (await memberElsewhere(ctx.db, member.userId, organizationId))
      ? null
      : await planSession(ctx.db, member.userId, input.userAgent, ctx.now);
    // One batch: both sessions or neither.
    await ctx.db.batch(app ? [sso.statement, app.statement] : [sso.statement]);
    return {
      userId: member.userId,
      organizationId,
      sessionSecret: sso.secret,
      appSession: app?.session ?? null,
      next: request.next,
    };
  });
}
