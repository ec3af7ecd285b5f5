import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { batch } from "../../db/batch";
import { integrationInstallations, integrations } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { authorize, can, organizationAccess } from "../access";
import { requireUser, type ServiceContext, type UserCaller } from "../core";
import type { IntegrationView } from "./integrations";

/**
 * Which installations of an integration (organization, space or site ones) a caller may list: all of them for
 * admins of the integration's organization, else those in organizations where they may view installations; with
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

/**
 * The installation `installationId` of `name` and the integration, in one batch (two statements: their column
 * names overlap); undefined when either is missing. Callers check access.
 */
export async function installationWithIntegration(ctx: ServiceContext, name: string, installationId: string) {
  const [[installation], [integration]] = await batch(ctx.db, [
    ctx.db
      .select()
      .from(integrationInstallations)
      .where(and(eq(integrationInstallations.id, installationId), eq(integrationInstallations.integrationName, name)))
      .limit(1),
    ctx.db.select().from(integrations).where(eq(integrations.name, name)).limit(1),
  ]);
  return installation && integration ? { installation, integration } : undefined;
}

/**
 * The organization installation `installationId` of `name`, with its integration, for members of its organization
 * who may view installations (404 for anyone else). Space and site installations hang from it.
 */
export async function administeredInstallation(ctx: ServiceContext, name: string, installationId: string) {
  requireUser(ctx.caller);
  const { installation, integration } = (await installationWithIntegration(ctx, name, installationId)) ?? {};
  if (!installation || !integration) throw notFound("Integration installation");
  authorize(
    organizationAccess(ctx.caller, installation.organizationId),
    "installation.view",
    "Integration installation",
  );
  return { installation, integration };
}
