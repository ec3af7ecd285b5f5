import { and, eq, lt } from "drizzle-orm";
import { batch } from "../../db/batch";
import { integrationInstallations, integrations, integrationTokens } from "../../db/schema";
import { newApiToken, sha256Hex } from "../../lib/crypto";
import { forbidden, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { authorize } from "../access";
import type { ServiceContext } from "../core";
import { installationAccess } from "./installations";
import { integrationAccess } from "./integrations";

/**
 * How long a token Quire mints for an integration lives: an hour, as a script's environment needs it for one
 * event; the script (or the runtime) asks for a fresh one with createIntegrationInstallationToken.
 */
export const INTEGRATION_TOKEN_TTL_MS = 60 * 60_000;

export interface IssuedToken {
  token: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/**
 * Stores a new token (its SHA-256 only) for the integration `integrationName`, for `installationId` or (null) as
 * the integration itself, and drops this integration's expired ones in the same batch.
 */
async function mint(
  ctx: Pick<ServiceContext, "db">,
  integrationName: string,
  installationId: string | null,
): Promise<IssuedToken> {
  const token = newApiToken();
  const now = Date.now();
  const expiresAt = now + INTEGRATION_TOKEN_TTL_MS;
  await batch(ctx.db, [
    ctx.db
      .delete(integrationTokens)
      .where(and(eq(integrationTokens.integrationName, integrationName), lt(integrationTokens.expiresAt, now))),
    ctx.db.insert(integrationTokens).values({
      id: newId(),
      tokenHash: await sha256Hex(token),
      integrationName,
      installationId,
      createdAt: now,
      expiresAt,
    }),
  ]);
  return { token, expiresAt };
}

/**
 * A token acting as the integration `integrationId` (its name) itself: it reads the integration and its
 * installations and mints installation tokens. For the runtime building a script's environment; 404 when there is
 * no such integration.
 */
export async function issueIntegrationToken(
  ctx: Pick<ServiceContext, "db" | "env">,
  integrationId: string,
): Promise<IssuedToken> {
  const [[row]] = await batch(ctx.db, [
    ctx.db.select({ name: integrations.name }).from(integrations).where(eq(integrations.name, integrationId)).limit(1),
  ]);
  if (!row) throw notFound("Integration");
  return mint(ctx, row.name, null);
}

/**
 * A token acting for the organization installation `installationId`: its organization only, within the
 * integration's scopes and the installation's space and site selection (access/scoped-access.ts). For the runtime
 * building a script's environment; 404 when there is no such installation.
 */
export async function issueInstallationToken(
  ctx: Pick<ServiceContext, "db" | "env">,
  installationId: string,
): Promise<IssuedToken> {
  const [[row]] = await batch(ctx.db, [
    ctx.db
      .select({ integrationName: integrationInstallations.integrationName })
      .from(integrationInstallations)
      .where(eq(integrationInstallations.id, installationId))
      .limit(1),
  ]);
  if (!row) throw notFound("Integration installation");
  return mint(ctx, row.integrationName, installationId);
}

/**
 * createIntegrationInstallationToken: the integration's own token (not an installation token) mints tokens for
 * its installations; so may admins of the organization that publishes it (they control the script that receives
 * these tokens anyway, and it lets them try the integration's access by hand). Anyone who can see the
 * installation otherwise gets 403, others 404.
 */
export async function createInstallationToken(
  ctx: ServiceContext,
  integrationName: string,
  installationId: string,
): Promise<IssuedToken> {
  const caller = ctx.caller;
  if (caller.kind === "anonymous") throw notFound("Integration installation");
  const [[installation], [integration]] = await batch(ctx.db, [
    ctx.db
      .select()
      .from(integrationInstallations)
      .where(
        and(
          eq(integrationInstallations.id, installationId),
          eq(integrationInstallations.integrationName, integrationName),
        ),
      )
      .limit(1),
    ctx.db.select().from(integrations).where(eq(integrations.name, integrationName)).limit(1),
  ]);
  if (!installation || !integration) throw notFound("Integration installation");
  if (caller.kind === "scoped") {
    authorize(installationAccess(ctx, installation, integration), "installation.view", "Integration installation");
    if (caller.installation) throw forbidden("Only the integration's own token mints installation tokens");
  } else {
    authorize(installationAccess(ctx, installation, integration), "installation.view", "Integration installation");
    authorize(integrationAccess(caller, integration), "integration.admin", "Integration installation");
  }
  return mint(ctx, integrationName, installationId);
}
