import type { Env } from "../env";
import { scheduled } from "./cron";
import { CRON_JOBS } from "./registry";

/*
 * `GET /__scheduled?cron=…` under `wrangler dev`, as Cloudflare documents `wrangler dev --test-scheduled`.
 * wrangler answers that path with a middleware it adds only to Workers it bundles itself; Quire's is uploaded as
 * built (`no_bundle`), so the Worker answers it (src/index.ts). scripts/build-worker.mjs compiles the route in only
 * for `wrangler dev` builds (WRANGLER_COMMAND=dev): a deployed Worker never serves the path. (The dev server also
 * answers wrangler's own `/cdn-cgi/local/scheduled` on every `wrangler dev`: this exposes nothing more.)
 */

/** Runs the task of `?cron=` to its end and says so; a schedule wrangler.toml does not declare is a 400. */
export async function triggerScheduled(request: Request, env: Env): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const cron = params.get("cron") ?? "";
  if (!CRON_JOBS[cron]) {
    const known = Object.keys(CRON_JOBS)
      .map((expression) => `?cron=${expression.replaceAll(" ", "+")}`)
      .join(" or ");
    return new Response(`No scheduled task for cron "${cron}": ask for ${known}\n`, {
      status: 400,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  }
  const time = Number(params.get("time"));
  const scheduledTime = Number.isFinite(time) && time > 0 ? time : Date.now();
  await scheduled({ cron, scheduledTime, noRetry() {} }, env);
  return new Response("Ran scheduled event\n", { headers: { "content-type": "text/plain; charset=utf-8" } });
}
