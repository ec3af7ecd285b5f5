import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { issueInstallationToken, issueIntegrationToken } from "../../src/services/integrations";
import { changeRequestWith, writeContent } from "../helpers/content";
import { api, client } from "../helpers/http";
import { db, seedOrganization } from "../helpers/seed";

let counter = 0;
const uniqueName = () => `consent-test-${++counter}-${crypto.randomUUID().slice(0, 8)}`;

const page = (title: string) => ({ operation: "insert_page", title, document: { markdown: `# ${title}\n\nBody.` } });
const ctx = { db, env };

/** An organization with a space (a page on main) and an integration asking for `scopes`, installed there. */
async function world(scopes: string[]) {
  const { organization, owner } = await seedOrganization();
  const gb = client(owner.token);
  const name = uniqueName();
  const publish = (next: string[]) =>
    gb.integrations.publishIntegration(name, {
      title: "Consent",
      description: "Asks for more later",
      scopes: next,
      script: "export default { async fetch() { return new Response('ok'); } };",
      organization: organization.id,
    } as never);
  await publish(scopes);
  const installation = (await gb.integrations.installIntegration(name, { organization: organization.id })).data;
  const space = (await gb.orgs.createSpace(organization.id, { title: "Selected" })).data;
  const { cr } = await changeRequestWith(owner.token, space.id, [page("Intro")]);
  await gb.spaces.mergeChangeRequest(space.id, cr.id);
  await gb.integrations.installIntegrationOnSpace(name, installation.id, { space: space.id });
  /** The installation's status as every read of it shows it (they must agree). */
  const statuses = async () => {
    const one = await api("GET", `/integrations/${name}/installations/${installation.id}`, { token: owner.token });
    const byIntegration = await api("GET", `/integrations/${name}/installations`, { token: owner.token });
    const inOrganization = await api("GET", `/orgs/${organization.id}/installations`, { token: owner.token });
    const list = await api("GET", `/orgs/${organization.id}/integrations/installations-status`, {
      token: owner.token,
    });
    const single = await api("GET", `/orgs/${organization.id}/integrations/${name}/installation_status`, {
      token: owner.token,
    });
    return [
      one.json.status,
      byIntegration.json.items[0].status,
      inOrganization.json.items[0].installation.status,
      list.json.items[0].status,
      single.json.status,
    ];
  };
  const accept = () => gb.integrations.updateIntegrationInstallation(name, installation.id, {} as never);
  const rename = (token: string) => api("PATCH", `/spaces/${space.id}`, { token, body: { title: "Renamed" } });
  return { organization, owner, gb, name, installation, space, publish, statuses, accept, rename };
}

const pending = ["pending", "pending", "pending", "pending", "pending"];
const active = ["active", "active", "active", "active", "active"];

