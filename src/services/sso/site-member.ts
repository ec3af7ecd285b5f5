import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { siteSignIns, sites } from "../../db/schema";
import { sha256Hex } from "../../lib/crypto";
import type { UrlBases } from "../core";
import { SsoRefusal } from "./refusal";
import { readSession } from "./sessions";
import { random } from "./oidc";
import { type Ctx, handBack, refused, rememberSiteSignIn, signInTo, siteLocation } from "./site-visitor";

/**
 * Members of a site's organization signed in through SSO (a live `quire_session`, sessions.ts) read its
 * visitor-auth sites. The session cookie lives on the API origin and the site may be on another host, so the site's
 * start (`{base}/~auth/start?via=member`) sends the browser to `/sso/site-member` on the API origin, which reads the
 * session and hands `{ sub, email, name, member: true, role }` back to the site's callback with a one-time code
 * (redeemed as a SAML sign-in's is, site-visitor.ts).
 */
export const MEMBER_HANDOFF_PATH = "/sso/site-member";

export async function startMemberSignIn(
  ctx: Ctx,
  siteId: string,
  input: { location: string | undefined; redirectUri: string },
): Promise<{ location: string; browserSecret: string }> {
  return signInTo(
    ctx,
    siteId,
    async () => {
      const location = siteLocation(input.location);
      const relay = random();
      const browserSecret = random();
      await rememberSiteSignIn(ctx, {
        id: await sha256Hex(relay),
        siteId,
        kind: "member",
        browserSecret,
        nonceHash: null,
        redirectUri: input.redirectUri,
        location,
      });
      return { location: `${ctx.urls.api}${MEMBER_HANDOFF_PATH}?relay=${encodeURIComponent(relay)}`, browserSecret };
    },
    true,
  );
}

/** `GET /sso/site-member?relay=…` on the API origin: the session's member handed back to the site, or a refusal. */
export async function handMemberToSite(
  ctx: { db: Db; urls: UrlBases; now: number },
  relay: string | undefined,
  sessionSecret: string | undefined,
): Promise<string> {
  if (!relay || relay.length > 128) throw new SsoRefusal("the sign-in names no site", 400);
  const id = await sha256Hex(relay);
  const [signIn] = await ctx.db
    .select({ siteId: siteSignIns.siteId, redirectUri: siteSignIns.redirectUri, organizationId: sites.organizationId })
    .from(siteSignIns)
    .innerJoin(sites, eq(sites.id, siteSignIns.siteId))
    .where(
      and(
        eq(siteSignIns.id, id),
        eq(siteSignIns.kind, "member"),
        isNull(siteSignIns.usedAt),
        gt(siteSignIns.expiresAt, ctx.now),
      ),
    )
    .limit(1);
  if (!signIn) throw new SsoRefusal("the sign-in names no site sign-in (unknown, expired or used)", 403);
  return refused(
    ctx,
    signIn.siteId,
    () => signIn.organizationId,
    async () => {
      const session = await readSession(ctx.db, sessionSecret, ctx.now);
      if (!session)
        throw new SsoRefusal("you are not signed in: sign in through your organization's identity provider first", 403);
      if (session.organizationId !== signIn.organizationId)
        throw new SsoRefusal("your sign-in is for another organization than this site's", 403);
      const claims = {
        sub: session.userId,
        email: session.email,
        name: session.displayName,
        member: true,
        role: session.role ?? "guest",
      };
      return handBack(ctx, { id, redirectUri: signIn.redirectUri }, claims);
    },
  );
}
