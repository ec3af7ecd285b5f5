import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { samlAssertions, samlRequests } from "../../db/schema";
import type { UrlBases } from "../core";
import { samlEndpoints } from "./endpoints";
import type { ActiveSamlProvider } from "./provider";
import { SsoRefusal } from "./refusal";
import type { VerifiedAssertion } from "./saml-response";

/**
 * A SAML response at a provider's ACS, verified against that provider (saml-response.ts, loaded on first use): the
 * one assertion a member's sign-in (acs.ts) and a site visitor's (site-saml.ts) read.
 */
export async function verifiedAssertion(
  ctx: { urls: UrlBases; now: number },
  provider: ActiveSamlProvider,
  samlResponse: string,
): Promise<VerifiedAssertion> {
  const { acsURL, entityID } = samlEndpoints(provider.id, ctx.urls.api);
  const { verifySamlResponse } = await import("./saml-response");
  return verifySamlResponse(samlResponse, {
    idpEntityId: provider.entityId,
    certificate: provider.certificate,
    spEntityId: entityID,
    acsUrl: acsURL,
    now: ctx.now,
  });
}

/**
 * Consumes, in one batch, the assertion's ID (remembered until it expires: a replay is refused here) and the request
 * it answers, when it is one this provider issued, unexpired, unused and bound to `binding` (the starting browser's
 * hash, or a site sign-in's). Expired rows of both leave first. Whether the request was found and consumed.
 */
export async function consumeAssertion(
  ctx: { db: Db; now: number },
  providerId: string,
  assertion: Pick<VerifiedAssertion, "assertionId" | "inResponseTo" | "notOnOrAfter">,
  binding: string,
): Promise<boolean> {
  const [, , usedRequest, fresh] = await ctx.db.batch([
    ctx.db.delete(samlRequests).where(lt(samlRequests.expiresAt, ctx.now)),
    ctx.db.delete(samlAssertions).where(lt(samlAssertions.expiresAt, ctx.now)),
    ctx.db
      .update(samlRequests)
      .set({ usedAt: ctx.now })
      .where(
        and(
          eq(samlRequests.id, assertion.inResponseTo ?? ""),
          eq(samlRequests.providerId, providerId),
          eq(samlRequests.browserHash, binding),
          isNull(samlRequests.usedAt),
          gt(samlRequests.expiresAt, ctx.now),
        ),
      )
      .returning({ id: samlRequests.id }),
    ctx.db
      .insert(samlAssertions)
      .values({ providerId, assertionId: assertion.assertionId, expiresAt: assertion.notOnOrAfter })
      .onConflictDoNothing()
      .returning({ id: samlAssertions.assertionId }),
  ]);
  if (!fresh.length) throw new SsoRefusal("this assertion was already used (replay)");
  return usedRequest.length > 0;
}
