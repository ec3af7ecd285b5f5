import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const INTEGRATION_TARGETS = ["all", "site", "space", "organization"] as const;
export const INTEGRATION_VISIBILITIES = ["public", "private", "unlisted"] as const;
export const INSTALLATION_STATUSES = ["active", "pending", "paused"] as const;
export const INTEGRATION_SCOPES = [
  "space:views:read",
  "space:content:read",
  "space:content:write",
  "space:metadata:read",
  "space:metadata:write",
  "space:script:inject",
  "space:script:cookies",
  "space:git:sync",
  "space:visitor:auth",
  "site:metadata:read",
  // Not in the reference's IntegrationScope list: its OAuth scopes for the site permission operations, which
  // Quire's integrations may ask for too (README "Integration tokens").
  "site:permissions:read",
  "site:permissions:write",
  "site:views:read",
  "site:script:inject",
  "site:script:cookies",
  "site:visitor:auth",
  "site:adaptive:read",
  "site:adaptive:write",
  "site:ai:ask",
  "openapi:read",
  "openapi:write",
  "conversations:ingest",
] as const;
export const INTEGRATION_CATEGORIES = [
  "analytics",
  "collaboration",
  "content",
  "gitsync",
  "marketing",
  "visitor-auth",
  "other",
] as const;

export type IntegrationScope = (typeof INTEGRATION_SCOPES)[number];
export type IntegrationCategory = (typeof INTEGRATION_CATEGORIES)[number];

/** The manifest's parts as published (validated by the publish route's schema, which has the limits). */
export interface IntegrationBlockDefinition {
  id: string;
  title: string;
  description?: string;
  icon?: string;
  urlUnfurl?: string[];
  markdown?: { codeblock: string; body: string };
}

export interface IntegrationContentSourceDefinition {
  id: string;
  title: string;
  description?: string;
  icon?: string;
  configuration: { componentId: string };
}

type PropertyText = { title?: string; description?: string };
export type ConfigurationProperty = PropertyText &
  (
    | { type: "string"; default?: string; completion_url?: string; enum?: string[] }
    | { type: "number"; default?: number }
    | { type: "boolean"; default?: boolean }
    | { type: "button"; callback_url: string; button_text: string }
  );

export interface IntegrationConfigurationDefinition {
  properties: Record<string, ConfigurationProperty>;
  required?: string[];
}

export interface IntegrationConfigurationsDefinition {
  account?: IntegrationConfigurationDefinition;
  space?: IntegrationConfigurationDefinition;
  site?: IntegrationConfigurationDefinition;
}

/**
 * A published integration, addressed by its global name and owned by one organization. Each publish rewrites
 * the row and bumps `version`. The script, icon and preview images are content-addressed R2 objects
 * (`integrations/assets/<sha256>`); `secrets` is the AES-GCM ciphertext of the secrets' JSON (never returned).
 * The manifest fields (`scopes`, `blocks`, `configurations`, …) are kept as published, JSON.
 * Development mode (`setIntegrationDevelopmentMode`) is the `dev*` columns: on while `devTunnelUrl` is set; a
 * new publish keeps it, unpublishing (the row's deletion) ends it.
 */
export const integrations = sqliteTable(
  "integrations",
  {
    name: text().primaryKey(),
    organizationId: text().notNull(),
    version: integer().notNull(),
    runtime: text({ enum: ["v1", "v2"] }).notNull(),
    title: text().notNull(),
    description: text(),
    summary: text(),
    visibility: text({ enum: INTEGRATION_VISIBILITIES }).notNull(),
    target: text({ enum: INTEGRATION_TARGETS }).notNull(),
    scopes: text({ mode: "json" }).$type<IntegrationScope[]>().notNull(),
    categories: text({ mode: "json" }).$type<IntegrationCategory[]>().notNull(),
    blocks: text({ mode: "json" }).$type<IntegrationBlockDefinition[]>(),
    contentSources: text({ mode: "json" }).$type<IntegrationContentSourceDefinition[]>(),
    configurations: text({ mode: "json" }).$type<IntegrationConfigurationsDefinition>(),
    externalLinks: text({ mode: "json" }).$type<{ url: string; label: string }[]>().notNull(),
    contentSecurityPolicy: text({ mode: "json" }).$type<string | Record<string, string>>(),
    scriptHash: text().notNull(),
    iconHash: text(),
    previewImageHashes: text({ mode: "json" }).$type<string[]>().notNull(),
    secrets: text(),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
    /** Where events go while development mode is on (null: off). */
    devTunnelUrl: text(),
    /** Dev mode's `all`: every installation's events go to the tunnel, not only the owner organization's. */
    devAll: integer({ mode: "boolean" }).notNull().default(false),
    devEnabledBy: text(),
    devEnabledAt: integer(),
  },
  (t) => [
    index("integrations_owner").on(t.organizationId, t.name),
    index("integrations_visibility").on(t.visibility, t.name),
  ],
);

