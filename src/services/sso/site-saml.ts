import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sitePublishingAuth, siteSignIns } from "../../db/schema";
import { sha256Hex } from "../../lib/crypto";
import type { UrlBases } from "../core";
import { parseIdentityProvider } from "../sites";
import { assertedEmail, assertedName } from "./members";
import { activeProvider } from "./provider";
import { recordRefusal, SsoRefusal } from "./refusal";
import { consumeAssertion, verifiedAssertion } from "./assertions";
import { handBack, RESERVED } from "./site-visitor";
import { siteBinding } from "./start";

/**
 * A site's visitor sign-in through one of the organization's SAML providers, at the ACS. The response is verified
 * exactly as a member's (saml-response.ts), but it signs nobody in as a member and opens no session: the verified
 * attributes are handed back to the site's `~auth/callback` with a one-time code (only its SHA-256 is stored,
 * 60 s), which only the browser holding the site's sign-in cookie can redeem (site-sign-in.ts). Only SP-initiated:
 * the response must answer the AuthnRequest the site's start issued for this very sign-in.
 */
export const SITE_RELAY_PREFIX = "site:";

/** Claims of a verified assertion: `sub` (the NameID), `email`, `name`, and each attribute with a claim-like name. */
export function samlVisitorClaims(nameId: string, attributes: Record<string, string[]>): Record<string, unknown> {
  const claims: Record<string, unknown> = { sub: nameId };
  try {
    claims.email = assertedEmail(nameId, attributes);
  } catch {
    // An assertion without an email still names its subject.
  }
  const name = assertedName(attributes);
  if (name) claims.name = name;
  for (const [key, values] of Object.entries(attributes)) {
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(key) || key in claims || RESERVED.has(key)) continue;
    claims[key] = values.length === 1 ? values[0] : values;
  }
  return claims;
}

/** The ACS for a site's sign-in (`RelayState` = `site:<token>`): where to send the browser on (the site's callback). */
export async function handSamlToSite(
  ctx: { db: Db; urls: UrlBases; now: number },
  providerId: string,
  form: { samlResponse: string | undefined; relayState: string },
): Promise<string> {
  let organizationId: string | null = null;
  try {
    const provider = await activeProvider(ctx.db, providerId);
    organizationId = provider.organizationId;
    if (!form.samlResponse) throw new SsoRefusal("no SAMLResponse", 400);
    const signInId = await sha256Hex(form.relayState.slice(SITE_RELAY_PREFIX.length));
    const [[signIn]] = await ctx.db.batch([
      ctx.db
        .select({
          siteId: siteSignIns.siteId,
          redirectUri: siteSignIns.redirectUri,
          identityProvider: sitePublishingAuth.identityProvider,
        })
        .from(siteSignIns)
        .innerJoin(sitePublishingAuth, eq(sitePublishingAuth.siteId, siteSignIns.siteId))
        .where(
          and(
            eq(siteSignIns.id, signInId),
            eq(siteSignIns.kind, "saml"),
            isNull(siteSignIns.usedAt),
            gt(siteSignIns.expiresAt, ctx.now),
          ),
        )
        .limit(1),
    ]);
    const configured = parseIdentityProvider(signIn?.identityProvider);
    if (!signIn || configured?.type !== "saml" || configured.provider !== provider.id)
      throw new SsoRefusal("the relay state names no site sign-in through this provider (unknown, expired or used)");
    const assertion = await verifiedAssertion(ctx, provider, form.samlResponse);
    if (assertion.inResponseTo === null)
      throw new SsoRefusal("a site sign-in must answer the site's request (no InResponseTo)");
    if (!(await consumeAssertion(ctx, provider.id, assertion, siteBinding(signInId))))
      throw new SsoRefusal("InResponseTo names no request of this site sign-in (unknown, expired or used)");
    return await handBack(
      ctx,
      { id: signInId, redirectUri: signIn.redirectUri },
      samlVisitorClaims(assertion.nameId, assertion.attributes),
    );
  } catch (error) {
    throw await recordRefusal(ctx, error, {
      what: "SAML site sign-in",
      providerId: providerId,
      organizationId: organizationId,
    });
  }
}
