import { lt, or } from "drizzle-orm";
import { batch } from "../../db/batch";
import {
  memberOidcSignIns,
  samlAssertions,
  samlRequests,
  siteSignIns,
  ssoRefusals,
  ssoSessions,
} from "../../db/schema";
import { auditRetentionDays } from "../audit";
import type { JobContext } from "../core";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The daily cron's SSO housekeeping, in one batch: sign-in requests (members' SAML and OpenID ones, sites'
 * visitors') and remembered assertion IDs once expired (sign-ins prune them too, but a provider nobody uses again
 * would keep its last ones), sessions a day after they expired or were revoked, and refusals past
 * AUDIT_RETENTION_DAYS (they are the sign-in's audit trail).
 */
export async function pruneSsoRecords(ctx: JobContext): Promise<number> {
  const refusalsBefore = ctx.now - auditRetentionDays(ctx.env.AUDIT_RETENTION_DAYS) * DAY_MS;
  const sessionsBefore = ctx.now - DAY_MS;
  const results = await batch(ctx.db, [
    ctx.db.delete(samlRequests).where(lt(samlRequests.expiresAt, ctx.now)),
    ctx.db.delete(samlAssertions).where(lt(samlAssertions.expiresAt, ctx.now)),
    // Sites' visitor sign-ins (site-sign-in.ts): 10 minutes, their handoff code within them.
    ctx.db.delete(siteSignIns).where(lt(siteSignIns.expiresAt, ctx.now)),
    // Members' OpenID sign-ins (member-oidc.ts): 10 minutes.
    ctx.db.delete(memberOidcSignIns).where(lt(memberOidcSignIns.expiresAt, ctx.now)),
    ctx.db
      .delete(ssoSessions)
      .where(or(lt(ssoSessions.expiresAt, sessionsBefore), lt(ssoSessions.revokedAt, sessionsBefore))),
    ctx.db.delete(ssoRefusals).where(lt(ssoRefusals.createdAt, refusalsBefore)),
  ]);
  return results.reduce((n, r) => n + ((r as { meta?: { changes?: number } }).meta?.changes ?? 0), 0);
}
