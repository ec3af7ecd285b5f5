import { and, eq, gt, isNull } from "drizzle-orm";
import { siteSignIns } from "../../db/schema";
import { sha256Hex } from "../../lib/crypto";
import { openClientSecret } from "../sites";
import { SsoRefusal } from "./refusal";
import { discover, exchangeCode, verifyIdToken } from "./site-oidc";
import { SITE_RELAY_PREFIX } from "./site-saml";
import {
  type Ctx,
  pkceVerifier,
  random,
  redeemHandoff,
  rememberSiteSignIn,
  signInTo,
  type SignedInVisitor,
  sha256,
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
    const doc = await discover(ctx.env, site.provider.issuer, ctx.now);
    const state = random();
    const nonce = random();
    await rememberSiteSignIn(ctx, {
      id: await sha256Hex(state),
      kind: "oidc",
      nonceHash: await sha256Hex(nonce),
      ...row,
    });
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
      if (input.error) {
        const code = /^[\w.-]{1,64}$/.test(input.error) ? input.error : "an error";
        throw new SsoRefusal(`the identity provider answered ${code}`, 403);
      }
      // A code without a state was handed back by the ACS or the API origin (a SAML or a member sign-in).
      if (input.state === undefined || site.provider?.type !== "oidc") return redeemHandoff(ctx, site, input);
      if (input.state.length > 512 || !input.code || input.code.length > 4096)
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
    true,
  );
}
