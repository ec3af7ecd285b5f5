import { createApp } from "./app";
import { withD1Stats } from "./db/d1-stats";
import type { Env, JobMessage } from "./env";
import { foldPagePath } from "./http/page-paths";
import { scheduled } from "./jobs/cron";
import { queue } from "./jobs/index";
import { forgetRecentSites } from "./services/published";
import { MCP_PATH } from "./site/agent-links";

// Durable Object classes must be exported by the main module.
export { SpaceWriteCoordinator } from "./coordination/space-write-coordinator";
export { TokenRequestCounter } from "./coordination/token-request-counter";
// The network of integration scripts run in Dynamic Workers (their `globalOutbound`, through ctx.exports).
export { IntegrationOutbound } from "./coordination/integration-outbound";

const app = createApp();

const serve = (request: Request, env: Env, ctx: ExecutionContext) =>
  // D1_STATS="true" (benchmarks): D1 statements and round trips in a Server-Timing header, for the requests
  // that ask (X-D1-Stats), so that the load a benchmark puts on the Worker is not slowed by the counting.
  env.D1_STATS === "true" && request.headers.has("x-d1-stats")
    ? withD1Stats(env, (counted) => app.fetch(foldPagePath(request), counted, ctx))
    : app.fetch(foldPagePath(request), env, ctx);

/** True in a `wrangler dev` build only: scripts/build-worker.mjs defines it (the Workers test pool does not). */
declare const QUIRE_WRANGLER_DEV: boolean | undefined;

/**
 * `wrangler dev --test-scheduled`'s documented trigger, `GET /__scheduled?cron=…` (jobs/dev-triggers.ts), or
 * undefined. A deployed Worker's build folds the condition to `false`: it neither serves the path nor holds its code.
 */
function scheduledTrigger(request: Request, env: Env): Promise<Response> | undefined {
  if (typeof QUIRE_WRANGLER_DEV === "boolean" && QUIRE_WRANGLER_DEV) {
    if (request.method !== "GET" || new URL(request.url).pathname !== "/__scheduled") return undefined;
    return asWrite(async () => (await import("./jobs/dev-triggers")).triggerScheduled(request, env));
  }
  return undefined;
}

/**
 * Runs a write (a request that is not a read, a queue batch, a cron run), forgetting the published sites this
 * isolate loaded recently before and after it (services/published/recent-sites.ts): a published page read
 * after a write in the same isolate shows it.
 */
async function asWrite<T>(run: () => Promise<T>): Promise<T> {
  forgetRecentSites();
  try {
    return await run();
  } finally {
    forgetRecentSites();
  }
}

/**
 * Whether a request can change nothing a published site's load reads: reads, and calls to a site's MCP server
 * (what they write, questions, feedback and insights, is in no site's load). Everything else runs asWrite.
 */
const changesNoSite = (request: Request) =>
  request.method === "GET" || request.method === "HEAD" || new URL(request.url).pathname.endsWith(MCP_PATH);

export default {
  fetch: (request, env, ctx) =>
    scheduledTrigger(request, env) ??
    (changesNoSite(request) ? serve(request, env, ctx) : asWrite(() => Promise.resolve(serve(request, env, ctx)))),
  queue: (batch, env, ctx) => asWrite(() => queue(batch, env, ctx)),
  scheduled: (controller, env) => asWrite(() => scheduled(controller, env)),
} satisfies ExportedHandler<Env, JobMessage>;
