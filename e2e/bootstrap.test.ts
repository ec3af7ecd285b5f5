// The set-up path a new developer takes, for real: migrate a local D1, bootstrap a user, organization and
// token, start `wrangler dev` on that state, and call it over HTTP with curl-like fetches and the client.
import { GitBookAPI } from "@gitbook/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevServer, startDevServer } from "./helpers/dev-server";
import { expectScheduledTasksRun } from "./helpers/scheduled";

let server: DevServer;
let origin: string;
const bootstrap = (...args: string[]) => server.bootstrap(...args);

beforeAll(async () => {
  // Migrated as the README's set-up does (the other files copy a migrated state to save the half minute).
  server = await startDevServer({
    name: "bootstrap",
    devArgs: ["--var", "SIGNING_SECRET:e2e-secret"],
    migrate: "apply",
  });
  origin = server.origin;
}, 180_000);

afterAll(() => server?.stop());

describe("npm run bootstrap against the local D1 that wrangler dev serves", () => {
  it("prints a token that authenticates, and reuses the user on a second run", async () => {
    const first = bootstrap("--email", "Ada@Example.com", "--name", "Ada", "--org", "Acme");
    const res = await fetch(`${origin}/v1/user`, { headers: { authorization: `Bearer ${first.token}` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      object: "user",
      id: first.userId,
      email: "ada@example.com",
      displayName: "Ada",
    });

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

  it("runs both cron schedules on GET /__scheduled, as `npm start` runs wrangler dev (--test-scheduled)", async () => {
    const admin = bootstrap("--email", "cron@example.com", "--org", "Cron");
    await expectScheduledTasksRun(server, admin.token, admin.organizationId);
  });
});
