import type { RequestIdVariables } from "hono/request-id";
import type { SpaceWriteCoordinator } from "./coordination/space-write-coordinator";
import type { Db } from "./db/client";
import type { Caller } from "./services/core/context";

/** The Worker's bindings and variables, as declared in wrangler.toml (plus secrets). */
export interface Env {
  DB: D1Database;
  STORAGE: R2Bucket;
  JOBS: Queue<JobMessage>;
  IP_RATE_LIMITER?: RateLimit;
  /** Static files built from npm packages into public/_quire/ (scripts/build-assets.mjs). */
  ASSETS: Fetcher;
  /** One write coordinator per space: concurrent content writes take turns instead of being refused. */
  SPACE_WRITES?: DurableObjectNamespace<SpaceWriteCoordinator>;
  PUBLIC_API_URL?: string;
  APP_URL?: string;
  RATE_LIMIT_REQUESTS?: string;
  RATE_LIMIT_WINDOW_SECONDS?: string;
  MAX_BODY_BYTES?: string;
  /**
   * Optional key for signed download URLs and visitor JWTs (`wrangler secret put SIGNING_SECRET`). Unset, the
   * deployment generates one and keeps it in D1 (services/signing-secret.ts).
   */
  SIGNING_SECRET?: string;
  /** "true" lets fetches on a user's behalf reach loopback addresses (tests, local development only). */
  ALLOW_LOOPBACK_FETCH?: string;
}

/** Queue messages carry only a job id; the job's payload lives in D1. */
export interface JobMessage {
  jobId: string;
}

export type AppEnv = {
  Bindings: Env;
  Variables: RequestIdVariables & {
    db: Db;
    caller: Caller;
  };
};
