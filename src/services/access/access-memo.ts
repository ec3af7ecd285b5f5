import { sql } from "drizzle-orm";

/**
 * The access generation (migration 0040) as an SQL expression: a counter that moves with every change to
 * organization memberships, content grants, team memberships and collections.
 */
export const accessGenerationSql = sql<number>`(SELECT generation FROM access_generation WHERE id = 1)`;
