import { sql } from "drizzle-orm";
import { jwtVerify } from "jose";
import { batch } from "../../db/batch";
import { type Db, inBatch } from "../../db/client";

/**
 * What a visitor's credentials open: the published sites (and the spaces they publish) that a share key or a
 * visitor JWT admits them to, and the JWT's claims (adaptive content). Spaces published on a `share-link` or
 * `visitor-auth` site are readable by anyone holding such a pass for one of the sites that publish them.
 */
export interface VisitorPass {
  sites: ReadonlySet<string>;
  spaces: ReadonlySet<string>;
  claims?: Record<string, unknown>;
}

export interface VisitorCredentials {
  /** A site share link's key (`shareKey`). */
  shareKey?: string;
  /** A visitor JWT, HS256-signed with the site's publishing private key. */
  visitorToken?: string;
  /** What the request is about: its path's space or site, whose sites a visitor JWT is checked against. */
  spaceId?: string;
  siteId?: string;
}

interface AdmittingSite {
  siteId: string;
  spaceId: string | null;
  privateKey?: string;
}

// A site admits only its own organization's spaces, whatever site space rows a transfer may have left.
const ownSpace = sql`EXISTS (SELECT 1 FROM spaces sp WHERE sp.id = ss.space_id AND sp.organization_id = s.organization_id)`;

/**
 * Resolves credentials into a pass in one round trip: the share key's active link on a published share-link
 * site, and the published visitor-auth sites around the request's space or site, whose key must verify the
 * JWT (signature, and `exp`/`nbf` when present). Credentials that open nothing give an empty pass.
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
          db.all<AdmittingSite>(sql`SELECT l.site_id AS siteId, ss.space_id AS spaceId
          FROM site_share_links l JOIN sites s ON s.id = l.site_id LEFT JOIN site_spaces ss ON ss.site_id = l.site_id
            AND ${ownSpace}
          WHERE l.key = ${shareKey} AND l.active = 1 AND s.published = 1 AND s.visibility = 'share-link'`),
        )
      : undefined,
    visitorToken && around
      ? inBatch(
          db,
          db.all<AdmittingSite>(sql`SELECT s.id AS siteId, ss.space_id AS spaceId, a.private_key AS privateKey
          FROM sites s JOIN site_publishing_auth a ON a.site_id = s.id LEFT JOIN site_spaces ss ON ss.site_id = s.id
            AND ${ownSpace}
          WHERE ${around} AND s.published = 1 AND s.visibility = 'visitor-auth'`),
        )
      : undefined,
  ]);
  const sites = new Set<string>();
  const spaces = new Set<string>();
  const admit = (rows: AdmittingSite[]) => {
    for (const row of rows) {
      sites.add(row.siteId);
      if (row.spaceId) spaces.add(row.spaceId);
    }
  };
  admit(shared ?? []);
  let claims: Record<string, unknown> | undefined;
  const keys = new Map((keyed ?? []).map((row) => [row.siteId, row.privateKey!]));
  for (const [candidate, privateKey] of keys) {
    const verified = await verifyVisitorToken(visitorToken!, privateKey);
    if (!verified) continue;
    claims ??= verified;
    admit((keyed ?? []).filter((row) => row.siteId === candidate));
  }
  return { sites, spaces, ...(claims ? { claims } : {}) };
}

/** The token's claims when `privateKey` signed it (HS256) and it has not expired; undefined otherwise. */
export async function verifyVisitorToken(token: string, privateKey: string) {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(privateKey), { algorithms: ["HS256"] });
    return payload as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
