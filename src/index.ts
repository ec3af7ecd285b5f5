import { createApp } from "./app";
import type { Env, JobMessage } from "./env";
import { foldPagePath } from "./http/page-paths";
import { scheduled } from "./jobs/cron";
import { queue } from "./jobs/index";

// Durable Object classes must be exported by the main module.
export { SpaceWriteCoordinator } from "./coordination/space-write-coordinator";
export { TokenRequestCounter } from "./coordination/token-request-counter";

const app = createApp();

export default {
  fetch: (request, env, ctx) => app.fetch(foldPagePath(request), env, ctx),
  queue,
  scheduled,
} satisfies ExportedHandler<Env, JobMessage>;
