import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { decryptSecrets } from "../../src/services/integrations/secrets";
import { api, client, clientError, workerFetch } from "../helpers/http";
import { db, seedMember, seedOrganization, seedUser } from "../helpers/seed";

// A 1×1 PNG.
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);
const PNG_BASE64 = btoa(String.fromCharCode(...PNG));

let counter = 0;
const uniqueName = () => `quire-test-${++counter}-${crypto.randomUUID().slice(0, 8)}`;

function manifest(organization: string, extra: Record<string, unknown> = {}) {
  return {
    title: "Weather",
    description: "Shows the weather",
    scopes: ["space:content:read" as const],
    script: "export default { async fetch() { return new Response('ok'); } };",
    organization,
    ...extra,
  };
}

describe("integrations: publish, read, list, unpublish", () => {
  it("publishes an integration and its next versions, storing the script and images, sealing its secrets", async () => {
    const { organization, owner } = await seedOrganization();
    const gb = client(owner.token);
    const name = uniqueName();
    const published = await gb.integrations.publishIntegration(
      name,
      manifest(organization.id, {
        visibility: "public",
        icon: PNG_BASE64,
        previewImages: [PNG_BASE64],
        categories: ["content"],
        blocks: [{ id: "forecast", title: "Forecast", urlUnfurl: ["https://weather.example.com/"] }],
        configurations: {
          account: { properties: { city: { type: "string", title: "City" } }, required: ["city"] },
        },
        secrets: { API_KEY: "s3cret" },
      }) as never,
    );
    expect(published.data).toMatchObject({
      object: "integration",
      name,
      version: 1,
      title: "Weather",
      visibility: "public",
      target: "all",
      scopes: ["space:content:read"],
      categories: ["content"],
      owner: { id: organization.id },
      permissions: { admin: true },
    });
    expect(JSON.stringify(published.data)).not.toContain("s3cret");
    expect(published.data.previewImages).toHaveLength(1);

    // The icon is served by its URL, to anyone (the integration is public).
    const icon = await workerFetch(published.data.urls.icon!);
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await icon.arrayBuffer())).toEqual(PNG);

    // Stored: the script in R2, the secrets sealed (not the plaintext).
    const stored = await env.DB.prepare("SELECT script_hash, secrets FROM integrations WHERE name = ?")
      .bind(name)
      .first<{ script_hash: string; secrets: string }>();
    expect(stored!.secrets).not.toContain("s3cret");
    expect(await decryptSecrets({ db, env }, stored!.secrets)).toEqual({ API_KEY: "s3cret" });
    const script = await env.STORAGE.get(`integrations/assets/${stored!.script_hash}`);
    expect(await script!.text()).toContain("new Response('ok')");

    // A new publish is the next version; secrets left out stay.
    const again = await gb.integrations.publishIntegration(
      name,
      manifest(organization.id, { visibility: "public" }) as never,
    );
    expect(again.data.version).toBe(2);
    const kept = await env.DB.prepare("SELECT secrets FROM integrations WHERE name = ?")
      .bind(name)
      .first<{ secrets: string }>();
    expect(await decryptSecrets({ db, env }, kept!.secrets)).toEqual({ API_KEY: "s3cret" });

    expect((await gb.integrations.getIntegrationByName(name)).data.version).toBe(2);
  });

  it("lets only admins of the publishing organization publish, and keeps a name with its organization", async () => {
    const { organization, owner } = await seedOrganization();
    const editor = await seedMember(organization.id, "edit");
    const other = await seedOrganization("Other");
    const name = uniqueName();
    expect(
      (
        await clientError(
          client(editor.token).integrations.publishIntegration(name, manifest(organization.id) as never),
        )
      ).code,
    ).toBe(403);
    const stranger = await seedUser();
    expect(
      (
        await clientError(
          client(stranger.token).integrations.publishIntegration(name, manifest(organization.id) as never),
        )
      ).code,
    ).toBe(404);
    await client(owner.token).integrations.publishIntegration(name, manifest(organization.id) as never);
    const taken = await clientError(
      client(other.owner.token).integrations.publishIntegration(name, manifest(other.organization.id) as never),
    );
    expect(taken.code).toBe(409);
    expect((await api("POST", `/integrations/${name}`, { body: manifest(organization.id) })).status).toBe(401);
  });

  it("refuses bad manifests with a 400 naming the field", async () => {
    const { organization, owner } = await seedOrganization();
    const post = (body: unknown) => api("POST", `/integrations/${uniqueName()}`, { token: owner.token, body });
    const cases: [unknown, RegExp][] = [
      [manifest(organization.id, { title: "x" }), /title/],
      [manifest(organization.id, { scopes: ["space:everything"] }), /scopes/],
      [manifest(organization.id, { icon: "not base64!" }), /icon/],
      [manifest(organization.id, { icon: btoa("plain text, not an image") }), /icon/],
      [manifest(organization.id, { previewImages: [PNG_BASE64, PNG_BASE64, PNG_BASE64, PNG_BASE64] }), /previewImages/],
      [manifest(organization.id, { externalLinks: [{ url: "not a url", label: "x" }] }), /externalLinks/],
      [
        manifest(organization.id, { configurations: { account: { properties: {}, required: ["missing"] } } }),
        /configurations/,
      ],
      [{ ...manifest(organization.id), script: undefined }, /script/],
    ];
    for (const [body, field] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.json.error.message).toMatch(field);
    }
    const badName = await api("POST", "/integrations/bad%20name", {
      token: owner.token,
      body: manifest(organization.id),
    });
    expect(badName.status).toBe(400);
  });

  it("shows private integrations to their organization only, lists with filters, and unpublishes (205, then 204)", async () => {
    const { organization, owner } = await seedOrganization();
    const reader = await seedMember(organization.id, "read");
    const stranger = await seedUser();
    const gb = client(owner.token);
    const privateName = uniqueName();
    const publicName = uniqueName();
    await gb.integrations.publishIntegration(privateName, manifest(organization.id) as never);
    await gb.integrations.publishIntegration(
      publicName,
      manifest(organization.id, {
        visibility: "public",
        categories: ["analytics"],
        blocks: [{ id: "b", title: "Block", urlUnfurl: ["https://maps.example.org/x"] }],
      }) as never,
    );

    expect((await client(reader.token).integrations.getIntegrationByName(privateName)).data.permissions.admin).toBe(
      false,
    );
    expect((await clientError(client(stranger.token).integrations.getIntegrationByName(privateName))).code).toBe(404);
    expect((await client(stranger.token).integrations.getIntegrationByName(publicName)).data.permissions.admin).toBe(
      false,
    );

    const names = async (token: string, query: Record<string, unknown>) =>
      (await client(token).integrations.listIntegrations(query as never)).data.items.map((i) => i.name);
    const mine = await names(owner.token, { owner: organization.id });
    expect(mine.sort()).toEqual([privateName, publicName].sort());
    expect(await names(stranger.token, { owner: organization.id })).toEqual([publicName]);
    expect(await names(owner.token, { owner: organization.id, category: "analytics" })).toEqual([publicName]);
    expect(await names(owner.token, { owner: organization.id, blocks: true })).toEqual([publicName]);
    expect(await names(owner.token, { owner: organization.id, blocks: false })).toEqual([privateName]);
    expect(await names(owner.token, { owner: organization.id, blockDomain: "maps.example.org" })).toEqual([publicName]);
    expect(await names(owner.token, { owner: organization.id, search: publicName.slice(-8) })).toEqual([publicName]);
    const page = await client(owner.token).integrations.listIntegrations({ owner: organization.id, limit: 1 } as never);
    expect(page.data.items).toHaveLength(1);
    expect(page.data.count).toBe(2);
    const rest = await client(owner.token).integrations.listIntegrations({
      owner: organization.id,
      limit: 1,
      page: page.data.next!.page,
    } as never);
    expect([page.data.items[0].name, rest.data.items[0].name].sort()).toEqual([privateName, publicName].sort());

    const trusted = await client(owner.token).orgs.listOrganizationIntegrations(organization.id, {
      owner: organization.id,
    } as never);
    expect(trusted.data.items.map((i) => i.name).sort()).toEqual([privateName, publicName].sort());

    expect((await clientError(client(reader.token).integrations.unpublishIntegration(privateName))).code).toBe(403);
    expect((await api("DELETE", `/integrations/${privateName}`, { token: owner.token })).status).toBe(205);
    expect((await api("DELETE", `/integrations/${privateName}`, { token: owner.token })).status).toBe(204);
    expect((await clientError(gb.integrations.getIntegrationByName(privateName))).code).toBe(404);
  });
});

