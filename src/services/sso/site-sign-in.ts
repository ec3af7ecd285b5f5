import { and, eq, gt, isNull } from "drizzle-orm";
import { siteSignIns } from "../../db/schema";
import { sha256Hex } from "../../lib/crypto";
import { openClientSecret } from "../sites";
import { authorizationRequest, callbackParams, providerError, random, redeemCode } from "./oidc";
import { SsoRefusal } from "./refusal";
import { SITE_RELAY_PREFIX } from "./site-saml";
import {
  type Ctx,
  redeemHandoff,
  rememberSiteSignIn,
  signInTo,
  type SignedInVisitor,
  siteLocation,
  visitorClaims,
  visitorToken,
} from "./site-visitor";
import { startSamlSignIn } from "./start";

/**
 * A visitor's sign-in to a visitor-auth site through the site's identity provider (README "Private sites behind an
 * identity provider"). The start remembers the sign-in for 10 minutes, found by the SHA-256 of its `state` and
 * bound to the browser by a random value in a short-lived cookie (only its SHA-256 is stored; the PKCE verifier is
 * derived from it, so it is stored nowhere). The callback consumes it once, exchanges the code, verifies the ID
 * token and its nonce, and mints the site's own visitor JWT from the provider's claims.
 */
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
  return signInTo(ctx, siteId, async (site) => {
    const location = siteLocation(input.location);
    const browserSecret = random();
    const row = { siteId, browserSecret, redirectUri: input.redirectUri, location };
    if (site.provider.type === "saml") {
      // The relay state names this sign-in at the ACS (site-saml.ts), which hands the attributes back here.
      const relay = random();
      const id = await sha256Hex(relay);
      await rememberSiteSignIn(ctx, { id, kind: "saml", nonceHash: null, ...row });
      const started = await startSamlSignIn(ctx, site.provider.provider, {
        site: { signInId: id, relayState: `${SITE_RELAY_PREFIX}${relay}`, organizationId: site.organizationId },
      });
      return { location: started.location, browserSecret };
    }
    const request = await authorizationRequest(ctx.env, site.provider, input.redirectUri, browserSecret, ctx.now);
    await rememberSiteSignIn(ctx, { id: request.stateHash, kind: "oidc", nonceHash: request.nonceHash, ...row });
    return { location: request.location, browserSecret };
  });
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
  // Any visitor-auth site: members come back through a handoff (site-member.ts) even where no provider is set.
  return signInTo(
    ctx,
    siteId,
    async (site) => {
      if (input.error) throw providerError(input.error);
      // A code without a state was handed back by the ACS or the API origin (a SAML or a member sign-in).
      if (input.state === undefined || site.provider?.type !== "oidc") return redeemHandoff(ctx, site, input);
      const { code, state } = callbackParams(input);
      const browserHash = input.browserSecret ? await sha256Hex(input.browserSecret) : "";
      const [[request]] = await ctx.db.batch([
        ctx.db
          .update(siteSignIns)
          .set({ usedAt: ctx.now })
          .where(
            and(
              eq(siteSignIns.id, await sha256Hex(state)),
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
      const payload = await redeemCode(
        ctx.env,
        { issuer: site.provider.issuer, clientId: site.provider.clientId, clientSecret },
        { code, redirectUri: request.redirectUri, browserSecret: input.browserSecret!, nonceHash: request.nonceHash },
        ctx.now,
      );
      return {
        visitorToken: await visitorToken(ctx, site, visitorClaims(payload, site.provider.claims)),
        location: request.location,
      };
    },
    true,
  );
}
