import { and, asc, eq, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import { type Db, inBatch } from "../../db/client";
import {
  siteExternalLinks,
  sitePublishingAuth,
  siteSectionGroups,
  siteSections,
  siteShareLinks,
  sites,
} from "../../db/schema";
import { verifyVisitorToken } from "../access";
import { agentInstructionsStatement } from "../agents";
import { generationIn, generationStatement } from "../search";
import { type PublishedScriptView, scriptReads, scriptViews } from "../integrations";
import { computedSpecVersionsSql } from "../revisions";
import { assembleCustomizations, siteCustomizationRows } from "../sites";

type SiteRow = typeof sites.$inferSelect;
export type SectionRow = typeof siteSections.$inferSelect;
export type GroupRow = typeof siteSectionGroups.$inferSelect;
export type ExternalLinkRow = typeof siteExternalLinks.$inferSelect;

/** A site space with what the renderer needs of its space. */
export interface PublishedSiteSpace {
  id: string;
  sectionId: string | null;
  path: string;
  sortKey: string;
  condition: string | null;
  spaceId: string;
  spaceTitle: string;
  emoji: string | null;
  revisionId: string;
  /**
   * What the revision's computed pages are generated from: `slug=versionId` (the spec's newest processed version,
   * `-` when it has none or does not exist) for each spec, comma-separated; null when it has no computed page.
   * Rendered pages are keyed by it with the revision, as a new spec version changes what they show.
   */
  computedSpecs: string | null;
}

/** What a visitor's credentials did: opened the site, or why not. */
export type SiteAdmission =
  | { open: true; claims?: Record<string, unknown>; preview?: boolean }
  | {
      open: false;
      needs: "share-key" | "visitor-token";
      fallbackUrl?: string;
      /** Visitors sign in through the site's identity provider (`{base}/~auth/start`) instead. */
      signIn?: boolean;
    };

export interface PublishedSiteData {
  site: SiteRow;
  groups: GroupRow[];
  sections: SectionRow[];
  /** Its live (not draft) external links, in key order. */
  externalLinks: ExternalLinkRow[];
  /** Live spaces only, in structure order. */
  siteSpaces: PublishedSiteSpace[];
  customizations: ReturnType<typeof assembleCustomizations>;
  admission: SiteAdmission;
  /** The integration scripts its pages embed (listSiteIntegrationScripts' installations). */
  scripts: PublishedScriptView[];
  /**
   * Changes whenever anything the rendered HTML depends on changes, except page content (keyed by revision and
   * each site space's `computedSpecs`):
   * the site row, its structure, its customization and its integration scripts.
   */
  version: string;
  /**
   * The organization's agent instructions (markdown), when set: they end the site's markdown pages. Not in
   * `version` (the HTML never shows them); what shows them keys its cache by them.
   */
  agentInstructions?: string;
  /**
   * The search index's generation when the site was loaded (search_generation): the site's own search answers a
   * repeated query from the isolate while it stands (services/search searchVisitedSite), with no statement of
   * its own.
   */
  searchGeneration: number;
}

export interface SiteCredentials {
  shareKey?: string;
  visitorToken?: string;
  /** A preview link's token, already verified for this site (services/access/site-preview.ts): opens it, published or not. */
  preview?: boolean;
}

/**
 * Everything about a published site for one page view, in one D1 round trip: the site, its structure with the
 * current revision of each space, its customization, its integration scripts, and whether the visitor's
 * credentials open it. Undefined when there is no such published site (or, with a preview token, no such site).
 */
export async function loadPublishedSite(
  db: Db,
  siteId: string,
  credentials: SiteCredentials,
): Promise<PublishedSiteData | undefined> {
  const scriptsTarget = { kind: "site" as const, siteId };
  const [
    [site],
    groups,
    sections,
    externalLinks,
    siteSpaces,
    customizationRows,
    shareLinks,
    keys,
    [instructions],
    indexGeneration,
    ...scriptRows
  ] = await batch(db, [
    db.select().from(sites).where(eq(sites.id, siteId)).limit(1),
    db
      .select()
      .from(siteSectionGroups)
      .where(eq(siteSectionGroups.siteId, siteId))
      .orderBy(asc(siteSectionGroups.sortKey)),
    db.select().from(siteSections).where(eq(siteSections.siteId, siteId)).orderBy(asc(siteSections.sortKey)),
    db
      .select()
      .from(siteExternalLinks)
      .where(and(eq(siteExternalLinks.siteId, siteId), eq(siteExternalLinks.draft, false)))
      .orderBy(asc(siteExternalLinks.sortKey)),
    inBatch(
      db,
      db.all<PublishedSiteSpace>(sql`SELECT ss.id, ss.section_id AS sectionId, ss.path, ss.sort_key AS sortKey,
          ss.condition, sp.id AS spaceId, sp.title AS spaceTitle, sp.emoji, sp.revision_id AS revisionId,
          ${computedSpecVersionsSql(sql`sp.revision_id`, sql`sp.organization_id`)} AS computedSpecs
        FROM site_spaces ss JOIN spaces sp ON sp.id = ss.space_id
          AND sp.organization_id = (SELECT organization_id FROM sites WHERE id = ss.site_id)
        WHERE ss.site_id = ${siteId} AND sp.deleted_at IS NULL ORDER BY ss.sort_key, ss.id`),
    ),
    siteCustomizationRows(db, siteId),
    credentials.shareKey
      ? db
          .select({ id: siteShareLinks.id })
          .from(siteShareLinks)
          .where(
            and(
              eq(siteShareLinks.siteId, siteId),
              eq(siteShareLinks.key, credentials.shareKey),
              eq(siteShareLinks.active, true),
            ),
          )
      : undefined,
    db
      .select({
        privateKey: sitePublishingAuth.privateKey,
        fallbackUrl: sitePublishingAuth.fallbackUrl,
        identityProvider: sitePublishingAuth.identityProvider,
      })
      .from(sitePublishingAuth)
      .where(eq(sitePublishingAuth.siteId, siteId)),
    // The organization's agent instructions: the footer of the site's markdown pages.
    agentInstructionsStatement(db, sql`(SELECT organization_id FROM sites WHERE id = ${siteId})`),
    generationStatement(db, {}),
    ...scriptReads({ db }, scriptsTarget),
  ]);
  if (!site || (!site.published && !credentials.preview)) return undefined;
  const customizations = assembleCustomizations(
    customizationRows,
    siteSpaces.map((s) => s.id),
  );
  const admission = await admit(site, credentials, shareLinks?.length ?? 0, keys[0]);
  const scripts = scriptViews(scriptsTarget, scriptRows);
  const version = fingerprint([
    site.updatedAt,
    ...groups.map((g) => `${g.id}:${g.updatedAt}:${g.sortKey}`),
    ...sections.map((s) => `${s.id}:${s.updatedAt}:${s.sortKey}:${s.groupId}`),
    ...externalLinks.map((l) => `${l.id}:${l.updatedAt}:${l.sortKey}:${l.groupId}`),
    ...siteSpaces.map((s) => `${s.id}:${s.path}:${s.sortKey}:${s.sectionId}:${s.condition}:${s.spaceTitle}:${s.emoji}`),
    JSON.stringify(customizationRows),
    ...scripts.map((s) => `${s.installationId}:${s.revision}:${s.contentSecurityPolicy ?? ""}`),
  ]);
  return {
    site,
    groups,
    sections,
    externalLinks,
    siteSpaces,
    customizations,
    admission,
    scripts,
    version,
    ...(instructions ? { agentInstructions: instructions.instructions } : {}),
    searchGeneration: generationIn(indexGeneration),
  };
}

async function admit(
  site: SiteRow,
  credentials: SiteCredentials,
  shareLinks: number,
  key: { privateKey: string; fallbackUrl: string | null; identityProvider: string | null } | undefined,
): Promise<SiteAdmission> {
  // A member's preview link shows the site as it is published to everyone (no visitor claims).
  if (credentials.preview) return { open: true, preview: true };
  switch (site.visibility) {
    case "public":
    case "unlisted":
      return { open: true };
    case "share-link":
      return shareLinks > 0 ? { open: true } : { open: false, needs: "share-key" };
    case "visitor-auth": {
      const claims =
        credentials.visitorToken && key
          ? await verifyVisitorToken(credentials.visitorToken, key.privateKey)
          : undefined;
      if (claims) return { open: true, claims };
      return {
        open: false,
        needs: "visitor-token",
        ...(key?.fallbackUrl ? { fallbackUrl: key.fallbackUrl } : {}),
        ...(key?.identityProvider ? { signIn: true } : {}),
      };
    }
  }
}

/** A short, stable hash of the parts (FNV-1a, 32 bits, base 36): a cache key component, not a secret. */
export function fingerprint(parts: unknown[]): string {
  let hash = 0x811c9dc5;
  const text = parts.join("\u0000");
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
