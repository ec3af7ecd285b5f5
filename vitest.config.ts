import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            PUBLIC_API_URL: "https://api.quire.test",
            APP_URL: "https://app.quire.test",
            SIGNING_SECRET: "test-signing-secret-0123456789abcdef",
          },
          compatibilityFlags: ["service_binding_extra_handlers"],
          queueConsumers: { "quire-jobs": { maxBatchTimeout: 0.05 } },
        },
      }),
    ],
    test: {
      setupFiles: ["./test/apply-migrations.ts"],
      include: ["test/**/*.test.ts"],
      testTimeout: 20_000,
    },
  };
});
