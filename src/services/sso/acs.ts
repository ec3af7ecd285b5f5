import type { Db } from "../../db/client";
import { sha256Hex } from "../../lib/crypto";
import { type OpenedSession, planSession } from "../auth";
import type { UrlBases } from "../core";
import { consumeAssertion, verifiedAssertion } from "./assertions";
import { assertedEmail, assertedName, signInMember } from "./members";
import { activeProvider } from "./provider";
import { recordRefusal, SsoRefusal } from "./refusal";
import { memberElsewhere, planSsoSession } from "./sessions";

export interface SignedIn {
  userId: string;
  organizationId: string;
  sessionSecret: string;
  /** The app's session (services/auth), opened only for a member of this organization alone; else null. */
  appSession: OpenedSession | null;
}

/**
 * The ACS (HTTP-POST binding): verifies the response (saml-response.ts), consumes the request it answers (issued
 * here, unexpired, unused, started by this browser) or accepts an IdP-initiated one (no InResponseTo), refuses a
 * replayed assertion, signs the person in and opens a session. Every refusal is recorded before it is rethrown.
 *
 * The app's session reaches the whole account (every organization of it) while this IdP vouches for its own
 * organization only: so it is opened, beside the SSO session, only when the person is a member of no other, and
 * only for an SP-initiated sign-in (the request bound to this browser).
 */
export async function completeSamlSignIn(
  ctx: { db: Db; urls: UrlBases; now: number },
  providerId: string,
  form: { samlResponse: string | undefined; browserSecret: string | undefined; userAgent?: string },
): Promise<SignedIn> {
  let organizationId: string | null = null;
  try {
    const provider = await activeProvider(ctx.db, providerId);
    organizationId = provider.organizationId;
    if (!form.samlResponse) throw new SsoRefusal("no SAMLResponse", 400);
    const assertion = await verifiedAssertion(ctx, provider, form.samlResponse);
    const email = assertedEmail(assertion.nameId, assertion.attributes);

    // Consumed in one batch: the request (if any) and the assertion ID, each at most once.
    const browserHash = form.browserSecret ? await sha256Hex(form.browserSecret) : "";
    const answered = await consumeAssertion(ctx, provider.id, assertion, browserHash);
    if (assertion.inResponseTo !== null && !answered)
      throw new SsoRefusal("InResponseTo names no request this browser started (unknown, expired or used)");

    const member = await signInMember(
      ctx.db,
      provider,
      { email, displayName: assertedName(assertion.attributes) },
      ctx.now,
    );
    const sso = await planSsoSession(
      ctx.db,
      { userId: member.userId, organizationId: provider.organizationId, providerId: provider.id },
      ctx.now,
    );
    // Only a response to a request this browser started: an unsolicited (IdP-initiated) one could be a stranger's
    // valid response posted from their page, which must not sign this browser into their account in the app.
    const app =
      !answered || (await memberElsewhere(ctx.db, member.userId, provider.organizationId))
        ? null
        : await planSession(ctx.db, member.userId, form.userAgent, ctx.now);
    // One batch: both sessions or neither.
    await ctx.db.batch(app ? [sso.statement, app.statement] : [sso.statement]);
    return {
      userId: member.userId,
      organizationId: provider.organizationId,
      sessionSecret: sso.secret,
      appSession: app?.session ?? null,
    };
  } catch (error) {
    throw await recordRefusal(ctx, error, {
      what: "SAML sign-in",
      providerId: providerId,
      organizationId: organizationId,
    });
  }
}
