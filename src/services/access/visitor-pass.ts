import { sql } from "drizzle-orm";
import { jwtVerify } from "jose";
import { batch } from "../../db/batch";
import { type Db, inBatch } from "../../db/client";
import type { VisitorPass } from "../core";
import { adaptiveVisibilityOf, type ConditionedItem } from "./adaptive-visibility";

export type { VisitorPass } from "../core";

export interface VisitorCredentials {
  /** A site share link's key (`shareKey`). */
  shareKey?: string;
  /** A visitor JWT, HS256-signed with the site's publishing private key. */
  visitorToken?: string;
  /** What the request is about: its path's space or site, whose sites a visitor JWT is checked against. */
  spaceId?: string;
  siteId?: string;
}

/** One site space (or none: spaceId null) of a site the credentials may open, with what decides its visibility. */
export interface AdmittingSite {
  siteId: string;
  spaceId: string | null;
  siteSpaceId: string | null;
  sectionId: string | null;
  condition: string | null;
  sectionCondition: string | null;
  adaptive: number;
  privateKey?: string;
}

// The site spaces of the admitting sites, with their sections' conditions (adaptive content), in the one read.
// A site admits only its own organization's spaces, whatever site space rows a transfer may have left.
export const SITE_SPACES_OF = sql`ss.space_id AS spaceId, ss.id AS siteSpaceId, ss.section_id AS sectionId,
  ss.condition AS condition, sec.condition AS sectionCondition, s.adaptive_content AS adaptive`;
export const JOIN_SITE_SPACES = sql`LEFT JOIN site_spaces ss ON ss.site_id = s.id
    AND EXISTS (SELECT 1 FROM spaces sp WHERE sp.id = ss.space_id AND sp.organization_id = s.organization_id)
  LEFT JOIN site_sections sec ON sec.id = ss.section_id`;

/**
 * Resolves credentials into a pass in one round trip: the share key's active link on a published share-link
 * site, and the published visitor-auth sites around the request's space or site, whose key must verify the
 * JWT (signature, a required `exp` at most a day away, `nbf`). Credentials that open nothing give an empty pass.
 * A space is in the pass only through a site space the claims show (none for a share key: conditions then read
 * every claim as undefined, as the renderer does).
 */
export async function resolveVisitorPass(db: Db, credentials: VisitorCredentials): Promise<VisitorPass> {
  const { shareKey, visitorToken, spaceId, siteId } = credentials;
  const around = spaceId
    ? sql`s.id IN (SELECT site_id FROM site_spaces WHERE space_id = ${spaceId})`
    : siteId
      ? sql`s.id = ${siteId}`
      : undefined;
  const [shared, keyed] = await batch(db, [
    shareKey
      ? inBatch(
          db,
          db.all<AdmittingSite>(sql`SELECT l.site_id AS siteId, ${SITE_SPACES_OF}
          FROM site_share_links l JOIN sites s ON s.id = l.site_id ${JOIN_SITE_SPACES}
          WHERE l.key = ${shareKey} AND l.active = 1 AND s.published = 1 AND s.visibility = 'share-link'`),
        )
      : undefined,
    visitorToken && around
      ? inBatch(
          db,
          db.all<AdmittingSite>(sql`SELECT s.id AS siteId, ${SITE_SPACES_OF}, a.private_key AS privateKey
          FROM sites s JOIN site_publishing_auth a ON a.site_id = s.id ${JOIN_SITE_SPACES}
          WHERE ${around} AND s.published = 1 AND s.visibility = 'visitor-auth'`),
        )
      : undefined,
  ]);
  const sites = new Set<string>();
  const spaces = new Set<string>();
  const admit = (rows: AdmittingSite[], claims: Record<string, unknown> | undefined) => {
    for (const [siteId, own] of Map.groupBy(rows, (row) => row.siteId)) {
      sites.add(siteId);
      for (const spaceId of admitSiteSpaces(own, claims)) spaces.add(spaceId);
    }
  };
  admit(shared ?? [], undefined);
  let claims: Record<string, unknown> | undefined;
  const keys = new Map((keyed ?? []).map((row) => [row.siteId, row.privateKey!]));
  for (const [candidate, privateKey] of keys) {
    const verified = await verifyVisitorToken(visitorToken!, privateKey);
    if (!verified) continue;
    claims ??= verified;
    admit(
      (keyed ?? []).filter((row) => row.siteId === candidate),
      verified,
    );
  }
  return { sites, spaces, ...(claims ? { claims } : {}) };
}

/**
 * The spaces of one site's site spaces (its rows, as SITE_SPACES_OF reads them) that these claims show: adaptive
 * content's rule applied to the site's sections and site spaces.
 */
export function admitSiteSpaces(rows: AdmittingSite[], claims: Record<string, unknown> | undefined): string[] {
  const placed = rows.filter((row) => row.siteSpaceId !== null && row.spaceId !== null);
  if (!placed.length) return [];
  const sections = new Map<string, ConditionedItem>();
  for (const row of placed) {
    if (row.sectionId) sections.set(row.sectionId, { id: row.sectionId, condition: row.sectionCondition });
  }
  const siteSpaces = placed.map((row) => ({ ...row, id: row.siteSpaceId! }));
  const { shows } = adaptiveVisibilityOf(
    { adaptiveContent: Boolean(rows[0]!.adaptive) },
    [...sections.values()],
    siteSpaces,
    claims,
  );
  return siteSpaces.filter(shows).map((row) => row.spaceId!);
}

/** The longest a visitor JWT may live: from its `iat` (or from now, without one) to its `exp`. */
export const MAX_VISITOR_TOKEN_SECONDS = 24 * 60 * 60;

/**
 * The token's claims when `privateKey` signed it (HS256), it carries an `exp` that has not passed, and it lives
 * at most MAX_VISITOR_TOKEN_SECONDS (`exp` − `iat`, and `exp` − now: an `iat` in the future buys nothing);
 * undefined otherwise. A token that never expires would be a key for good: it is refused.
 */
export async function verifyVisitorToken(token: string, privateKey: string, now = Date.now()) {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(privateKey), {
      algorithms: ["HS256"],
      requiredClaims: ["exp"],
      currentDate: new Date(now),
    });
    const exp = payload.exp!;
    const issued = typeof payload.iat === "number" ? Math.min(payload.iat, now / 1000) : now / 1000;
    if (exp - issued > MAX_VISITOR_TOKEN_SECONDS) return undefined;
    return payload as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
