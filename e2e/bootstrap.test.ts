// The set-up path a new developer takes, for real: migrate a local D1, bootstrap a user, organization and
// token, start `wrangler dev` on that state, and call it over HTTP with curl-like fetches and the client.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GitBookAPI } from "@gitbook/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const persist = mkdtempSync(join(tmpdir(), "quire-e2e-"));
const port = 8700 + Math.floor(Math.random() * 90);
const origin = `http://127.0.0.1:${port}`;
let dev: ChildProcess | undefined;

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: root, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stderr}\n${result.stdout}`);
  return result.stdout;
}

function bootstrap(...extra: string[]) {
  const out = run("tsx", ["scripts/bootstrap.ts", "--persist-to", persist, "--json", ...extra]);
  return JSON.parse(out.trim().split("\n").pop()!) as { token: string; userId: string; organizationId: string };
}

beforeAll(async () => {
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persist]);
  dev = spawn("wrangler", ["dev", "--port", String(port), "--ip", "127.0.0.1", "--persist-to", persist, "--var", "SIGNING_SECRET:e2e-secret"], {
    cwd: root,
    stdio: "ignore",
  });
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${origin}/v1/`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("wrangler dev did not start");
}, 180_000);

afterAll(() => {
  dev?.kill("SIGTERM");
  rmSync(persist, { recursive: true, force: true });
});

describe("npm run bootstrap against the local D1 that wrangler dev serves", () => {
  it("prints a token that authenticates, and reuses the user on a second run", async () => {
    const first = bootstrap("--email", "Ada@Example.com", "--name", "Ada", "--org", "Acme");
    const res = await fetch(`${origin}/v1/user`, { headers: { authorization: `Bearer ${first.token}` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ object: "user", id: first.userId, email: "ada@example.com", displayName: "Ada" });

    const second = bootstrap("--email", "ada@example.com", "--org", "Acme");
    expect(second.userId).toBe(first.userId);
    expect(second.organizationId).toBe(first.organizationId);
    expect(second.token).not.toBe(first.token);

    const api = new GitBookAPI({ endpoint: origin, authToken: second.token });
    const { data: orgs } = await api.orgs.listOrganizationsForAuthenticatedUser();
    expect(orgs.items.map((o) => o.id)).toEqual([first.organizationId]);
    expect(orgs.items[0].permissions.admin).toBe(true);
  });

  it("joins an existing organization with --org-id and a role", async () => {
    const owner = bootstrap("--email", "owner@example.com", "--org", "Shared");
    const reader = bootstrap("--email", "reader@example.com", "--org-id", owner.organizationId, "--role", "read");
    expect(reader.organizationId).toBe(owner.organizationId);
    const api = new GitBookAPI({ endpoint: origin, authToken: reader.token });
    const { data: org } = await api.orgs.getOrganizationById(owner.organizationId);
    expect(org.permissions).toMatchObject({ view: true, admin: false });
  });
});