describe("integrations: installations", () => {
  it("installs in an organization, configures against the schema, lists, reports status, uninstalls", async () => {
    const publisher = await seedOrganization("Publisher");
    const customer = await seedOrganization("Customer");
    const member = await seedMember(customer.organization.id, "edit");
    const name = uniqueName();
    await client(publisher.owner.token).integrations.publishIntegration(
      name,
      manifest(publisher.organization.id, {
        visibility: "public",
        configurations: {
          account: {
            properties: {
              city: { type: "string", enum: ["Paris", "Tokyo"] },
              days: { type: "number" },
            },
            required: ["city"],
          },
        },
      }) as never,
    );
    const gb = client(customer.owner.token);
    expect(
      (
        await clientError(
          client(member.token).integrations.installIntegration(name, { organization: customer.organization.id }),
        )
      ).code,
    ).toBe(403);
    const installed = await gb.integrations.installIntegration(name, { organization: customer.organization.id });
    expect(installed.status).toBe(201);
    expect(installed.data).toMatchObject({
      status: "pending",
      configuration: {},
      target: { organization: customer.organization.id },
    });
    const id = installed.data.id;
    expect(
      (await clientError(gb.integrations.installIntegration(name, { organization: customer.organization.id }))).code,
    ).toBe(409);

    const status = await gb.orgs.getOrganizationIntegrationStatus(customer.organization.id, name);
    expect(status.data.status).toBe("pending");

    const refused = await api("PATCH", `/integrations/${name}/installations/${id}`, {
      token: customer.owner.token,
      body: { configuration: { city: "Berlin" } },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toMatch(/configuration\.city/);
    const unknown = await api("PATCH", `/integrations/${name}/installations/${id}`, {
      token: customer.owner.token,
      body: { configuration: { colour: "red" } },
    });
    expect(unknown.json.error.message).toMatch(/configuration\.colour/);

    const configured = await gb.integrations.updateIntegrationInstallation(name, id, {
      configuration: { city: "Tokyo", days: 3 },
      externalIds: ["acct-42"],
    });
    expect(configured.data).toMatchObject({ status: "active", configuration: { city: "Tokyo", days: 3 } });

    // The publisher's admins see every installation; the customer's admin sees theirs; the filter by external id.
    const seenByPublisher = await client(publisher.owner.token).integrations.listIntegrationInstallations(name);
    expect(seenByPublisher.data.items.map((i) => i.id)).toEqual([id]);
    const byExternalId = await gb.integrations.listIntegrationInstallations(name, { externalId: "acct-42" });
    expect(byExternalId.data.items.map((i) => i.id)).toEqual([id]);
    expect((await gb.integrations.listIntegrationInstallations(name, { externalId: "other" })).data.items).toEqual([]);
    // Members see their organization's installations; only admins change them.
    expect(
      (await client(member.token).integrations.listIntegrationInstallations(name)).data.items.map((i) => i.id),
    ).toEqual([id]);
    expect(
      (
        await clientError(
          client(member.token).integrations.updateIntegrationInstallation(name, id, { externalIds: [] }),
        )
      ).code,
    ).toBe(403);
    const outsider = await seedUser();
    expect((await client(outsider.token).integrations.listIntegrationInstallations(name)).data.items).toEqual([]);

    const orgInstallations = await gb.orgs.listOrganizationInstallations(customer.organization.id);
    expect(orgInstallations.data.items.map((i) => [i.installation.id, i.integration.name])).toEqual([[id, name]]);
    const statuses = await gb.orgs.listOrganizationIntegrationsStatus(customer.organization.id);
    expect(statuses.data.items.map((i) => [i.status, i.integration.name])).toEqual([["active", name]]);
    expect(
      (await clientError(client(member.token).orgs.listOrganizationInstallations(customer.organization.id))).code,
    ).toBe(403);

    expect((await gb.integrations.getIntegrationInstallationById(name, id)).data.id).toBe(id);
    expect((await client(member.token).integrations.getIntegrationInstallationById(name, id)).data.id).toBe(id);
    expect((await clientError(client(outsider.token).integrations.getIntegrationInstallationById(name, id))).code).toBe(
      404,
    );

    expect(
      (await api("DELETE", `/integrations/${name}/installations/${id}`, { token: customer.owner.token })).status,
    ).toBe(205);
    expect(
      (await api("DELETE", `/integrations/${name}/installations/${id}`, { token: customer.owner.token })).status,
    ).toBe(204);
    expect((await clientError(gb.orgs.getOrganizationIntegrationStatus(customer.organization.id, name))).code).toBe(
      404,
    );
  });

  it("installs a private integration only in its own organization; unpublishing uninstalls it everywhere", async () => {
    const publisher = await seedOrganization("Publisher");
    const customer = await seedOrganization("Customer");
    const name = uniqueName();
    const gb = client(publisher.owner.token);
    await gb.integrations.publishIntegration(name, manifest(publisher.organization.id) as never);
    // Invisible to the customer: 404, as if it did not exist.
    expect(
      (
        await clientError(
          client(customer.owner.token).integrations.installIntegration(name, {
            organization: customer.organization.id,
          }),
        )
      ).code,
    ).toBe(404);
    const own = await gb.integrations.installIntegration(name, { organization: publisher.organization.id });
    expect(own.data.status).toBe("active");
    await gb.integrations.unpublishIntegration(name);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM integration_installations WHERE integration_name = ?")
      .bind(name)
      .first<{ n: number }>();
    expect(left!.n).toBe(0);
  });
});

describe("integrations: space installations", () => {
  it("enables an installation on spaces, configures each against the space schema, lists and removes them", async () => {
    const { organization, owner } = await seedOrganization("Docs team");
    const reader = await seedMember(organization.id, "read");
    const gb = client(owner.token);
    const name = uniqueName();
    await gb.integrations.publishIntegration(
      name,
      manifest(organization.id, {
        blocks: [{ id: "chart", title: "Chart" }],
        configurations: { space: { properties: { board: { type: "string" } }, required: ["board"] } },
      }) as never,
    );
    const installation = (await gb.integrations.installIntegration(name, { organization: organization.id })).data;
    const space = (await gb.orgs.createSpace(organization.id, { title: "Handbook" })).data;
    const other = (await gb.orgs.createSpace(organization.id, { title: "Other" })).data;

    const enabled = await gb.integrations.installIntegrationOnSpace(name, installation.id, { space: space.id });
    expect(enabled.status).toBe(201);
    expect(enabled.data).toMatchObject({
      integration: name,
      installation: installation.id,
      status: "pending",
      space: space.id,
    });
    expect(
      (await clientError(gb.integrations.installIntegrationOnSpace(name, installation.id, { space: space.id }))).code,
    ).toBe(409);
    expect(
      (
        await clientError(
          client(reader.token).integrations.installIntegrationOnSpace(name, installation.id, { space: other.id }),
        )
      ).code,
    ).toBe(403);
    const foreign = await seedOrganization("Elsewhere");
    const foreignSpace = (await client(foreign.owner.token).orgs.createSpace(foreign.organization.id, { title: "X" }))
      .data;
    expect(
      (await clientError(gb.integrations.installIntegrationOnSpace(name, installation.id, { space: foreignSpace.id })))
        .code,
    ).toBe(404);

    const refused = await api("PATCH", `/integrations/${name}/installations/${installation.id}/spaces/${space.id}`, {
      token: owner.token,
      body: { configuration: { board: 7 } },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toMatch(/configuration\.board/);
    const configured = await gb.integrations.updateIntegrationSpaceInstallation(name, installation.id, space.id, {
      configuration: { board: "roadmap" },
    });
    expect(configured.data.status).toBe("active");

    // The organization installation counts its spaces; lists by installation, by integration, by space.
    expect((await gb.integrations.getIntegrationInstallationById(name, installation.id)).data.spaces).toBe(1);
    const bySpace = await gb.integrations.listIntegrationInstallationSpaces(name, installation.id, { extended: true });
    expect((bySpace.data.items[0]!.space as { id: string; title: string }).title).toBe("Handbook");
    const byIntegration = await gb.integrations.listIntegrationSpaceInstallations(name);
    expect(byIntegration.data.items.map((i) => i.space)).toEqual([space.id]);
    const enabledHere = await client(reader.token).spaces.listSpaceIntegrations(space.id);
    expect(enabledHere.data.items.map((i) => i.name)).toEqual([name]);
    expect((await client(reader.token).spaces.listSpaceIntegrations(other.id)).data.items).toEqual([]);
    const blocks = await client(reader.token).spaces.listSpaceIntegrationsBlocks(space.id);
    expect(blocks.data).toEqual([{ name, blocks: [{ id: "chart", title: "Chart" }] }]);
    expect((await gb.integrations.getIntegrationSpaceInstallation(name, installation.id, space.id)).data.space).toBe(
      space.id,
    );

    const path = `/integrations/${name}/installations/${installation.id}/spaces/${space.id}`;
    expect((await api("DELETE", path, { token: owner.token })).status).toBe(205);
    expect((await api("DELETE", path, { token: owner.token })).status).toBe(204);
    expect((await gb.integrations.getIntegrationInstallationById(name, installation.id)).data.spaces).toBe(0);

    // Uninstalling from the organization takes the space installations with it.
    await gb.integrations.installIntegrationOnSpace(name, installation.id, { space: other.id });
    await gb.integrations.uninstallIntegration(name, installation.id);
    expect((await client(reader.token).spaces.listSpaceIntegrations(other.id)).data.items).toEqual([]);
  });
});
