import { eq, sql } from "drizzle-orm";
import {
  type IntegrationEventLog,
  type integrationInstallations,
  type integrationSiteInstallations,
  type integrationSpaceInstallations,
  integrationSpaceInstallations as spaceInstallationsTable,
} from "../../db/schema";
import type { ServiceContext, UrlBases } from "../core";
import { integrationAssetKey, type IntegrationRow, type IntegrationView, type OrganizationRow } from "./integrations";
import { shownStatus } from "./configuration";
import { devDeliveryTarget } from "./dev-mode";
import { eventRequest, runInSandbox, type SandboxResult } from "./runtime/sandbox";
import { deliverToTunnel } from "./tunnel";
import { decryptSecrets } from "./secrets";
import { integrationSigningSecret } from "./signing";

/**
 * How the script's environment presents Quire's objects: the API presenters, passed in by the layer above
 * (routes, the job registry), since services never import presenters.
 */
// The views the presenters take (InstallationView, SpaceInstallationView, SiteInstallationView), spelled here from
// the rows: the installation modules queue events, so importing them back would make a cycle.
type InstallationView = {
  row: typeof integrationInstallations.$inferSelect;
  spaces: number;
  status: ReturnType<typeof shownStatus>;
};
type SpaceInstallationView = { row: typeof integrationSpaceInstallations.$inferSelect };
type SiteInstallationView = { row: typeof integrationSiteInstallations.$inferSelect };

export interface RuntimePresenters {
  /**
   * The scripts' API tokens (tokens.ts), injected with the presenters: tokens.ts reads installations.ts, which
   * queues events here, so importing it would make a cycle.
   */
  tokens: {
    integration(ctx: Pick<ServiceContext, "db" | "env">, integrationName: string): Promise<{ token: string }>;
    installation(ctx: Pick<ServiceContext, "db" | "env">, installationId: string): Promise<{ token: string }>;
  };
  integration(view: IntegrationView, urls: UrlBases): unknown;
  installation(view: InstallationView, urls: UrlBases): unknown;
  spaceInstallation(view: SpaceInstallationView, urls: UrlBases): unknown;
  siteInstallation(view: SiteInstallationView, urls: UrlBases): unknown;
}

export interface DeliveryTarget {
  integration: IntegrationRow;
  owner: OrganizationRow;
  installation?: typeof integrationInstallations.$inferSelect;
  spaceInstallation?: typeof integrationSpaceInstallations.$inferSelect;
  siteInstallation?: typeof integrationSiteInstallations.$inferSelect;
}

export interface DeliveryContext extends Pick<ServiceContext, "db" | "env" | "urls"> {
  presenters: RuntimePresenters;
}

/**
 * The `environment` field `@gitbook/runtime` reads: the API origin (its client appends `/v1`), the integration,
 * the installation(s) with their configuration, the integration's secrets and signing secret, and short-lived
 * API tokens: the integration's, and the installation's when the event has one (scoped: tokens.ts).
 */
export async function scriptEnvironment(
  ctx: DeliveryContext,
  target: DeliveryTarget,
  notes: IntegrationEventLog[],
): Promise<Record<string, unknown>> {
  const { integration, owner } = target;
  // The integration as anyone outside its organization sees it (no caller: `permissions.admin` false).
  const view: IntegrationView = { row: integration, owner, access: "read", ownerAccess: undefined };
  let secrets: Record<string, string> = {};
  if (integration.secrets) {
    try {
      secrets = await decryptSecrets(ctx, integration.secrets);
    } catch {
      notes.push({
        level: "warn",
        message: "[quire] the integration's secrets could not be decrypted (the instance secret changed?): none passed",
        timestamp: Date.now(),
      });
    }
  }
  let installation: unknown;
  if (target.installation) {
    const [count] = await ctx.db
      .select({ n: sql<number>`count(*)` })
      .from(spaceInstallationsTable)
      .where(eq(spaceInstallationsTable.installationId, target.installation.id));
    installation = ctx.presenters.installation(
      {
        row: target.installation,
        spaces: count?.n ?? 0,
        status: shownStatus(target.installation, integration.scopes),
      },
      ctx.urls,
    );
  }
  const [integrationToken, installationToken] = await Promise.all([
    ctx.presenters.tokens.integration(ctx, integration.name),
    target.installation ? ctx.presenters.tokens.installation(ctx, target.installation.id) : undefined,
  ]);
  return {
    apiEndpoint: ctx.urls.api,
    apiTokens: {
      integration: integrationToken.token,
      ...(installationToken ? { installation: installationToken.token } : {}),
    },
    integration: ctx.presenters.integration(view, ctx.urls),
    ...(installation ? { installation } : {}),
    ...(target.spaceInstallation
      ? { spaceInstallation: ctx.presenters.spaceInstallation({ row: target.spaceInstallation }, ctx.urls) }
      : {}),
    ...(target.siteInstallation
      ? { siteInstallation: ctx.presenters.siteInstallation({ row: target.siteInstallation }, ctx.urls) }
      : {}),
    secrets,
    signingSecrets: { integration: await integrationSigningSecret(ctx, integration.name) },
  };
}

/** Runs one event through the integration's current script version; never throws. */
export async function deliverToScript(
  ctx: DeliveryContext,
  target: DeliveryTarget,
  event: Record<string, unknown>,
  fetchBody?: Uint8Array | null,
): Promise<SandboxResult> {
  const notes: IntegrationEventLog[] = [];
  const environment = await scriptEnvironment(ctx, target, notes);
  const { integration } = target;
  // Development mode: the event goes to the tunnel instead, in the same multipart format (tunnel.ts signs it).
  const dev = devDeliveryTarget(integration, target.installation?.organizationId ?? null);
  if (dev) return deliverToDevTunnel(ctx, dev, event, environment, fetchBody, notes);
  const result = await runInSandbox(
    ctx.env,
    {
      integrationName: integration.name,
      version: integration.version,
      scriptHash: integration.scriptHash,
      load: async () => {
        const object = await ctx.env.STORAGE.get(integrationAssetKey(integration.scriptHash));
        if (!object)
          throw new Error(`The script of ${integration.name} v${integration.version} is missing from storage`);
        return object.text();
      },
    },
    eventRequest(event, environment, fetchBody),
    { apiOrigin: new URL(ctx.urls.api).origin },
  );
  return { ...result, logs: [...notes, ...result.logs] };
}

async function deliverToDevTunnel(
  ctx: DeliveryContext,
  dev: NonNullable<ReturnType<typeof devDeliveryTarget>>,
  event: Record<string, unknown>,
  environment: Record<string, unknown>,
  fetchBody: Uint8Array | null | undefined,
  notes: IntegrationEventLog[],
): Promise<SandboxResult> {
  const form = await eventRequest(event, environment, fetchBody).formData();
  const note = (message: string, level: IntegrationEventLog["level"] = "info") => ({
    level,
    message,
    timestamp: Date.now(),
  });
  try {
    const answer = await deliverToTunnel(ctx, dev, form, { eventId: String(event.eventId ?? "") });
    const headers: [string, string][] = [];
    answer.headers.forEach((value, key) => {
      headers.push([key, value]);
    });
    return {
      kind: "answered",
      status: answer.status,
      headers,
      body: new TextEncoder().encode(answer.body),
      logs: [...notes, note(`[quire] delivered to the development tunnel ${dev.tunnelUrl}: ${answer.status}`)],
    };
  } catch (error) {
    const message = `The development tunnel ${dev.tunnelUrl} failed: ${String((error as Error)?.message ?? error)}`;
    return { kind: "error", error: message, logs: [...notes, note(message, "error")] };
  }
}
