import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Secrets this deployment generates for itself on first need (today: `signing`, the key of signed download
 * URLs and visitor JWTs when no SIGNING_SECRET is configured). Written once; deleting a row rotates it.
 */
export const instanceSecrets = sqliteTable("instance_secrets", {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: integer().notNull(),
});
