declare namespace Cloudflare {
  interface Env {
    DB: D1Database;
    STORAGE: R2Bucket;
    ASSETS: Fetcher;
    SPACE_WRITES: DurableObjectNamespace<import("../src/coordination/space-write-coordinator").SpaceWriteCoordinator>;
    TOKEN_REQUESTS: DurableObjectNamespace<import("../src/coordination/token-request-counter").TokenRequestCounter>;
    JOBS: Queue<import("../src/env").JobMessage>;
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    PUBLIC_API_URL: string;
    APP_URL: string;
    SIGNING_SECRET: string;
    ALLOW_LOOPBACK_FETCH: string;
    FIXTURE_ORIGIN: string;
    DNS_RESOLVER_URL: string;
    PUBLIC_SITES_HOST: string;
    GIT_ORIGIN: string;
    VALIDATE_RESPONSES: string;
    INSIGHTS_FLUSH_MS: string;
    LOADER: WorkerLoader;
    INTEGRATION_TIMEOUT_MS: string;
  }
}

declare namespace Cloudflare {
  interface GlobalProps {
    mainModule: typeof import("../src/index");
  }
}

/** A file's text, imported through Vite (`import text from "../wrangler.toml?raw"`). */
declare module "*?raw" {
  const text: string;
  export default text;
}

/** Files' texts by path, gathered by Vite at build time (`import.meta.glob(…, { query: "?raw", eager: true })`). */
interface ImportMeta {
  glob(pattern: string | string[], options: { query: "?raw"; import: "default"; eager: true }): Record<string, string>;
}
