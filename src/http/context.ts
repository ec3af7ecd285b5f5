import type { Context } from "hono";
import type { AppEnv } from "./app-env";
import type { ServiceContext } from "../services/core";
import { tokenUserIdSql } from "../services/people";
import { dispatchInline } from "../jobs/registry";

/** The service context of a request: db, env, caller and the absolute URL bases for presenters. */
export function serviceContext(c: Context<AppEnv>): ServiceContext {
  const urls = urlBases(c);
  const defer = deferUntilDone(c);
  return {
    db: c.get("db"),
    env: c.env,
    // Read when used: a route whose token rides its first batch learns the caller from that batch.
    get caller() {
      const caller = c.get("caller") ?? c.get("authentication")?.caller;
      if (!caller) throw new Error("the caller was read before the request's token was authenticated");
      const visitor = c.get("visitor");
      return visitor ? { ...caller, visitor } : caller;
    },
    urls,
    now: Date.now(),
    defer,
    // Subscribers of the request's content events (search indexing) run after the response, in its waitUntil.
    dispatch: async (eventIds) => {
      const run = dispatchInline({ db: c.get("db"), env: c.env, now: Date.now(), urls }, eventIds);
      if (defer) defer(run);
      else await run;
    },
    get callerUserIdSql() {
      const authentication = c.get("authentication");
      return authentication && tokenUserIdSql(authentication.tokenHash);
    },
  };
}

/**
 * Where the API and the app live: configured origins, or this request's own; integrations' content and published
 * sites, when the deployment gives them origins of their own.
 */
export function urlBases(c: Context<AppEnv>): ServiceContext["urls"] {
  const origin = new URL(c.req.url).origin;
  const urls: ServiceContext["urls"] = { api: c.env.PUBLIC_API_URL || origin, app: c.env.APP_URL || origin };
  if (c.env.INTEGRATIONS_URL) urls.integrations = c.env.INTEGRATIONS_URL.replace(/\/+$/, "");
  if (c.env.SITES_URL) urls.sites = c.env.SITES_URL.replace(/\/+$/, "");
  if (c.env.PUBLIC_API_URL) urls.customHosts = true;
  return urls;
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
