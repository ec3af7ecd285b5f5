import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const SITE_TYPES = ["basic", "premium", "ultimate", "sponsored", "legacy-basic", "legacy-premium"] as const;
/** The reference's CustomHostnameStatus values Quire uses: unproven, a CNAME elsewhere, proven. */
export const CUSTOM_HOSTNAME_STATUSES = ["dns_no_cname", "dns_wrong_cname", "live"] as const;
export const SITE_VISIBILITIES = ["public", "unlisted", "share-link", "visitor-auth"] as const;

/**
 * A docs site of an organization: what is published, to whom (`visibility`, once `published`), and how its
 * spaces are arranged (site spaces, sections, section groups: the tables below, ordered by fractional keys).
 */
export const sites = sqliteTable(
  "sites",
  {
    id: text().primaryKey(),
    organizationId: text().notNull(),
    title: text().notNull(),
    type: text({ enum: SITE_TYPES }).notNull(),
    visibility: text({ enum: SITE_VISIBILITIES }).notNull(),
    published: integer({ mode: "boolean" }).notNull().default(false),
    basename: text(),
    /** The custom host and path it is served under, normalized (`docs.example.com/help`): one site's only. */
    proxy: text(),
    /** The proxy's host (`docs.example.com`): every proxy on one host is one organization's. */
    proxyHost: text(),
    /** The host's DNS proof (a CustomHostnameStatus): only `live` proxies are served. */
    proxyStatus: text({ enum: CUSTOM_HOSTNAME_STATUSES }),
    /** The value the host's `_quire-challenge` TXT record must hold to prove it is this site's. */
    proxyToken: text(),
    /**
     * When the proxy was claimed, or last proven: an unverified claim lapses 7 days after it (so a squatter cannot
     * hold a host forever; services/sites/custom-hostnames.ts).
     */
    proxyClaimedAt: integer(),
    agentsContext: text({ enum: ["excluded", "included"] })
      .notNull()
      .default("included"),
    adaptiveContent: integer({ mode: "boolean" }).notNull().default(false),
    /** The adaptive schema (draft-07 JSON Schema of visitor claims), once set. */
    adaptiveSchema: text({ mode: "json" }).$type<Record<string, unknown>>(),
    defaultSiteSpaceId: text(),
    defaultSiteSectionId: text(),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
  },
  // The proxy indexes route a custom host's requests to its site (src/site/hosts.ts) and keep proxies unique.
  (t) => [
    index("sites_organization").on(t.organizationId, t.createdAt, t.id),
    // Unique per organization: organizations' unverified claims on one proxy may coexist (the one whose DNS
    // proves it takes the host; services/sites/custom-hostnames.ts).
    uniqueIndex("sites_organization_proxy").on(t.organizationId, t.proxy),
    index("sites_proxy").on(t.proxy),
    index("sites_proxy_host").on(t.proxyHost),
  ],
);

/** A space published on a site, at the site's root or in a section; `path` is unique among its siblings. */
export const siteSpaces = sqliteTable(
  "site_spaces",
  {
    id: text().primaryKey(),
    siteId: text().notNull(),
    organizationId: text().notNull(),
    spaceId: text().notNull(),
    sectionId: text(),
    path: text().notNull(),
    sortKey: text().notNull(),
    condition: text(),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
  },
  (t) => [
    index("site_spaces_site").on(t.siteId, t.sectionId, t.sortKey),
    index("site_spaces_space").on(t.spaceId, t.siteId),
  ],
);

/** A section of a site (holding site spaces as its variants), optionally in a section group. */
export const siteSections = sqliteTable(
  "site_sections",
  {
    id: text().primaryKey(),
    siteId: text().notNull(),
    organizationId: text().notNull(),
    groupId: text(),
    title: text().notNull(),
    description: text(),
    icon: text(),
    path: text().notNull(),
    sortKey: text().notNull(),
    condition: text(),
    /** The section's default variant (one of its site spaces). */
    defaultSiteSpaceId: text(),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
  },
  (t) => [index("site_sections_site").on(t.siteId, t.groupId, t.sortKey)],
);

/** A group of sections of a site. */
export const siteSectionGroups = sqliteTable(
  "site_section_groups",
  {
    id: text().primaryKey(),
    siteId: text().notNull(),
    organizationId: text().notNull(),
    title: text().notNull(),
    icon: text(),
    sortKey: text().notNull(),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
  },
  (t) => [index("site_section_groups_site").on(t.siteId, t.sortKey)],
);

/**
 * An external link in a site's navigation, at its top level (`groupId` null) or in a section group, ordered with
 * its siblings by the same key space as sections and groups. Drafts and links whose condition is false for a
 * visitor are not published.
 */
export const siteExternalLinks = sqliteTable(
  "site_external_links",
  {
    id: text().primaryKey(),
    siteId: text().notNull(),
    organizationId: text().notNull(),
    groupId: text(),
    title: text().notNull(),
    localizedTitle: text({ mode: "json" }).$type<Record<string, string>>(),
    description: text(),
    localizedDescription: text({ mode: "json" }).$type<Record<string, string>>(),
    icon: text(),
    url: text().notNull(),
    draft: integer({ mode: "boolean" }).notNull().default(false),
    condition: text(),
    sortKey: text().notNull(),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
  },
  (t) => [index("site_external_links_site").on(t.siteId, t.groupId, t.sortKey)],
);
