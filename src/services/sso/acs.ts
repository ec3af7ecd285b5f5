import type { Db } from "../../db/client";
import { sha256Hex } from "../../lib/crypto";
import type { UrlBases } from "../core";
import { consumeAssertion, verifiedAssertion } from "./assertions";
import { assertedEmail, assertedName, signInMember } from "./members";
import { activeProvider } from "./provider";
import { recordRefusal, SsoRefusal } from "./refusal";
import { createSession } from "./sessions";

export interface SignedIn {
  userId: string;
  organizationId: string;
  sessionSecret: string;
}

/**
 * The ACS (HTTP-POST binding): verifies the response (saml-response.ts), consumes the request it answers (issued
 * here, unexpired, unused, started by this browser) or accepts an IdP-initiated one (no InResponseTo), refuses a
 * replayed assertion, signs the person in and opens a session. Every refusal is recorded before it is rethrown.
 */
export async function completeSamlSignIn(
  ctx: { db: Db; urls: UrlBases; now: number },
  providerId: string,
  form: { samlResponse: string | undefined; browserSecret: string | undefined },
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
    const session = await createSession(
      ctx.db,
      { userId: member.userId, organizationId: provider.organizationId, providerId: provider.id },
      ctx.now,
    );
    return { userId: member.userId, organizationId: provider.organizationId, sessionSecret: session.secret };
  } catch (error) {
    throw await recordRefusal(ctx, error, {
      what: "SAML sign-in",
      providerId: providerId,
      organizationId: organizationId,
    });
  }
}
