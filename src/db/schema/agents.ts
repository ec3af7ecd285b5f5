import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * A site's agent settings (getSiteAgentSettingsById): no row until first updated (the defaults answer).
 * `editingInstructions` is markdown. Deleted with the site (trigger in migration 0054).
 */
export const siteAgentSettings = sqliteTable("site_agent_settings", {
  siteId: text().primaryKey(),
  scanTopics: text({ enum: ["auto", "never"] }).notNull(),
  findingChangeRequests: text({ enum: ["always", "auto-fixable", "never"] }).notNull(),
  editingInstructions: text().notNull(),
  updatedAt: integer().notNull(),
  updatedBy: text().notNull(),
});

/**
 * An organization's agent instructions (markdown): the MCP server's `instructions`, the markdown pages' footer
 * and the answerer's prompt. Deleted with the organization (trigger in migration 0054).
 */
export const organizationAgentInstructions = sqliteTable("organization_agent_instructions", {
  organizationId: text().primaryKey(),
  instructions: text().notNull(),
  updatedAt: integer().notNull(),
  updatedBy: text().notNull(),
});
