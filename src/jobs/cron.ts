import type { Env } from "../env";
import { createDb } from "../db/client";
import { CRON_JOBS } from "./registry";

/** Cron trigger: each schedule in wrangler.toml maps to one task; the cutoff comes from scheduledTime. */
export async function scheduled(controller: ScheduledController, env: Env): Promise<void> {
  const task = CRON_JOBS[controller.cron];
  if (!task) {
    console.warn(`No task for cron "${controller.cron}"`);
    return;
  }
  await task({ db: createDb(env.DB), env, now: controller.scheduledTime });
}
