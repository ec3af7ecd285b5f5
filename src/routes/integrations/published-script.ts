import type { Context } from "hono";
import { createDb } from "../../db/client";
import type { AppEnv } from "../../http/app-env";
import { serviceContext } from "../../http/context";
import { runtimePresenters } from "../../presenters/integration-runtime";
import { fetchPublishedScript, type ScriptTarget } from "../../services/integrations";

/**
 * The `script` URLs of listSpaceIntegrationScripts / listSiteIntegrationScripts. Not API operations: published
 * content loads them with a `<script>` tag, so no token is read. Each delivers a `fetch_published_script` event
 * to the integration's script synchronously (recorded like the public endpoints) and answers its JavaScript with
 * `Content-Type: application/javascript` and the script's Cache-Control (short public caching otherwise). The
 * query (`?v=…`, the lists' cache buster) is ignored. Mounted in app.ts before authentication, behind
 * INTEGRATION_CONTENT_GUARDS (integration-content.ts), like the public endpoints.
 */
export const PUBLISHED_SCRIPT_PATHS = {
  space: "/v1/integrations/:integrationName/installations/:installationId/spaces/:spaceId/script.js",
  site: "/v1/integrations/:integrationName/installations/:installationId/sites/:siteId/script.js",
} as const;

async function serve(c: Context<AppEnv>, on: ScriptTarget) {
  c.set("db", createDb(c.env.DB));
  c.set("caller", { kind: "anonymous" });
  const ctx = { ...serviceContext(c), presenters: runtimePresenters };
  const script = await fetchPublishedScript(
    ctx,
    c.req.param("integrationName") ?? "",
    c.req.param("installationId") ?? "",
    on,
  );
  return new Response(c.req.method === "HEAD" ? null : script.body, {
    status: 200,
    headers: { "Content-Type": "application/javascript", "Cache-Control": script.cacheControl },
  });
}

export const spaceScript = (c: Context<AppEnv>) => serve(c, { kind: "space", spaceId: c.req.param("spaceId") ?? "" });
export const siteScript = (c: Context<AppEnv>) => serve(c, { kind: "site", siteId: c.req.param("siteId") ?? "" });
