import type { Db } from "../../db/client";
import { ssoRefusals } from "../../db/schema";
import { newId } from "../../lib/ids";

/**
 * Why a sign-in was refused. Shown to the browser as a plain page (4xx) and recorded; never a 500. The reason
 * says what failed, never a secret.
 */
export class SsoRefusal extends Error {
  constructor(
    readonly reason: string,
    readonly status: 400 | 403 | 404 = 403,
  ) {
    super(reason);
    this.name = "SsoRefusal";
  }
}

/**
 * A failed sign-in step's error as the refusal to throw: logged, and recorded with its reason in sso_refusals when
 * its organization is known (an unknown provider or site is anyone's to post to: logged only). An error that is no
 * refusal (a bug, a store failing) is a 400 page too, never a 500, with the error in the log only.
 */
export async function recordRefusal(
  ctx: { db: Db; now: number },
  error: unknown,
  at: { what: string; providerId: string; organizationId: string | null },
): Promise<SsoRefusal> {
  const refusal = error instanceof SsoRefusal ? error : null;
  const reason = refusal ? refusal.reason : "internal error while signing in";
  console.warn(`${at.what} refused (${at.providerId}): ${reason}`, refusal ? "" : error);
  if (at.organizationId !== null)
    await ctx.db
      .insert(ssoRefusals)
      .values({ id: newId(), providerId: at.providerId, organizationId: at.organizationId, reason, createdAt: ctx.now })
      .catch(() => undefined);
  return refusal ?? new SsoRefusal("the sign-in could not be completed", 400);
}
