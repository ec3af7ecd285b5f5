import { eq } from "drizzle-orm";
import { batch } from "../../db/batch";
import { integrations } from "../../db/schema";
import { badRequest } from "../../lib/errors";
import { checkPublicUrl } from "../../lib/safe-fetch";
import { authorize } from "../access";
import { requireUser, type ServiceContext } from "../core";
import { type IntegrationRow, loadIntegration } from "./integrations";

/**
 * Development mode (`PUT/DELETE /v1/integrations/{integrationName}/dev`): while it is on, the integration's
 * events are POSTed to `tunnelUrl` (services/integrations/tunnel.ts) instead of running the published script.
 *
 * Who: admins of the integration's owning organization (`integration.admin`); its other members get 403, and
 * anyone who cannot see the integration 404. What `all` means (the reference: "all requests will be forwarded
 * to the tunnel, not just from the owning organization"): off (the default), only events of the owning
 * organization's own installation, and events that belong to no installation (the integration's own public
 * endpoint, its tasks), go to the tunnel, while every other organization keeps being served by the published
 * script; on, every installation's events go to the tunnel. The Integration object shows none of this (the
 * reference has no field for it).
 */
export interface DevModeInput {
  tunnelUrl: string;
  all?: boolean;
}

/**
 * The checks a tunnel URL passes when it is registered: an absolute http(s) URL without credentials, whose host
 * is not a private, loopback or link-local address (the same guard refuses it again at each delivery, which is
 * where a name that resolves somewhere private is stopped by the network). 400 naming the field otherwise.
 */
export function checkTunnelUrl(env: ServiceContext["env"], tunnelUrl: string): string {
  let url: URL;
  try {
    url = checkPublicUrl(env, tunnelUrl);
  } catch (error) {
    throw badRequest(`body.tunnelUrl: ${(error as Error).message}`);
  }
  if (url.username || url.password) throw badRequest("body.tunnelUrl: must not carry credentials");
  return url.toString();
}

/** setIntegrationDevelopmentMode: turns development mode on (or moves it to another tunnel, or changes `all`). */
export async function setDevelopmentMode(ctx: ServiceContext, name: string, input: DevModeInput): Promise<void> {
  const caller = requireUser(ctx.caller);
  const view = await loadIntegration(ctx, name);
  authorize(view.access, "integration.admin", "Integration");
  const tunnelUrl = checkTunnelUrl(ctx.env, input.tunnelUrl);
  await batch(ctx.db, [
    ctx.db
      .update(integrations)
      .set({ devTunnelUrl: tunnelUrl, devAll: input.all ?? false, devEnabledBy: caller.userId, devEnabledAt: ctx.now })
      .where(eq(integrations.name, name)),
  ]);
}

/**
 * disableIntegrationDevelopmentMode: turns development mode off. True when it was on (205), false when there was
 * nothing to turn off (204).
 */
export async function disableDevelopmentMode(ctx: ServiceContext, name: string): Promise<boolean> {
  requireUser(ctx.caller);
  const view = await loadIntegration(ctx, name);
  authorize(view.access, "integration.admin", "Integration");
  if (view.row.devTunnelUrl === null) return false;
  await batch(ctx.db, [
    ctx.db
      .update(integrations)
      .set({ devTunnelUrl: null, devAll: false, devEnabledBy: null, devEnabledAt: null })
      .where(eq(integrations.name, name)),
  ]);
  return true;
}

/** Where an event goes while development mode is on. */
export interface DevDeliveryTarget {
  integrationName: string;
  tunnelUrl: string;
}

/**
 * Whether an event of this integration goes to its development tunnel rather than to the published script, and
 * where: `installationOrganizationId` is the organization of the installation the event belongs to, or null for
 * an event of the integration itself (its own public endpoint, a task queued with the integration token). Null
 * when development mode is off, or when it is on without `all` and the installation is another organization's.
 */
export function devDeliveryTarget(
  integration: Pick<IntegrationRow, "name" | "organizationId" | "devTunnelUrl" | "devAll">,
  installationOrganizationId: string | null,
): DevDeliveryTarget | null {
  if (integration.devTunnelUrl === null) return null;
  const ownersOwn = installationOrganizationId === null || installationOrganizationId === integration.organizationId;
  if (!ownersOwn && !integration.devAll) return null;
  return { integrationName: integration.name, tunnelUrl: integration.devTunnelUrl };
}
