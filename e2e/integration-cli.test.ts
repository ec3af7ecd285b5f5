// The real `gitbook` CLI (@gitbook/cli) publishes a real @gitbook/runtime integration (e2e/fixtures/integration)
// to `wrangler dev`: GITBOOK_ENDPOINT/GITBOOK_TOKEN/GITBOOK_ORGANIZATION select the server, the CLI builds the
// script with its own esbuild and calls publishIntegration; the integration is then read back with the official
// client, and the stored script (D1 row + R2 object, read through wrangler's platform proxy) is byte for byte the
// CLI's build output. A second publish is version 2; a refused token makes the CLI exit 1.
// Then the published script runs under wrangler dev, in a Dynamic Worker (the LOADER binding): installed on the
// organization and enabled on a space, its counter block renders and its `increment` action round-trips the state
// (renderIntegrationUiWithPost/Get), its fetch handler answers on both public endpoints, a merge fires
// space_content_updated whose handler reads the space through its installation token (the event's trace shows it),
// and `gitbook tail` prints that event with its log lines.
import { type SpawnSyncReturns, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GitBookAPI } from "@gitbook/api";
import LZString from "lz-string";
import { getPlatformProxy } from "wrangler";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
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

/** The CLI's environment: this deployment, a token, the bootstrapped organization, a scratch HOME and TMPDIR. */
function cliEnv(token: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: scratch,
    XDG_CONFIG_HOME: join(scratch, "config"),
    TMPDIR: scratch,
    GITBOOK_ENDPOINT: server.origin,
    GITBOOK_TOKEN: token,
    GITBOOK_ORGANIZATION: admin.organizationId,
  };
}

/** `gitbook publish` in the fixture folder, with the Node running this test. */
function publish(token: string): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [CLI, "publish"], {
    cwd: FIXTURE,
    encoding: "utf8",
    timeout: 60_000,
    env: cliEnv(token),
  });
}

/**
 * `gitbook tail` in the fixture folder: it prints the integration's two newest events with their trace, then polls
 * every 10 s forever. Its output is returned once it contains `until` (or after `timeoutMs`), and the CLI killed.
 */
function tail(token: string, until: string, timeoutMs = 30_000): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, "tail"], { cwd: FIXTURE, env: cliEnv(token) });
    let out = "";
    const done = () => {
      clearTimeout(timer);
      child.kill("SIGTERM");
      resolve(out);
    };
    const timer = setTimeout(done, timeoutMs);
    const read = (chunk: Buffer) => {
      out += chunk.toString("utf8");
      if (out.includes(until)) done();
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.on("exit", () => {
      clearTimeout(timer);
      resolve(out);
    });
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

describe("the published integration runs under wrangler dev (Worker Loader)", () => {
  it("renders its block and runs its action, answers on its public endpoints, and handles space_content_updated", async () => {
    const api = new GitBookAPI({ endpoint: server.origin, authToken: admin.token });
    const { data: installation } = await api.integrations.installIntegration(NAME, {
      organization: admin.organizationId,
    });
    const { data: space } = await api.orgs.createSpace(admin.organizationId, { title: "Fixture docs" });
    await api.integrations.installIntegrationOnSpace(NAME, installation.id, { space: space.id });

    // The counter block renders in a document of the space; its `increment` action changes the state.
    const context = { type: "document" as const, theme: "light" as const, spaceId: space.id, editable: true };
    const { data: rendered } = await api.integrations.renderIntegrationUiWithPost(NAME, {
      componentId: "counter",
      props: {},
      context,
    });
    const counterElement = (clicks: number) => ({
      type: "block",
      children: [
        { type: "text", children: ["Clicked ", String(clicks), " times"] },
        { type: "button", label: "Count", onPress: { action: "increment" } },
      ],
    });
    expect(rendered).toEqual({ type: "element", state: { clicks: 0 }, props: {}, element: counterElement(0) });
    const { data: clicked } = await api.integrations.renderIntegrationUiWithPost(NAME, {
      componentId: "counter",
      props: {},
      state: (rendered as { state: object }).state,
      action: { action: "increment" },
      context,
    });
    expect(clicked).toEqual({ type: "element", state: { clicks: 1 }, props: {}, element: counterElement(1) });
    // The same request as GET (LZ-string compressed JSON).
    const { data: again } = await api.integrations.renderIntegrationUiWithGet(NAME, {
      request: LZString.compressToEncodedURIComponent(
        JSON.stringify({
          componentId: "counter",
          props: {},
          state: { clicks: 1 },
          action: { action: "increment" },
          context,
        }),
      ),
    });
    expect(again).toMatchObject({ type: "element", state: { clicks: 2 }, element: counterElement(2) });

    // The fetch handler answers on the integration's public endpoint and on the installation's.
    const { data: integration } = await api.integrations.getIntegrationByName(NAME);
    const endpoint = await fetch(`${integration.urls.publicEndpoint}/ping?x=1`);
    expect(endpoint.status).toBe(200);
    // The script sees the full URL (integrations route under the endpoint's pathname, as on GitBook).
    expect(await endpoint.text()).toBe(
      `Hello from the Quire fixture integration (GET ${new URL(integration.urls.publicEndpoint).pathname}/ping)`,
    );
    // The installation's endpoint runs with the installation's configuration (the handler's greeting).
    const { data: configured } = await api.integrations.updateIntegrationInstallation(NAME, installation.id, {
      configuration: { greeting: "Bonjour" },
    });
    const res = await fetch(configured.urls.publicEndpoint, { method: "POST", body: "x" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(
      `Bonjour from the Quire fixture integration (POST ${new URL(configured.urls.publicEndpoint).pathname})`,
    );

    // A content change merged into the space fires space_content_updated; the handler reads the space through the
    // installation token it was given and logs its title.
    const { data: cr } = await api.spaces.createChangeRequest(space.id, { subject: "First page" });
    const write = await fetch(`${server.origin}/v1/spaces/${space.id}/change-requests/${cr.id}/content?compat=false`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin.token}`, "content-type": "application/json" },
      body: JSON.stringify({
        changes: [{ operation: "insert_page", ref: "p", title: "Hello", document: { markdown: "hello\n" } }],
      }),
    });
    expect(write.status, await write.clone().text()).toBe(200);
    const { data: merged } = await api.spaces.mergeChangeRequest(space.id, cr.id);
    const event = await vi.waitFor(
      async () => {
        const { data } = await api.integrations.listIntegrationEvents(NAME, { limit: 100 });
        const found = data.items.find((e) => e.payload.type === "space_content_updated");
        if (!found) throw new Error("no space_content_updated event yet");
        return found;
      },
      { timeout: 30_000, interval: 300 },
    );
    expect(event).toMatchObject({
      status: "success",
      payload: { spaceId: space.id, revisionId: merged.revision, installationId: installation.id },
    });
    const { data: detail } = await api.integrations.getIntegrationEvent(NAME, event.id);
    const logs = (detail.trace?.logs ?? []).map((l) => l.message);
    expect(logs).toContain(`quire-fixture: space ${space.id} updated to revision ${merged.revision}`);
    expect(logs).toContain('quire-fixture: read space "Fixture docs" through the installation token');

    // `gitbook tail` prints the newest events with their logs: this one is among them.
    const tailed = await tail(admin.token, "through the installation token");
    expect(tailed).toContain(`[success]`);
    expect(tailed).toContain(`"type":"space_content_updated"`);
    expect(tailed).toContain('[info] quire-fixture: read space "Fixture docs" through the installation token');
  }, 120_000);
});
