import { and, eq } from "drizzle-orm";
import { batch } from "../../db/batch";
import { integrationInstallations, integrationSiteInstallations, integrationSpaceInstallations } from "../../db/schema";
import { ApiError, badRequest, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { authorize, can, loadSpace, organizationAccess, siteAccess } from "../access";
import { requireUser, type ServiceContext } from "../core";
import { type DeliveryTarget, deliverToScript, type RuntimePresenters } from "./delivery";
import { loadDeliveryTarget, type NewIntegrationEvent, recordedEventStatement } from "./events";
import { loadIntegration } from "./integrations";
import { embeddedScript, type ScriptTarget } from "./published-scripts";
import type { SandboxResult } from "./runtime/sandbox";

/*
 * Synchronous deliveries: the public endpoints (`fetch` events), UI rendering (`ui_render`) and the scripts
 * published content embeds (`fetch_published_script`). The caller waits
 * for the script's answer; the event is recorded after the response (the request's `defer`) with its trace.
 * A script that fails, times out or answers nonsense is a 502, never a 500.
 */

export type RuntimeContext = ServiceContext & { presenters: RuntimePresenters };

/** Response headers that describe the transfer, not the body Quire re-sends. */
const TRANSFER_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
]);

async function record(
  ctx: RuntimeContext,
  event: NewIntegrationEvent & { eventId: string },
  target: DeliveryTarget,
  result: SandboxResult,
) {
  const answered = result.kind === "answered" ? result.status : null;
  const ok = answered !== null && answered >= 200 && answered < 400;
  const write = batch(ctx.db, [
    recordedEventStatement(ctx, event, {
      ok,
      logs: result.logs,
      error: ok ? null : result.kind === "answered" ? `The script answered ${result.status}` : result.error,
      responseStatus: answered,
      version: target.integration.version,
    }),
  ]).catch((error) => console.error(JSON.stringify({ eventId: event.eventId, error: String(error) })));
  if (ctx.defer) ctx.defer(write);
  else await write;
}

const scriptFailure = (result: Exclude<SandboxResult, { kind: "answered" }>) =>
  new ApiError(502, `The integration's script failed: ${result.error}`);

export interface ForwardedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Uint8Array | null;
}

/**
 * A request to an integration's public endpoint (`installationId` for an installation's), forwarded to its
 * script as a `fetch` event; answers the script's response. Anyone may call it (the script authenticates).
 */
export async function callPublicEndpoint(
  ctx: RuntimeContext,
  integrationName: string,
  installationId: string | undefined,
  request: ForwardedRequest,
): Promise<{ status: number; headers: [string, string][]; body: Uint8Array }> {
  const target = await loadDeliveryTarget(ctx, {
    integrationName,
    installationId: installationId ?? null,
    spaceId: null,
    siteId: null,
  });
  if (!target) throw notFound("Integration");
  if (installationId && !target.installation) throw notFound("Integration installation");
  const eventId = newId();
  const event = {
    eventId,
    integrationName,
    installationId: installationId ?? null,
    type: "fetch",
    payload: {
      ...(installationId ? { installationId } : {}),
      request: { method: request.method.toLowerCase(), url: request.url, headers: request.headers },
    },
  };
  const result = await deliverToScript(ctx, target, { eventId, type: "fetch", ...event.payload }, request.body);
  await record(ctx, event, target, result);
  if (result.kind !== "answered") throw scriptFailure(result);
  if (result.status < 200 || result.status > 599) {
    throw new ApiError(502, `The integration's script answered an unusable status ${result.status}`);
  }
  return {
    status: result.status,
    headers: result.headers.filter(([name]) => !TRANSFER_HEADERS.has(name.toLowerCase())),
    body: result.body,
  };
}

export interface RenderInput {
  componentId: string;
  props: Record<string, unknown>;
  state?: Record<string, unknown>;
  context: { type: string; organizationId?: string; spaceId?: string; siteId?: string; [key: string]: unknown };
  action?: Record<string, unknown>;
}

/** The installation a render context points at, checked against what the caller may see (404 otherwise). */
async function renderTarget(ctx: RuntimeContext, name: string, context: RenderInput["context"]) {
  const caller = requireUser(ctx.caller);
  await loadIntegration(ctx, name);
  let organizationId: string | undefined;
  let spaceId: string | undefined;
  let siteId: string | undefined;
  if (context.type === "configuration_space" || context.type === "document") {
    spaceId = String(context.spaceId ?? "");
    const space = await loadSpace(ctx, spaceId);
    if (!space || space.row.deletedAt !== null) throw notFound("Space");
    authorize(space.access, "space.view", "Space");
    organizationId = space.row.organizationId;
  } else if (context.type === "configuration_site") {
    siteId = String(context.siteId ?? "");
    const [[site]] = await batch(ctx.db, [
      ctx.db
        .select()
        .from(integrationSiteInstallations)
        .where(
          and(eq(integrationSiteInstallations.siteId, siteId), eq(integrationSiteInstallations.integrationName, name)),
        )
        .limit(1),
    ]);
    if (!site || !can(siteAccess(caller, site.organizationId, siteId), "site.view")) throw notFound("Site");
    organizationId = site.organizationId;
  } else {
    organizationId = String(context.organizationId ?? "");
    if (!can(organizationAccess(caller, organizationId), "installation.view")) throw notFound("Organization");
  }
  const [[installation]] = await batch(ctx.db, [
    ctx.db
      .select({ id: integrationInstallations.id })
      .from(integrationInstallations)
      .where(
        and(
          eq(integrationInstallations.integrationName, name),
          eq(integrationInstallations.organizationId, organizationId),
        ),
      )
      .limit(1),
  ]);
  if (!installation) throw notFound("Integration installation");
  if (spaceId) {
    const [[onSpace]] = await batch(ctx.db, [
      ctx.db
        .select({ id: integrationSpaceInstallations.installationId })
        .from(integrationSpaceInstallations)
        .where(
          and(
            eq(integrationSpaceInstallations.installationId, installation.id),
            eq(integrationSpaceInstallations.spaceId, spaceId),
          ),
        )
        .limit(1),
    ]);
    if (!onSpace) spaceId = undefined;
  }
  const target = await loadDeliveryTarget(ctx, {
    integrationName: name,
    installationId: installation.id,
    spaceId: spaceId ?? null,
    siteId: siteId ?? null,
  });
  if (!target) throw notFound("Integration");
  return { target, installationId: installation.id, spaceId, siteId, userId: caller.userId };
}

