import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

const GRANTED_ROLES = ["admin", "create", "review", "edit", "comment", "read"] as const;

/**
 * A role granted on one space, collection (and, for a collection, everything under it) or site to a user or a
 * team of the organization. A site grant is the role on that site's own operations only (not its spaces'
 * content; migration 0051 deletes it with the site). `role` null is a guest grant: it is listed but raises nothing. The effective role on a
 * resource is the strongest of the organization role (with `defaultLevel`s) and every grant that reaches it.
 */
export const contentGrants = sqliteTable(
  "content_grants",
  {
    organizationId: text().notNull(),
    resourceKind: text({ enum: ["space", "collection", "site"] }).notNull(),
    resourceId: text().notNull(),
    subjectKind: text({ enum: ["user", "team"] }).notNull(),
    subjectId: text().notNull(),
    role: text({ enum: GRANTED_ROLES }),
    createdAt: integer().notNull(),
    updatedAt: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.resourceKind, t.resourceId, t.subjectKind, t.subjectId] }),
    index("content_grants_subject").on(t.subjectKind, t.subjectId, t.organizationId),
    index("content_grants_organization").on(t.organizationId, t.subjectKind, t.subjectId),
  ],
);

/**
 * A counter that every change to what a personal token's access is computed from moves (triggers, migration
 * 0040): organization memberships (role, disabled), content grants, team memberships, and collections (their
 * chain and default levels). An isolate keeps a token's memberships and grants, and a space's collection chain,
 * with the generation they were read at, and uses them only while a read finds the counter where it was. One row, id 1.
 */
export const accessGeneration = sqliteTable("access_generation", {
  id: integer().primaryKey(),
  generation: integer().notNull().default(0),
});
