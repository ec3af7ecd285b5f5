import { createApp } from "./app";
import { withD1Stats } from "./db/d1-stats";
import type { Env, JobMessage } from "./env";
import { foldPagePath } from "./http/page-paths";
import { scheduled } from "./jobs/cron";
import { queue } from "./jobs/index";

// Durable Object classes must be exported by the main module.
export { SpaceWriteCoordinator } from "./coordination/space-write-coordinator";
export { TokenRequestCounter } from "./coordination/token-request-counter";
// The network of integration scripts run in Dynamic Workers (their `globalOutbound`, through ctx.exports).
export { IntegrationOutbound } from "./coordination/integration-outbound";

const app = createApp();

export default {
  fetch: (request, env, ctx) =>
    // D1_STATS="true" (benchmarks): D1 statements and round trips in a Server-Timing header, for the requests
    // that ask (X-D1-Stats), so that the load a benchmark puts on the Worker is not slowed by the counting.
    env.D1_STATS === "true" && request.headers.has("x-d1-stats")
      ? withD1Stats(env, (counted) => app.fetch(foldPagePath(request), counted, ctx))
      : app.fetch(foldPagePath(request), env, ctx),
  queue,
  scheduled,
} satisfies ExportedHandler<Env, JobMessage>;
