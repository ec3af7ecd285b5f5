import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  INTEGRATION_TOKEN_TTL_MS,
  issueInstallationToken,
  issueIntegrationToken,
} from "../../src/services/integrations";
import { changeRequestWith, writeContent } from "../helpers/content";
import { api, client } from "../helpers/http";
import { db, seedOrganization } from "../helpers/seed";

let counter = 0;
const uniqueName = () => `tokens-test-${++counter}-${crypto.randomUUID().slice(0, 8)}`;

const page = (title: string) => ({ operation: "insert_page", title, document: { markdown: `# ${title}\n\nBody.` } });

/** An organization with two spaces (one with a page on main), an integration with `scopes` installed on the first. */
async function world(scopes: string[]) {
  const { organization, owner } = await seedOrganization();
  const gb = client(owner.token);
  const name = uniqueName();
  await gb.integrations.publishIntegration(name, {
    title: "Scoped",
    description: "Reads and writes content",
    scopes,
    script: "export default { async fetch() { return new Response('ok'); } };",
    organization: organization.id,
  } as never);
  const installation = (await gb.integrations.installIntegration(name, { organization: organization.id })).data;
  const selected = (await gb.orgs.createSpace(organization.id, { title: "Selected" })).data;
  const unselected = (await gb.orgs.createSpace(organization.id, { title: "Unselected" })).data;
  const { cr } = await changeRequestWith(owner.token, selected.id, [page("Intro")]);
  await gb.spaces.mergeChangeRequest(selected.id, cr.id);
  await gb.integrations.installIntegrationOnSpace(name, installation.id, { space: selected.id });
  return { organization, owner, gb, name, installation, selected, unselected };
}

const ctx = { db, env };

