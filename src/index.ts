import { createApp } from "./app";
import type { Env } from "./env";
import { scheduled } from "./jobs/cron";
import { queue } from "./jobs/index";

const app = createApp();

export default {
  fetch: app.fetch,
  queue,
  scheduled,
} satisfies ExportedHandler<Env, import("./env").JobMessage>;
