import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  return {
    test: {
      projects: [
        {
          // Everything that runs inside workerd: real D1, R2, queues and the scheduled handler.
          plugins: [
            cloudflareTest(({ inject }) => ({
              wrangler: { configPath: "./wrangler.toml" },
              // The sources, not wrangler.toml's build output (dist/worker): the pool bundles them itself, and
              // their dynamic import()s load on first use here too.
              main: "./src/index.ts",
              miniflare: {
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  PUBLIC_API_URL: "https://api.quire.test",
                  APP_URL: "https://app.quire.test",
                  SIGNING_SECRET: "test-signing-secret-0123456789abcdef",
                  // The import tests fetch from a local fixture server (test/fixture-server).
                  ALLOW_LOOPBACK_FETCH: "true",
                  FIXTURE_ORIGIN: inject("fixtureOrigin"),
                  // Custom hostnames are checked against the fixture server's DNS-over-HTTPS stub.
                  DNS_RESOLVER_URL: `${inject("fixtureOrigin")}/dns-query`,
                  PUBLIC_SITES_HOST: "sites.quire.test",
                  // The Git sync tests push and fetch against `git http-backend` (test/fixture-server/git-server.ts).
                  GIT_ORIGIN: inject("gitOrigin"),
                  // Git sync retries a transient failure after 1 s, then 2 s, … (10 s, 20 s, … deployed).
                  GIT_SYNC_RETRY_SECONDS: "1",
                  // Every 2xx JSON body is checked against its route's declared schema (src/http/router.ts).
                  VALIDATE_RESPONSES: "true",
                  // Served events are written at once (test/routes/insights-served-batch.test.ts tests the batching).
                  INSIGHTS_FLUSH_MS: "0",
                  // Integration scripts that never answer fail after 1.5 s here (test/routes/integration-runtime.test.ts).
                  INTEGRATION_TIMEOUT_MS: "1500",
                },
                compatibilityFlags: ["service_binding_extra_handlers"],
                workers: [
                  {
                    // wrangler.static.toml's assets-only Worker, which Quire's ASSETS binding names.
                    name: "quire-static",
                    modules: true,
                    script: "export default { fetch: () => new Response(null, { status: 404 }) };",
                    compatibilityDate: "2026-11-01",
                    assets: { directory: "./public", routerConfig: { has_user_worker: false } },
                  },
                ],
                queueConsumers: { "quire-jobs": { maxBatchTimeout: 0.05 } },
              },
            })),
          ],
          test: {
            name: "workers",
            // One workerd reused across files (each file still migrates and seeds its own rows): per-file
            // isolation (a workerd per file) put the suite near 10 minutes on 2 cores, and no test needs it.
            isolate: false,
            setupFiles: ["./test/apply-migrations.ts"],
            globalSetup: ["./test/fixture-server/global-setup.ts", "./test/fixture-server/git-server.ts"],
            include: ["test/**/*.test.ts"],
            testTimeout: 20_000,
          },
        },
        {
          // The developer set-up path in Node: bootstrap + wrangler dev over real HTTP.
          // One file at a time: each starts its own `wrangler dev`, and several at once starve a 2-core machine.
          test: {
            name: "e2e",
            include: ["e2e/**/*.test.ts"],
            environment: "node",
            setupFiles: ["./e2e/helpers/retry-stale-sockets.ts"],
            fileParallelism: false,
            testTimeout: 60_000,
            hookTimeout: 180_000,
          },
        },
      ],
    },
  };
});
