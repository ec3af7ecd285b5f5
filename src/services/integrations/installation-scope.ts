import { and, inArray, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { can } from "../access/permissions";
import type { UserCaller } from "../core/context";
import type { IntegrationView } from "./integrations";

/**
 * Which installations of an integration (organization or space ones) a caller may list: all of them for admins
 * of the integration's organization, else those in organizations where they may view installations; with
 * `externalId`, only those carrying it.
 */
export function installationsVisibleTo(
  caller: UserCaller,
  integration: IntegrationView,
  columns: { organizationId: SQLiteColumn; externalIds: SQLiteColumn },
  externalId?: string,
): SQL | undefined {
  const visible = [...caller.memberships].filter(([, role]) => can(role, "installation.view")).map(([id]) => id);
  return and(
    can(integration.access, "integration.admin")
      ? undefined
      : visible.length
        ? inArray(columns.organizationId, visible)
        : sql`0`,
    externalId ? sql`EXISTS (SELECT 1 FROM json_each(${columns.externalIds}) WHERE value = ${externalId})` : undefined,
  );
}