describe("integration tokens: minted for integrations, scoped to an installation", () => {
  it("reads the selected spaces' content with space:content:read, and nothing else", async () => {
    const w = await world(["space:content:read"]);
    const before = Date.now();
    const { token, expiresAt } = await issueInstallationToken(ctx, w.installation.id);
    expect(expiresAt).toBeGreaterThanOrEqual(before + INTEGRATION_TOKEN_TTL_MS);

    const pages = await api("GET", `/spaces/${w.selected.id}/content/pages`, { token });
    expect(pages.status).toBe(200);
    expect(pages.json.pages.map((p: { title: string }) => p.title)).toEqual(["Intro"]);
    const space = await api("GET", `/spaces/${w.selected.id}`, { token });
    expect(space.status).toBe(200);
    expect(space.json.permissions).toMatchObject({ view: true, edit: false, admin: false });

    // An unselected space of the same organization, and another organization's space: invisible.
    expect((await api("GET", `/spaces/${w.unselected.id}/content/pages`, { token })).status).toBe(404);
    expect((await api("GET", `/spaces/${w.unselected.id}`, { token })).status).toBe(404);
    const other = await world(["space:content:read"]);
    expect((await api("GET", `/spaces/${other.selected.id}/content/pages`, { token })).status).toBe(404);
    expect((await api("GET", `/orgs/${other.organization.id}`, { token })).status).toBe(404);

    // Writing needs space:content:write: 403 on a space the token sees.
    const { cr } = await changeRequestWith(w.owner.token, w.selected.id, [page("Draft")]);
    const refused = await writeContent(token, w.selected.id, cr.id, [page("By the integration")]);
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toMatch(/scopes/);
    // Its organization is visible, its members are not; operations that need a person refuse it.
    expect((await api("GET", `/orgs/${w.organization.id}`, { token })).status).toBe(200);
    expect((await api("GET", `/orgs/${w.organization.id}/members`, { token })).status).toBe(403);
    expect((await api("GET", "/user", { token })).status).toBe(403);
    expect((await api("GET", "/user/tokens", { token })).status).toBe(403);
    expect((await api("POST", `/spaces/${w.selected.id}/change-requests`, { token, body: {} })).status).toBe(403);
    expect((await api("PATCH", `/spaces/${w.selected.id}`, { token, body: { title: "Renamed" } })).status).toBe(403);
    // Selecting the other space lets the same token read it at once (the selection is read with the token).
    await w.gb.integrations.installIntegrationOnSpace(w.name, w.installation.id, { space: w.unselected.id });
    expect((await api("GET", `/spaces/${w.unselected.id}/content/pages`, { token })).status).toBe(200);
  });

  it("writes content with space:content:write, with no person as contributor", async () => {
    const w = await world(["space:content:write"]);
    const { token } = await issueInstallationToken(ctx, w.installation.id);
    const { cr } = await changeRequestWith(w.owner.token, w.selected.id, [page("Draft")]);
    const written = await writeContent(token, w.selected.id, cr.id, [page("By the integration")]);
    expect(written.status).toBe(200);
    const read = await api("GET", `/spaces/${w.selected.id}/change-requests/${cr.id}/content/pages`, { token });
    expect(read.json.pages.map((p: { title: string }) => p.title)).toContain("By the integration");
    const got = await api("GET", `/spaces/${w.selected.id}/change-requests/${cr.id}`, { token });
    expect(got.status).toBe(200);
    expect(got.json.createdBy.id).toBeTruthy();
    // Merging is writing content too.
    expect((await api("POST", `/spaces/${w.selected.id}/change-requests/${cr.id}/merge`, { token })).status).toBe(200);
    // Still nothing outside the selection, and no metadata writes without space:metadata:write.
    expect((await writeContent(token, w.unselected.id, cr.id, [page("X")])).status).toBe(404);
    expect((await api("PATCH", `/spaces/${w.selected.id}`, { token, body: { title: "Renamed" } })).status).toBe(403);
  });

  it("selection `all` reaches every space of the organization; metadata scopes edit the space itself", async () => {
    const w = await world(["space:metadata:write"]);
    await w.gb.integrations.updateIntegrationInstallation(w.name, w.installation.id, {
      space_selection: "all",
    } as never);
    const { token } = await issueInstallationToken(ctx, w.installation.id);
    const renamed = await api("PATCH", `/spaces/${w.unselected.id}`, { token, body: { title: "Renamed" } });
    expect(renamed.status).toBe(200);
    expect(renamed.json.title).toBe("Renamed");
    // Metadata is not content.
    expect((await api("GET", `/spaces/${w.unselected.id}/content/pages`, { token })).status).toBe(403);
    expect((await api("PATCH", `/spaces/${w.unselected.id}`, { token, body: { defaultLevel: "read" } })).status).toBe(
      403,
    );
  });

  it("refuses expired tokens and tokens of an uninstalled installation or an unpublished integration", async () => {
    const w = await world(["space:content:read"]);
    const expired = await issueInstallationToken(ctx, w.installation.id);
    await env.DB.prepare(
      "UPDATE integration_tokens SET expires_at = ? WHERE token_hash = (SELECT token_hash FROM integration_tokens ORDER BY created_at DESC LIMIT 1)",
    )
      .bind(Date.now() - 1)
      .run();
    const gone = await api("GET", `/spaces/${w.selected.id}/content/pages`, { token: expired.token });
    expect(gone.status).toBe(401);
    expect(gone.headers.get("www-authenticate")).toMatch(/Bearer/);

    const { token } = await issueInstallationToken(ctx, w.installation.id);
    const integrationToken = (await issueIntegrationToken(ctx, w.name)).token;
    expect((await api("GET", `/spaces/${w.selected.id}/content/pages`, { token })).status).toBe(200);
    await w.gb.integrations.uninstallIntegration(w.name, w.installation.id);
    expect((await api("GET", `/spaces/${w.selected.id}/content/pages`, { token })).status).toBe(401);
    expect((await api("GET", `/integrations/${w.name}`, { token: integrationToken })).status).toBe(200);
    await w.gb.integrations.unpublishIntegration(w.name);
    expect((await api("GET", `/integrations/${w.name}`, { token: integrationToken })).status).toBe(401);
    await expect(issueIntegrationToken(ctx, w.name)).rejects.toMatchObject({ status: 404 });
    await expect(issueInstallationToken(ctx, w.installation.id)).rejects.toMatchObject({ status: 404 });
  });

  it("lets the integration's token mint installation tokens for its own installations only", async () => {
    const w = await world(["space:content:read"]);
    const o = await world(["space:content:read"]);
    const { token } = await issueIntegrationToken(ctx, w.name);
    // The integration itself reads its integration and installation, and no content.
    expect((await api("GET", `/integrations/${w.name}`, { token })).status).toBe(200);
    expect((await api("GET", `/integrations/${w.name}/installations/${w.installation.id}`, { token })).status).toBe(
      200,
    );
    expect((await api("GET", `/spaces/${w.selected.id}/content/pages`, { token })).status).toBe(404);

    const minted = await api("POST", `/integrations/${w.name}/installations/${w.installation.id}/tokens`, { token });
    expect(minted.status).toBe(200);
    expect(Object.keys(minted.json)).toEqual(["token"]);
    const read = await api("GET", `/spaces/${w.selected.id}/content/pages`, { token: minted.json.token });
    expect(read.status).toBe(200);

    // Another integration's installation, or this installation under another integration's name: 404.
    expect(
      (await api("POST", `/integrations/${o.name}/installations/${o.installation.id}/tokens`, { token })).status,
    ).toBe(404);
    expect(
      (await api("POST", `/integrations/${w.name}/installations/${o.installation.id}/tokens`, { token })).status,
    ).toBe(404);
    // An installation token mints nothing; nor does a member who is no admin of the publisher; no token: 401.
    const installationToken = minted.json.token;
    expect(
      (
        await api("POST", `/integrations/${w.name}/installations/${w.installation.id}/tokens`, {
          token: installationToken,
        })
      ).status,
    ).toBe(403);
    expect((await api("POST", `/integrations/${w.name}/installations/${w.installation.id}/tokens`)).status).toBe(401);
    // The publisher's admins may (through the official client too).
    const byAdmin = await w.gb.integrations.createIntegrationInstallationToken(w.name, w.installation.id);
    expect((await api("GET", `/spaces/${w.selected.id}/content/pages`, { token: byAdmin.data.token })).status).toBe(
      200,
    );
    expect(
      (await api("POST", `/integrations/${w.name}/installations/${w.installation.id}/tokens`, { token: o.owner.token }))
        .status,
    ).toBe(404);
  });

  it("leaves personal tokens as they were", async () => {
    const w = await world(["space:content:read"]);
    await issueInstallationToken(ctx, w.installation.id);
    expect((await api("GET", `/spaces/${w.unselected.id}/content/pages`, { token: w.owner.token })).status).toBe(200);
    const { cr } = await changeRequestWith(w.owner.token, w.unselected.id, [page("Mine")]);
    expect(
      (await api("GET", `/spaces/${w.unselected.id}/change-requests/${cr.id}`, { token: w.owner.token })).status,
    ).toBe(200);
    expect((await api("GET", "/user", { token: w.owner.token })).status).toBe(200);
  });
});