/** An integration installed in an organization (one per integration and organization). */
export const integrationInstallations = sqliteTable(
  "integration_installations",
  {
    id: text().primaryKey(),
    integrationName: text().notNull(),
    organizationId: text().notNull(),
    status: text({ enum: INSTALLATION_STATUSES }).notNull(),
    spaceSelection: text({ enum: ["all", "selected"] }).notNull(),
    siteSelection: text({ enum: ["all", "selected"] }).notNull(),
    configuration: text({ mode: "json" }).$type<Record<string, unknown>>().notNull(),
    externalIds: text({ mode: "json" }).$type<string[]>().notNull(),
    /**
     * The integration scopes the organization's admins consented to (at install, then by updating the
     * installation). Its tokens act within these and the integration's current scopes (migration 0043).
     */
    acceptedScopes: text({ mode: "json" }).$type<IntegrationScope[]>().notNull().default([]),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
  },
  (t) => [
    uniqueIndex("integration_installations_target").on(t.integrationName, t.organizationId),
    index("integration_installations_organization").on(t.organizationId, t.integrationName),
    index("integration_installations_integration").on(t.integrationName, t.createdAt, t.id),
  ],
);

/** The columns a space installation and a site installation share, after their keys (same order in both). */
const targetInstallationColumns = {
  integrationName: text().notNull(),
  organizationId: text().notNull(),
  status: text({ enum: INSTALLATION_STATUSES }).notNull(),
  configuration: text({ mode: "json" }).$type<Record<string, unknown>>().notNull(),
  externalIds: text({ mode: "json" }).$type<string[]>().notNull(),
  createdAt: integer().notNull(),
  updatedAt: integer().notNull(),
};

/** An organization installation of an integration, enabled on one of the organization's spaces. */
export const integrationSpaceInstallations = sqliteTable(
  "integration_space_installations",
  {
    installationId: text().notNull(),
    spaceId: text().notNull(),
    ...targetInstallationColumns,
  },
  (t) => [
    primaryKey({ columns: [t.installationId, t.spaceId] }),
    index("integration_space_installations_space").on(t.spaceId, t.integrationName),
    index("integration_space_installations_integration").on(t.integrationName, t.createdAt, t.spaceId),
  ],
);

/** An organization installation of an integration, enabled on one of the organization's sites. */
export const integrationSiteInstallations = sqliteTable(
  "integration_site_installations",
  {
    installationId: text().notNull(),
    siteId: text().notNull(),
    ...targetInstallationColumns,
  },
  (t) => [
    primaryKey({ columns: [t.installationId, t.siteId] }),
    index("integration_site_installations_site").on(t.siteId, t.integrationName),
    index("integration_site_installations_integration").on(t.integrationName, t.createdAt, t.siteId),
  ],
);

export const INTEGRATION_EVENT_STATUSES = ["pending", "success", "failed"] as const;

/** One line of an event's trace: the script's console output, the runtime's, and Quire's own notes. */
export interface IntegrationEventLog {
  message: string;
  timestamp: number;
  level: "debug" | "info" | "warn" | "error";
}

/**
 * An event delivered (or to deliver) to an integration's script: queued events (installation setups, content
 * updates, tasks) are written `pending` with their delivery job in the triggering request's batch; synchronous
 * ones (`fetch` on a public endpoint, `ui_render`) are recorded once answered. `payload` is the Event object sent
 * to the script (its `eventId` is this row's id); `logs` is the bounded trace of the last attempt.
 */
export const integrationEvents = sqliteTable(
  "integration_events",
  {
    id: text().primaryKey(),
    integrationName: text().notNull(),
    /** The integration version the last attempt ran (null until delivered). */
    integrationVersion: integer(),
    installationId: text(),
    spaceId: text(),
    siteId: text(),
    type: text().notNull(),
    payload: text({ mode: "json" }).$type<Record<string, unknown>>().notNull(),
    status: text({ enum: INTEGRATION_EVENT_STATUSES }).notNull(),
    attempts: integer().notNull(),
    /** HTTP status the script answered on the last attempt (null: none, e.g. a timeout). */
    responseStatus: integer(),
    logs: text({ mode: "json" }).$type<IntegrationEventLog[]>().notNull(),
    error: text(),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
  },
  (t) => [index("integration_events_integration").on(t.integrationName, t.createdAt, t.id)],
);

/**
 * Tokens Quire mints for integrations (services/integrations/tokens.ts): an `integration` token acts as the
 * integration itself (`installationId` null); an `installation` token acts for one organization installation,
 * within the integration's `scopes` and the installation's space and site selection. Stored as the SHA-256 of the
 * secret, like personal tokens; short-lived (`expiresAt`); dead as soon as the installation or the integration is
 * gone (authentication joins both), and their rows are deleted with them.
 */
export const integrationTokens = sqliteTable(
  "integration_tokens",
  {
    id: text().primaryKey(),
    tokenHash: text().notNull(),
    integrationName: text().notNull(),
    installationId: text(),
    createdAt: integer().notNull(),
    expiresAt: integer().notNull(),
  },
  (t) => [
    uniqueIndex("integration_tokens_hash_unique").on(t.tokenHash),
    index("integration_tokens_integration").on(t.integrationName, t.installationId),
    index("integration_tokens_expiry").on(t.expiresAt),
  ],
);
