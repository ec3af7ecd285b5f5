// Zero configuration, for real: migrate a local D1, run a plain `wrangler dev` (Quire alone, no SIGNING_SECRET
// at all), bootstrap a user, and use what depends on signing (uploaded files' download URLs, visitor claims).
// The deployment makes and stores its own secret on first need. Without the static files' Worker, what needs
// its files says how to start it. `--test-scheduled`, as Cloudflare documents it, runs the cron tasks.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GitBookAPI } from "@gitbook/api";
import { jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevServer, startDevServer } from "./helpers/dev-server";
import { expectScheduledTasksRun } from "./helpers/scheduled";

// Nothing from the caller's environment may configure the Worker: no SIGNING_SECRET, no process-env loading.
// A dev registry of its own: a quire-static another `npm start` on this machine runs is not this one's.
const childEnv = {
  ...Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => name !== "SIGNING_SECRET" && name !== "CLOUDFLARE_INCLUDE_PROCESS_ENV",
    ),
  ),
  WRANGLER_REGISTRY_PATH: mkdtempSync(join(tmpdir(), "quire-e2e-registry-")),
};

let server: DevServer;
let origin: string;
let persist: string;
const run = (command: string, args: string[]) => server.run(command, args);

function storedSecrets(): { name: string; value: string }[] {
  const out = run("wrangler", [
    "d1",
    "execute",
    "DB",
    "--local",
    "--persist-to",
    persist,
    "--json",
    "--command",
    "SELECT name, value FROM instance_secrets",
  ]);
  return JSON.parse(out)[0].results;
}

beforeAll(async () => {
  // An explicit, empty env file makes wrangler skip the project's .dev.vars (which `npm start` writes with a
  // SIGNING_SECRET): the Worker then sees exactly what a fresh clone's plain `wrangler dev` gives it.
  server = await startDevServer({
    name: "zero-config",
    plain: true,
    env: childEnv,
    devArgs: (dir) => {
      const emptyEnvFile = join(dir, "empty.env");
      writeFileSync(emptyEnvFile, "");
      return ["--env-file", emptyEnvFile, "--test-scheduled"];
    },
  });
  ({ origin, persist } = server);
}, 180_000);

afterAll(() => server?.stop());

describe("wrangler dev without SIGNING_SECRET", () => {
  it("serves uploads, revisions, signed downloads and visitor claims with a secret it generated and stored", async () => {
    expect(storedSecrets()).toEqual([]);
    const out = run("tsx", [
      "scripts/bootstrap.ts",
      "--persist-to",
      persist,
      "--json",
      "--email",
      "zero@example.com",
      "--org",
      "Zero",
    ]);
    const { token, organizationId, userId } = JSON.parse(out.trim().split("\n").pop()!) as {
      token: string;
      organizationId: string;
      userId: string;
    };
    const api = new GitBookAPI({ endpoint: origin, authToken: token });

    const { data: space } = await api.orgs.createSpace(organizationId, { title: "Docs" });
    const { data: cr } = await api.spaces.createChangeRequest(space.id, { subject: "Notes" });
    const bytes = new TextEncoder().encode("zero configuration\n");
    const upload = await fetch(`${origin}/v1/spaces/${space.id}/change-requests/${cr.id}/content?compat=false`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        changes: [
          {
            operation: "insert_files",
            files: [
              {
                ref: "notes",
                name: "notes.txt",
                contentType: "text/plain",
                base64: Buffer.from(bytes).toString("base64"),
              },
            ],
          },
        ],
      }),
    });
    expect(upload.status).toBe(200);
    await api.spaces.mergeChangeRequest(space.id, cr.id);

    const { data: revision } = await api.spaces.getCurrentRevision(space.id);
    expect(revision.files.map((f) => f.name)).toEqual(["notes.txt"]);
    const download = await fetch(revision.files[0]!.downloadURL);
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);

    const { data: ping } = await api.orgs.updateOrganizationMemberLastSeenAt(organizationId);
    expect(ping.gitbookVisitorClaims).toBeTruthy();

    const [stored, ...others] = storedSecrets();
    expect(others).toEqual([]);
    expect(stored!.value).toMatch(/^[0-9a-f]{64}$/);
    const { payload } = await jwtVerify(ping.gitbookVisitorClaims!, new TextEncoder().encode(stored!.value), {
      issuer: origin,
      audience: "quire:visitor",
    });
    expect(payload).toMatchObject({ sub: userId, org: organizationId, role: "admin" });
  });

  it("says how to start the static files' Worker where its files are needed (the API reference)", async () => {
    const res = await fetch(`${origin}/reference`, { headers: { accept: "text/html" } });
    expect(res.status).toBe(503);
    const { error } = (await res.json()) as { error: { code: number; message: string } };
    expect(error.code).toBe(503);
    expect(error.message).toContain("npm start");
  });

  it("runs both cron schedules on GET /__scheduled under a plain `wrangler dev --test-scheduled`", async () => {
    const { token, organizationId } = server.bootstrap("--email", "cron@example.com", "--org", "Cron");
    await expectScheduledTasksRun(server, token, organizationId);
  });
});