/**
 * renderIntegrationUIWithGet/Post: a `ui_render` event for the component in the caller's context; answers the
 * script's ContentKit output and its Cache-Control. The script's own 4xx (an unknown component) is passed on.
 */
export async function renderIntegrationUI(
  ctx: RuntimeContext,
  name: string,
  input: RenderInput,
): Promise<{ output: Record<string, unknown>; cacheControl?: string }> {
  const { target, installationId, spaceId, siteId, userId } = await renderTarget(ctx, name, input.context);
  const eventId = newId();
  const payload = {
    installationId,
    ...(spaceId ? { spaceId } : {}),
    ...(siteId ? { siteId } : {}),
    auth: { userId },
    componentId: input.componentId,
    props: input.props,
    // Absent unless the caller sent one: @gitbook/runtime uses the component's `initialState` only when the event
    // has no state (`event.state || initialState`), so an empty object would replace the initial state.
    ...(input.state ? { state: input.state } : {}),
    context: input.context,
    ...(input.action ? { action: input.action } : {}),
  };
  const result = await deliverToScript(ctx, target, { eventId, type: "ui_render", ...payload });
  await record(
    ctx,
    { eventId, integrationName: name, installationId, spaceId, siteId, type: "ui_render", payload },
    target,
    result,
  );
  if (result.kind !== "answered") throw scriptFailure(result);
  const text = new TextDecoder().decode(result.body);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (result.status >= 400 && result.status < 500) {
    const message = (body as { error?: unknown })?.error;
    const reason = typeof message === "string" ? message : `The integration answered ${result.status}`;
    throw result.status === 404 ? notFound(reason.replace(/ not found$/, "")) : badRequest(reason);
  }
  const output = body as { type?: unknown } | undefined;
  if (result.status >= 300 || !output || (output.type !== "element" && output.type !== "complete")) {
    throw new ApiError(502, `The integration's script did not answer a ContentKit output (status ${result.status})`);
  }
  const cacheControl = result.headers.find(([k]) => k.toLowerCase() === "cache-control")?.[1];
  return { output: output as Record<string, unknown>, ...(cacheControl ? { cacheControl } : {}) };
}

/** The Cache-Control of a published script whose integration sets none: short, public. */
export const PUBLISHED_SCRIPT_CACHE_CONTROL = "public, max-age=300";

/**
 * The script URL of listSpaceIntegrationScripts / listSiteIntegrationScripts (anyone: published content loads
 * it): a `fetch_published_script` event to the integration's script for the installation on that space or site,
 * answered with the script's JavaScript and its Cache-Control. 404 when the installation is gone, not enabled
 * and active there, or the integration lacks the inject scope; 502 when the script fails or answers non-2xx.
 */
export async function fetchPublishedScript(
  ctx: RuntimeContext,
  integrationName: string,
  installationId: string,
  on: ScriptTarget,
): Promise<{ body: Uint8Array; cacheControl: string }> {
  const script = await embeddedScript(ctx, integrationName, installationId, on);
  if (!script) throw notFound("Integration script");
  const spaceId = on.kind === "space" ? on.spaceId : null;
  const siteId = on.kind === "site" ? on.siteId : null;
  const target = await loadDeliveryTarget(ctx, { integrationName, installationId, spaceId, siteId });
  if (!target?.installation) throw notFound("Integration script");
  const eventId = newId();
  const payload = { installationId, ...(spaceId ? { spaceId } : { siteId }) };
  const result = await deliverToScript(ctx, target, { eventId, type: "fetch_published_script", ...payload });
  await record(
    ctx,
    { eventId, integrationName, installationId, spaceId, siteId, type: "fetch_published_script", payload },
    target,
    result,
  );
  if (result.kind !== "answered") throw scriptFailure(result);
  if (result.status < 200 || result.status > 299) {
    throw new ApiError(502, `The integration's script answered ${result.status} instead of a script`);
  }
  const cacheControl = result.headers.find(([k]) => k.toLowerCase() === "cache-control")?.[1];
  return { body: result.body, cacheControl: cacheControl || PUBLISHED_SCRIPT_CACHE_CONTROL };
}
