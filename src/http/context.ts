import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { ServiceContext } from "../services/context";

/** The service context of a request: db, env, caller and the absolute URL bases for presenters. */
export function serviceContext(c: Context<AppEnv>): ServiceContext {
  const origin = new URL(c.req.url).origin;
  return {
    db: c.get("db"),
    env: c.env,
    caller: c.get("caller"),
    urls: { api: c.env.PUBLIC_API_URL || origin, app: c.env.APP_URL || origin },
    now: Date.now(),
    defer: deferUntilDone(c),
  };
}

/** The request's `waitUntil`, when it runs with an execution context (Hono's getter throws otherwise). */
function deferUntilDone(c: Context<AppEnv>): ServiceContext["defer"] {
  let executionCtx: { waitUntil(promise: Promise<unknown>): void };
  try {
    executionCtx = c.executionCtx;
  } catch {
    return undefined;
  }
  return (task) => executionCtx.waitUntil(task);
}
