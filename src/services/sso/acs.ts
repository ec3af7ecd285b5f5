import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { samlAssertions, samlRequests, ssoRefusals } from "../../db/schema";
import { sha256Hex } from "../../lib/crypto";
import { newId } from "../../lib/ids";
import type { UrlBases } from "../core";
import { samlEndpoints } from "./endpoints";
import { assertedEmail, assertedName, signInMember } from "./members";
import { activeProvider } from "./provider";
import { SsoRefusal } from "./refusal";
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
    const { acsURL, entityID } = samlEndpoints(provider.id, ctx.urls.api);
    const { verifySamlResponse } = await import("./saml-response");
    const assertion = await verifySamlResponse(form.samlResponse, {
      idpEntityId: provider.entityId,
      certificate: provider.certificate,
      spEntityId: entityID,
      acsUrl: acsURL,
      now: ctx.now,
    });
    const email = assertedEmail(assertion.nameId, assertion.attributes);

    // Consumed in one batch: the request (if any) and the assertion ID, each at most once.
    const browserHash = form.browserSecret ? await sha256Hex(form.browserSecret) : "";
    const [, , usedRequest, fresh] = await ctx.db.batch([
      ctx.db.delete(samlRequests).where(lt(samlRequests.expiresAt, ctx.now)),
      ctx.db.delete(samlAssertions).where(lt(samlAssertions.expiresAt, ctx.now)),
      ctx.db
        .update(samlRequests)
        .set({ usedAt: ctx.now })
        .where(
          and(
            eq(samlRequests.id, assertion.inResponseTo ?? ""),
            eq(samlRequests.providerId, provider.id),
            eq(samlRequests.browserHash, browserHash),
            isNull(samlRequests.usedAt),
            gt(samlRequests.expiresAt, ctx.now),
          ),
        )
        .returning({ id: samlRequests.id }),
      ctx.db
        .insert(samlAssertions)
        .values({ providerId: provider.id, assertionId: assertion.assertionId, expiresAt: assertion.notOnOrAfter })
        .onConflictDoNothing()
        .returning({ id: samlAssertions.assertionId }),
    ]);
    if (!fresh.length) throw new SsoRefusal("this assertion was already used (replay)");
    if (assertion.inResponseTo !== null && !usedRequest.length)
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
    const refusal = error instanceof SsoRefusal ? error : null;
    const reason = refusal ? refusal.reason : "internal error while verifying";
    console.warn(`SAML sign-in refused (provider ${providerId}): ${reason}`, refusal ? "" : error);
    // Recorded for a provider that exists (an unknown id is anyone's to post to: logged only).
    if (organizationId !== null)
      await ctx.db
        .insert(ssoRefusals)
        .values({ id: newId(), providerId, organizationId, reason, createdAt: ctx.now })
        .catch(() => undefined);
    throw refusal ?? new SsoRefusal("the sign-in could not be completed", 400);
  }
}
