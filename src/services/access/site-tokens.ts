import { sql } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import type { Db } from "../../db/client";
import type { Env } from "../../env";
import { siteTokenPasses } from "../../lib/isolate-caches";
import type { VisitorPass } from "../core";
import { type AdmittingSite, admitSiteSpaces, JOIN_SITE_SPACES, SITE_SPACES_OF } from "./visitor-pass";
import { signingSecret } from "./signing-secret";

/**
 * Site API tokens: what resolvePublishedContentByUrl hands a renderer (GitBook Open) as `apiToken`, and what the
 * renderer then sends as `Authorization: Bearer` on its content reads. An HS256 JWT under the deployment's
 * signing secret with the reference's SiteAPIToken claims (`kind: "site"`, `organization`, `site`, `siteSpace`,
 * `space`, `spaces`, `siteSection`, `claims`) and Quire's own: the site's visibility when it was minted and,
 * for a share-link site, the share key that opened it. It is minted only once the site admitted the visitor (a
 * share key or a verified visitor JWT), and is only ever a reader of that site's published content: each use
 * re-reads the site (still published, same visibility, share link still active) and the site spaces the token's
 * claims show now (adaptive content), intersected with `spaces`.
 */
export const SITE_TOKEN_AUDIENCE = "quire:site";
/** How long a site token lives; never past the visitor JWT that opened a visitor-auth site. */
export const SITE_TOKEN_TTL_SECONDS = 60 * 60;
/** How long an isolate trusts what a token's use found (a site unpublished or a link revoked shows after this). */
export const SITE_TOKEN_PASS_MS = 5_000;
const LONGEST_SITE_TOKEN = 16 * 1024;
/** A JWT's shape (three base64url parts, a JSON header): what tells a site token from a personal API token. */
const JWT_SHAPE = /^eyJ[\w-]*\.[\w-]+\.[\w-]+$/;

type SecretContext = { db: Db; env: Pick<Env, "SIGNING_SECRET"> };

export interface SiteTokenInput {
  organizationId: string;
  siteId: string;
  siteSpaceId: string;
  spaceId: string;
  /** The spaces of the site spaces the visitor sees. */
  spaces: readonly string[];
  sectionId?: string;
  /** The visitor's claims (a verified JWT's, `unsigned` beside them). */
  claims: Record<string, unknown>;
  visibility: string;
  shareKey?: string;
  /** When the credential that opened the site stops working (a visitor JWT's `exp`, seconds). */
  notAfter?: number;
  now: number;
}

/** What a verified site token says. */
export interface SiteTokenClaims {
  organization: string;
  site: string;
  spaces: string[];
  claims: Record<string, unknown>;
  visibility: string;
  shareKey?: string;
  exp: number;
}

export function looksLikeSiteToken(bearer: string): boolean {
  return bearer.length <= LONGEST_SITE_TOKEN && JWT_SHAPE.test(bearer);
}

const keyOf = async (ctx: SecretContext) => new TextEncoder().encode(await signingSecret(ctx));

export async function mintSiteToken(ctx: SecretContext, input: SiteTokenInput): Promise<string> {
  const issuedAt = Math.floor(input.now / 1000);
  const expires = Math.min(issuedAt + SITE_TOKEN_TTL_SECONDS, input.notAfter ?? Number.POSITIVE_INFINITY);
  return new SignJWT({
    kind: "site",
    organization: input.organizationId,
    site: input.siteId,
    siteSpace: input.siteSpaceId,
    space: input.spaceId,
    spaces: [...input.spaces],
    ...(input.sectionId ? { siteSection: input.sectionId } : {}),
    claims: input.claims,
    visitorType: "human",
    quire: { visibility: input.visibility, ...(input.shareKey ? { shareKey: input.shareKey } : {}) },
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setAudience(SITE_TOKEN_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(Math.max(expires, issuedAt + 1))
    .sign(await keyOf(ctx));
}

/** The token's claims when this deployment signed it for a site and it has not expired; undefined otherwise. */
export async function verifySiteToken(
  ctx: SecretContext,
  token: string,
  now = Date.now(),
): Promise<SiteTokenClaims | undefined> {
  if (!looksLikeSiteToken(token)) return undefined;
  try {
    const { payload } = await jwtVerify(token, await keyOf(ctx), {
      algorithms: ["HS256"],
      audience: SITE_TOKEN_AUDIENCE,
      requiredClaims: ["exp"],
      currentDate: new Date(now),
    });
    const quire = payload.quire as { visibility?: unknown; shareKey?: unknown } | undefined;
    if (payload.kind !== "site" || typeof payload.site !== "string" || typeof payload.organization !== "string") {
      return undefined;
    }
    if (!Array.isArray(payload.spaces) || typeof quire?.visibility !== "string") return undefined;
    return {
      organization: payload.organization,
      site: payload.site,
      spaces: payload.spaces.filter((s): s is string => typeof s === "string"),
      claims: (payload.claims && typeof payload.claims === "object" ? payload.claims : {}) as Record<string, unknown>,
      visibility: quire.visibility,
      ...(typeof quire.shareKey === "string" ? { shareKey: quire.shareKey } : {}),
      exp: payload.exp!,
    };
  } catch {
    return undefined;
  }
}

const passes = siteTokenPasses.store as Map<string, { pass: VisitorPass; until: number }>;
const PASSES = siteTokenPasses.bound.entries;

/**
 * What a verified site token opens now: its site (when still published with the visibility it was minted under,
 * and for a share-link site while its share link is active) and the spaces of the site spaces its claims show,
 * among those it names. `exclusive`: nothing else, public or not. One round trip, kept for SITE_TOKEN_PASS_MS.
 */
export async function siteTokenPass(db: Db, token: string, claims: SiteTokenClaims, now = Date.now()) {
  const known = passes.get(token);
  if (known && known.until > now) return known.pass;
  const rows = await db.all<
    AdmittingSite & { visibility: string; shareLinks: number }
  >(sql`SELECT s.id AS siteId, ${SITE_SPACES_OF},
      s.visibility AS visibility,
      (SELECT COUNT(*) FROM site_share_links l WHERE l.site_id = s.id AND l.key = ${claims.shareKey ?? null}
        AND l.active = 1) AS shareLinks
    FROM sites s ${JOIN_SITE_SPACES}
    WHERE s.id = ${claims.site} AND s.organization_id = ${claims.organization} AND s.published = 1`);
  const site = rows[0];
  const open =
    site !== undefined &&
    site.visibility === claims.visibility &&
    (site.visibility !== "share-link" || site.shareLinks > 0);
  const named = new Set(claims.spaces);
  const shown = open ? admitSiteSpaces(rows, claims.claims) : [];
  const pass: VisitorPass = {
    sites: new Set(open ? [claims.site] : []),
    spaces: new Set(shown.filter((spaceId) => named.has(spaceId))),
    claims: claims.claims,
    exclusive: true,
  };
  if (passes.size >= PASSES) passes.delete(passes.keys().next().value!);
  passes.set(token, { pass, until: Math.min(now + SITE_TOKEN_PASS_MS, claims.exp * 1000) });
  return pass;
}
