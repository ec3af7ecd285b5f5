/**
 * A space's write coordinator as its callers see it (coordination/space-write-coordinator.ts implements it);
 * declared here so that the bindings import nothing from the layers above.
 */
export interface SpaceWriteTurns extends Rpc.DurableObjectBranded {
  /** Runs `write` in the space's turn; "busy" when no turn came in time (the write did not run). */
  runTurn(write: () => Promise<unknown>): Promise<"done" | "busy">;
}

/** Requests of one token in the current fixed window, this one included; the window ends at `resetAt` (epoch s). */
export interface WindowCount {
  count: number;
  resetAt: number;
}

/** Requests a token's counter let one isolate serve, and how many it has let all isolates serve so far. */
export interface RequestLease {
  granted: number;
  leased: number;
  resetAt: number;
}

/** A token's request counter (coordination/token-request-counter.ts implements it). */
export interface TokenRequestCounts extends Rpc.DurableObjectBranded {
  /** Up to `want` more requests in the current window, never past `limit` in all (0: the window is spent). */
  lease(windowSeconds: number, want: number, limit: number): RequestLease;
}

/** The Worker's bindings and variables, as declared in wrangler.toml (plus secrets). */
export interface Env {
  DB: D1Database;
  STORAGE: R2Bucket;
  JOBS: Queue<JobMessage>;
  IP_RATE_LIMITER?: RateLimit;
  /** The quire-static Worker (wrangler.static.toml): files copied from npm packages into public/_quire/. */
  ASSETS: Fetcher;
  /** One write coordinator per space: concurrent content writes take turns instead of being refused. */
  SPACE_WRITES?: DurableObjectNamespace<SpaceWriteTurns>;
  /** One request counter per API token: the per-token rate limit (X-RateLimit-*). Unset: no per-token limit. */
  TOKEN_REQUESTS?: DurableObjectNamespace<TokenRequestCounts>;
  PUBLIC_API_URL?: string;
  APP_URL?: string;
  /**
   * The host custom hostnames may CNAME to (`sites.docs.example.com`) to prove they are meant for this
   * deployment. Unset, only the TXT challenge proves a custom hostname (services/sites/custom-hostnames.ts).
   */
  PUBLIC_SITES_HOST?: string;
  /** The DNS-over-HTTPS JSON resolver custom hostnames are checked with (default Cloudflare's). */
  DNS_RESOLVER_URL?: string;
  /**
   * Who may create organizations through the API (createOrganization): `anyone` with a personal token (the
   * default), `admins` of an existing organization, or `none`. Any other value counts as `none`.
   */
  ALLOW_ORGANIZATION_CREATION?: string;
  /** Days the audit log keeps an event (default 365); the daily cron deletes older ones. */
  AUDIT_RETENTION_DAYS?: string;
  /** Days site insights (rollups, segments, agent feedback) are kept; the daily cron deletes older ones. */
  INSIGHTS_RETENTION_DAYS?: string;
  /** Milliseconds served events (markdown, llms, MCP) wait to be written together per site; "0": each at once. */
  INSIGHTS_FLUSH_MS?: string;
  /**
   * Optional origins of their own for integrations' public endpoints and published scripts, and for published
   * sites (`/~site/…`). Set, each is served only there, and its host serves nothing else (site/origins.ts).
   */
  INTEGRATIONS_URL?: string;
  SITES_URL?: string;
  RATE_LIMIT_REQUESTS?: string;
  RATE_LIMIT_WINDOW_SECONDS?: string;
  MAX_BODY_BYTES?: string;
  /**
   * Optional key for signed download URLs and visitor JWTs (`wrangler secret put SIGNING_SECRET`). Unset, the
   * deployment generates one and keeps it in D1 (services/access/signing-secret.ts).
   */
  SIGNING_SECRET?: string;
  /** "true" lets fetches on a user's behalf reach loopback addresses (tests, local development only). */
  ALLOW_LOOPBACK_FETCH?: string;
  /**
   * Seconds before the first retry of a Git sync job after a transient failure (doubling each attempt, at most
   * 300); default 10. Tests set 1.
   */
  GIT_SYNC_RETRY_SECONDS?: string;
  /**
   * The D1 database's read replication mode, "auto" or "disabled" (default). "auto": every /v1 request runs in
   * a D1 session and answers its bookmark in `X-D1-Bookmark` (README, "Read replicas").
   */
  D1_READ_REPLICATION?: string;
  /** "true" adds `Server-Timing: d1;desc="statements=N roundtrips=M"` to every response (npm run bench). */
  D1_STATS?: string;
  /** "true" turns the per-address limiter (IP_RATE_LIMITER) off, for load tests from one address (npm run bench). */
  SKIP_IP_RATE_LIMIT?: string;
  /**
   * Workers AI, for machine translation of translation runs and for grounded answers (`[ai] binding = "AI"` in the
   * deployed configuration). Unbound, runs use a deterministic stand-in translator
   * (services/translations/translator.ts) and answers an extractive answerer (services/answers/extractive.ts).
   */
  AI?: Ai;
  /** The Workers AI translation model (default `@cf/meta/m2m100-1.2b`). */
  TRANSLATION_MODEL?: string;
  /** The Workers AI model grounded answers are written with (default `@cf/meta/llama-3.1-8b-instruct`). */
  ANSWER_MODEL?: string;
  /**
   * Vectorize (`[[vectorize]] binding = "VECTORIZE"`, 768 dimensions, cosine): semantic retrieval for grounded
   * answers, fused with the FTS results; needs `AI` for embeddings. Unbound, answers retrieve with FTS alone.
   */
  VECTORIZE?: VectorizeIndex;
  /**
   * Worker Loader (`[[worker_loaders]]`): runs published integration scripts in Dynamic Workers
   * (services/integrations/runtime). Unbound, events are recorded as failed ("no Worker Loader binding").
   */
  LOADER?: WorkerLoader;
  /** Wall-clock bound of one delivery to an integration script, in ms (default 30000). */
  INTEGRATION_TIMEOUT_MS?: string;
  /** "true" checks every 2xx JSON body against its route's declared schema (the workers tests set it). */
  VALIDATE_RESPONSES?: string;
}

/** Queue messages carry only a job id; the job's payload lives in D1. */
export interface JobMessage {
  jobId: string;
}