describe("integration scopes: installations consent to what their tokens may do", () => {
  it("a scope a new version adds is not granted until an admin updates the installation", async () => {
    const w = await world(["space:content:read"]);
    expect(w.installation.status).toBe("active");
    const before = await issueInstallationToken(ctx, w.installation.id);
    expect((await w.rename(before.token)).status).toBe(403);

    // The new version asks for space:metadata:write: tokens minted before and after cannot use it.
    const published = await w.publish(["space:content:read", "space:metadata:write"]);
    expect(published.data.scopes).toEqual(["space:content:read", "space:metadata:write"]);
    const after = await issueInstallationToken(ctx, w.installation.id);
    for (const token of [before.token, after.token]) {
      const refused = await w.rename(token);
      expect(refused.status).toBe(403);
      expect(refused.json.error.message).toMatch(/scopes/);
      // What was accepted still works.
      expect((await api("GET", `/spaces/${w.space.id}/content/pages`, { token })).status).toBe(200);
    }
    expect(await w.statuses()).toEqual(pending);

    // The admin's update accepts the integration's scopes: the same tokens may now rename the space.
    const accepted = await w.accept();
    expect(accepted.data.status).toBe("active");
    expect(await w.statuses()).toEqual(active);
    expect((await w.rename(after.token)).status).toBe(200);
    const fresh = await issueInstallationToken(ctx, w.installation.id);
    expect((await api("PATCH", `/spaces/${w.space.id}`, { token: fresh.token, body: { emoji: "1f600" } })).status).toBe(
      200,
    );
  });

  it("space:content:write added later writes nothing until accepted (the runtime's and the minted tokens alike)", async () => {
    const w = await world(["space:content:read"]);
    await w.publish(["space:content:read", "space:content:write"]);
    const { cr } = await changeRequestWith(w.owner.token, w.space.id, [page("Draft")]);
    // The token the runtime gives a script, and one the integration mints through the API.
    const runtime = await issueInstallationToken(ctx, w.installation.id);
    const integrationToken = (await issueIntegrationToken(ctx, w.name)).token;
    const minted = await api("POST", `/integrations/${w.name}/installations/${w.installation.id}/tokens`, {
      token: integrationToken,
    });
    expect(minted.status).toBe(200);
    for (const token of [runtime.token, minted.json.token]) {
      const refused = await writeContent(token, w.space.id, cr.id, [page("By the integration")]);
      expect(refused.status).toBe(403);
      expect(refused.json.error.message).toMatch(/scopes/);
      expect((await api("GET", `/spaces/${w.space.id}/content/pages`, { token })).status).toBe(200);
    }
    expect(await w.statuses()).toEqual(pending);

    // Neither the installation's nor the integration's own token can accept for the organization.
    for (const token of [runtime.token, integrationToken]) {
      const res = await api("PATCH", `/integrations/${w.name}/installations/${w.installation.id}`, { token, body: {} });
      expect([403, 404]).toContain(res.status);
    }
    expect(await w.statuses()).toEqual(pending);

    await w.accept();
    expect((await writeContent(runtime.token, w.space.id, cr.id, [page("By the integration")])).status).toBe(200);
    expect((await writeContent(minted.json.token, w.space.id, cr.id, [page("Again")])).status).toBe(200);
  });

  it("a scope a publish removes is lost at once, and adding it back asks for consent again", async () => {
    const w = await world(["space:content:read", "space:metadata:write"]);
    const { token } = await issueInstallationToken(ctx, w.installation.id);
    expect((await w.rename(token)).status).toBe(200);

    await w.publish(["space:content:read"]);
    expect((await w.rename(token)).status).toBe(403);
    expect((await api("GET", `/spaces/${w.space.id}/content/pages`, { token })).status).toBe(200);
    // Fewer scopes need no consent.
    expect(await w.statuses()).toEqual(active);

    await w.publish(["space:content:read", "space:metadata:write"]);
    expect((await w.rename(token)).status).toBe(403);
    expect(await w.statuses()).toEqual(pending);
    await w.accept();
    expect((await w.rename(token)).status).toBe(200);
  });

  it("any admin update accepts (not only an empty one); a new installation accepts the scopes of its time", async () => {
    const w = await world(["space:content:read"]);
    await w.publish(["space:content:read", "space:metadata:write"]);
    const updated = await w.gb.integrations.updateIntegrationInstallation(w.name, w.installation.id, {
      externalIds: ["ext-1"],
    } as never);
    expect(updated.data.status).toBe("active");
    const { token } = await issueInstallationToken(ctx, w.installation.id);
    expect((await w.rename(token)).status).toBe(200);
    const stored = await env.DB.prepare("SELECT accepted_scopes FROM integration_installations WHERE id = ?")
      .bind(w.installation.id)
      .first<{ accepted_scopes: string }>();
    expect(JSON.parse(stored!.accepted_scopes)).toEqual(["space:content:read", "space:metadata:write"]);
  });

  it("a site script scope a new version adds embeds no script until accepted", async () => {
    const w = await world(["space:content:read"]);
    const site = (await w.gb.orgs.createSite(w.organization.id, { title: "Handbook" })).data;
    await w.gb.integrations.installIntegrationOnSite(w.name, w.installation.id, { siteId: site.id });
    const scripts = async () =>
      (await api("GET", `/orgs/${w.organization.id}/sites/${site.id}/integration-scripts`, { token: w.owner.token }))
        .json;
    await w.publish(["space:content:read", "site:script:inject", "site:script:cookies"]);
    expect(await scripts()).toEqual([]);
    await w.accept();
    const listed = await scripts();
    expect(listed).toHaveLength(1);
    expect(listed[0].cookies).toBe(true);
  });

  it("the migration gives existing installations their integration's current scopes", async () => {
    const w = await world(["space:content:read", "space:metadata:write"]);
    await env.DB.prepare("UPDATE integration_installations SET accepted_scopes = '[]' WHERE id = ?")
      .bind(w.installation.id)
      .run();
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0043_"));
    expect(migration).toBeDefined();
    const backfill = migration!.queries.filter((q) => /^\s*UPDATE/i.test(q.replace(/^--.*$/gm, "")));
    expect(backfill).toHaveLength(1);
    await env.DB.prepare(backfill[0]).run();
    const { token } = await issueInstallationToken(ctx, w.installation.id);
    expect((await w.rename(token)).status).toBe(200);
    expect(await w.statuses()).toEqual(active);
  });
});
