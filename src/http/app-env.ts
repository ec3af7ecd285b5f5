import type { RequestIdVariables } from "hono/request-id";
import type { Db } from "../db/client";
import type { Env } from "../env";
import type { SiteTokenClaims, VisitorPass } from "../services/access";
import type { Caller } from "../services/core";
import type { RequestAuthentication } from "./request-authentication";

/** Hono's environment: the Worker's bindings, and what the middleware puts on each request. */
export type AppEnv = {
  Bindings: Env;
  Variables: RequestIdVariables & {
    db: Db;
    /** Set once the caller is known: at once for anonymous requests, after the token's reads for bearer ones. */
    caller: Caller;
    /** The request's bearer token, for requests that send one. */
    authentication?: RequestAuthentication;
    /** What a share key or visitor JWT sent with an anonymous-capable read opens (http/visitor.ts). */
    visitor?: VisitorPass;
    /** A site API token sent as the bearer (verified: services/access/site-tokens.ts), and what it says. */
    siteToken?: { token: string; claims: SiteTokenClaims };
  };
};
