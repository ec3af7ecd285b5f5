import type { RequestIdVariables } from "hono/request-id";
import type { Db } from "../db/client";
import type { Env } from "../env";
import type { Caller } from "../services/core/context";

/** Hono's environment: the Worker's bindings, and what the middleware puts on each request. */
export type AppEnv = {
  Bindings: Env;
  Variables: RequestIdVariables & {
    db: Db;
    caller: Caller;
  };
};
