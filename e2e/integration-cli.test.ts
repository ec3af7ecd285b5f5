// The real `gitbook` CLI (@gitbook/cli) publishes a real @gitbook/runtime integration (e2e/fixtures/integration)
// to `wrangler dev`: GITBOOK_ENDPOINT/GITBOOK_TOKEN/GITBOOK_ORGANIZATION select the server, the CLI builds the
// script with its own esbuild and calls publishIntegration; the integration is then read back with the official
// client, and the stored script (D1 row + R2 object, read through wrangler's platform proxy) is byte for byte the
// CLI's build output. A second publish is version 2; a refused token makes the CLI exit 1.
import { type SpawnSyncReturns, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GitBookAPI } from "@gitbook/api";
import { getPlatformProxy } from "wrangler";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevServer, root, startDevServer } from "./helpers/dev-server";

const FIXTURE = join(root, "e2e", "fixtures", "integration");
const CLI = join(root, "node_modules", "@gitbook", "cli", "cli.js");
const NAME = "quire-fixture";

let server: DevServer;
let admin: { token: string; organizationId: string };
/** The CLI's TMPDIR (its build output lands in <tmp>/.gitbook/<name>/script.js) and HOME (its config file). */
let scratch: string;

beforeAll(async () => {
  if (!existsSync(CLI)) {
    throw new Error(
      "@gitbook/cli is not installed: run npm ci (its cloudflared postinstall is denied in package.json's " +
        "allowScripts; see the README's Development section)",
    );
  }
  server = await startDevServer({ name: "integration-cli", devArgs: ["--var", "SIGNING_SECRET:e2e-cli-secret"] });
  admin = server.bootstrap("--email", "publisher@example.com", "--org", "Integrators");
  scratch = mkdtempSync(join(tmpdir(), "quire-e2e-gitbook-cli-"));
}, 240_000);

afterAll(() => {
  server?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** `gitbook publish` in the fixture folder, with the Node running this test. */
function publish(token: string): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [CLI, "publish"], {
    cwd: FIXTURE,
    encoding: "utf8",
    timeout: 60_000,
    env: {
      PATH: process.env.PATH,
      HOME: scratch,
      XDG_CONFIG_HOME: join(scratch, "config"),
      TMPDIR: scratch,
      GITBOOK_ENDPOINT: server.origin,
      GITBOOK_TOKEN: token,
      GITBOOK_ORGANIZATION: admin.organizationId,
    },
  });
}

const output = (r: SpawnSyncReturns<string>) => `exit ${r.status}\n${r.stdout}\n${r.stderr}`;

/**
 * The local D1 and R2 that wrangler dev serves, opened a second time through wrangler's platform proxy (only those
 * two bindings, keyed like wrangler.toml's: the database id and the bucket name), to see what was stored.
 */
async function openStorage() {
  const config = join(scratch, "wrangler.json");
  writeFileSync(
    config,
    JSON.stringify({
      name: "quire-storage-reader",
      compatibility_date: "2026-11-01",
      d1_databases: [{ binding: "DB", database_name: "quire", database_id: "00000000-0000-0000-0000-000000000000" }],
      r2_buckets: [{ binding: "STORAGE", bucket_name: "quire-storage" }],
    }),
  );
  const proxy = await getPlatformProxy<{ DB: D1Database; STORAGE: R2Bucket }>({
    configPath: config,
    persist: { path: join(server.persist, "v3") },
  });
  return {
    row: () =>
      proxy.env.DB.prepare("SELECT version, runtime, script_hash FROM integrations WHERE name = ?").bind(NAME).first(),
    object: async (key: string) => {
      const object = await proxy.env.STORAGE.get(key);
      return object && Buffer.from(await object.arrayBuffer());
    },
    dispose: () => proxy.dispose(),
  };
}

describe("gitbook publish (the real CLI) against wrangler dev", () => {
  it("publishes the fixture integration, stores the CLI's build, and bumps the version on a second publish", async () => {
    const first = publish(admin.token);
    expect(first.status, output(first)).toBe(0);
    expect(first.stdout).toContain(`Integration "${NAME}" published`);
    expect(first.stdout).toContain(`/integrations/${NAME}`);

    const api = new GitBookAPI({ endpoint: server.origin, authToken: admin.token });
    const { data: integration } = await api.integrations.getIntegrationByName(NAME);
    expect(integration).toMatchObject({
      name: NAME,
      version: 1,
      title: "Quire fixture",
      visibility: "private",
      scopes: ["space:content:read"],
      blocks: [{ id: "counter", title: "Counter", description: "A button that counts its clicks." }],
      configurations: {
        account: { properties: { greeting: { type: "string", default: "Hello" } } },
        space: { properties: { verbose: { type: "boolean", default: false } } },
      },
      owner: { id: admin.organizationId },
    });
    expect(integration.urls.icon).toBeTruthy();
    // A private integration's images are served to its organization only.
    const icon = await fetch(integration.urls.icon!, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(icon.status).toBe(200);
    expect(Buffer.from(await icon.arrayBuffer())).toEqual(readFileSync(join(FIXTURE, "assets", "icon.png")));

    // The CLI's esbuild output (production: minified ES module with the runtime bundled in).
    const built = readFileSync(join(scratch, ".gitbook", NAME, "script.js"));
    const script = built.toString("utf8");
    expect(script).toContain("from the Quire fixture integration");
    expect(script).toContain("quire-fixture: space ");
    expect(script).toMatch(/export\s*\{/);
    const hash = createHash("sha256").update(built).digest("hex");
    const storage = await openStorage();
    try {
      expect(await storage.row()).toEqual({ version: 1, runtime: "v2", script_hash: hash });
      expect(await storage.object(`integrations/assets/${hash}`)).toEqual(built);

      const second = publish(admin.token);
      expect(second.status, output(second)).toBe(0);
      const { data: again } = await api.integrations.getIntegrationByName(NAME);
      expect(again.version).toBe(2);
      // The same sources build to the same bytes: one content-addressed object, referenced by version 2.
      expect(await storage.row()).toEqual({ version: 2, runtime: "v2", script_hash: hash });
    } finally {
      await storage.dispose();
    }
  });

  it("exits 1 with Quire's error when the token is refused, leaving the version alone", async () => {
    const denied = publish("qr_not-a-token");
    expect(denied.status, output(denied)).toBe(1);
    expect(denied.stderr).toContain("GitBook API failed with [401]");
    expect(denied.stderr).toContain("The API token is unknown or has been revoked");
    const api = new GitBookAPI({ endpoint: server.origin, authToken: admin.token });
    const { data: integration } = await api.integrations.getIntegrationByName(NAME);
    expect(integration.version).toBe(2);
  });
});
