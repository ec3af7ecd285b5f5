import type { Context } from "hono";
import { createDb } from "../db/client";
import type { AppEnv } from "../http/app-env";
import { urlBases } from "../http/context";
import type { ServiceContext } from "../services/core";

/**
 * The sign-in pages take no API token: their db is the primary's (each one writes or must see the latest write)
 * and their caller is whoever the service establishes (a verified assertion, a session).
 */
export const ssoDb = (c: Context<AppEnv>) => createDb(c.env.DB);

export const ssoContext = (c: Context<AppEnv>) => ({ db: ssoDb(c), urls: urlBases(c), now: Date.now() });

/** A service context for a service that sets its own caller (createSessionToken). */
export function serviceContextWithoutCaller(c: Context<AppEnv>): ServiceContext {
  return { db: ssoDb(c), env: c.env, urls: urlBases(c), now: Date.now(), caller: { kind: "anonymous" } };
}
