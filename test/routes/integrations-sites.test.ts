import { env } from "cloudflare:workers";
import { IntegrationInstallationSiteSelection } from "@gitbook/api";
import { describe, expect, it } from "vitest";
import { api, client, clientError } from "../helpers/http";
import { seedMember, seedOrganization } from "../helpers/seed";

let counter = 0;
const uniqueName = () => `quire-site-${++counter}-${crypto.randomUUID().slice(0, 8)}`;

function manifest(organization: string, extra: Record<string, unknown> = {}) {
  return {
    title: "Analytics",
    description: "Counts visits",
    scopes: ["site:script:inject" as const],
    script: "export default { async fetch() { return new Response('ok'); } };",
    organization,
    ...extra,
  };
}

/** An organization with an integration installed in it (site configuration: `tracker` required) and a site. */
async function world(extra: Record<string, unknown> = {}) {
  const { organization, owner } = await seedOrganization("Docs team");
  const gb = client(owner.token);
  const name = uniqueName();
  await gb.integrations.publishIntegration(
    name,
    manifest(organization.id, {
      configurations: {
        site: {
          properties: { tracker: { type: "string" }, mode: { type: "string", enum: ["full", "lite"] } },
          required: ["tracker"],
        },
      },
      ...extra,
    }) as never,
  );
  const installation = (await gb.integrations.installIntegration(name, { organization: organization.id })).data;
  const site = (await gb.orgs.createSite(organization.id, { title: "Handbook" })).data;
  return { organization, owner, gb, name, installation, site };
}

const siteInstallationCount = async (column: "site_id" | "integration_name", value: string) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM integration_site_installations WHERE ${column} = ?`)
    .bind(value)
    .first<{ n: number }>())!.n;

describe("integrations: site installations", () => {
  it("enables an installation on a site, configures it against the site schema, lists and removes it", async () => {
    const { organization, owner, gb, name, installation, site } = await world();
    const reader = await seedMember(organization.id, "read");
    const creator = await seedMember(organization.id, "create");
    const other = (await gb.orgs.createSite(organization.id, { title: "Other" })).data;

    const enabled = await gb.integrations.installIntegrationOnSite(name, installation.id, { siteId: site.id });
    expect(enabled.status).toBe(201);
    expect(enabled.data).toMatchObject({
      integration: name,
      installation: installation.id,
      status: "pending",
      configuration: {},
      externalIds: [],
      site: site.id,
    });
    expect(enabled.headers.get("location")).toBe(enabled.data.urls.location);
    expect(enabled.data.urls.location).toMatch(new RegExp(`/installations/${installation.id}/sites/${site.id}$`));
    expect(
      (await clientError(gb.integrations.installIntegrationOnSite(name, installation.id, { siteId: site.id }))).code,
    ).toBe(409);
    // Members without the admin role: 403 (a reader, and a member who may create sites but not install).
    for (const member of [reader, creator]) {
      expect(
        (
          await clientError(
            client(member.token).integrations.installIntegrationOnSite(name, installation.id, { siteId: other.id }),
          )
        ).code,
      ).toBe(403);
    }
    // A site of another organization, an unknown site, and anything asked by another organization's admin: 404.
    const foreign = await seedOrganization("Elsewhere");
    const foreignSite = (await client(foreign.owner.token).orgs.createSite(foreign.organization.id, { title: "Xeno" }))
      .data;
    expect(
      (await clientError(gb.integrations.installIntegrationOnSite(name, installation.id, { siteId: foreignSite.id })))
        .code,
    ).toBe(404);
    expect(
      (await clientError(gb.integrations.installIntegrationOnSite(name, installation.id, { siteId: "nope" }))).code,
    ).toBe(404);
    const outsider = client(foreign.owner.token);
    expect(
      (await clientError(outsider.integrations.getIntegrationSiteInstallation(name, installation.id, site.id))).code,
    ).toBe(404);
    expect((await clientError(outsider.orgs.listSiteIntegrations(organization.id, site.id))).code).toBe(404);
    expect((await clientError(outsider.orgs.listSiteIntegrationScripts(organization.id, site.id))).code).toBe(404);
    expect(
      (await clientError(outsider.integrations.listIntegrationInstallationSites(name, installation.id))).code,
    ).toBe(404);

    // The configuration is checked against `configurations.site`: a 400 names the property.
    const path = `/integrations/${name}/installations/${installation.id}/sites/${site.id}`;
    for (const [configuration, message] of [
      [{ tracker: 7 }, /configuration\.tracker: must be a string/],
      [{ mode: "heavy" }, /configuration\.mode: must be one of full, lite/],
      [{ color: "red" }, /configuration\.color: is not a configuration property/],
    ] as const) {
      const refused = await api("PATCH", path, { token: owner.token, body: { configuration } });
      expect(refused.status).toBe(400);
      expect(refused.json.error).toEqual({ code: 400, message: expect.stringMatching(message) });
    }
    const refusedIds = await api("PATCH", path, { token: owner.token, body: { externalIds: [""] } });
    expect(refusedIds.status).toBe(400);
    expect(
      (
        await clientError(
          client(reader.token).integrations.updateIntegrationSiteInstallation(name, installation.id, site.id, {
            configuration: { tracker: "UA-1" },
          }),
        )
      ).code,
    ).toBe(403);
    const configured = await gb.integrations.updateIntegrationSiteInstallation(name, installation.id, site.id, {
      configuration: { tracker: "UA-1", mode: "lite" },
      externalIds: ["account-1"],
    });
    expect(configured.data).toMatchObject({
      status: "active",
      configuration: { tracker: "UA-1", mode: "lite" },
      externalIds: ["account-1"],
    });

    // Read back, and in every list: by installation, by integration (with externalId), by site.
    const got = await client(reader.token).integrations.getIntegrationSiteInstallation(name, installation.id, site.id);
    expect(got.data).toEqual(configured.data);
    const extended = await gb.integrations.getIntegrationSiteInstallation(name, installation.id, site.id, {
      extended: true,
    });
    expect(extended.data.site).toMatchObject({ object: "site", id: site.id, title: "Handbook" });
    const bySite = await gb.integrations.listIntegrationInstallationSites(name, installation.id, { extended: true });
    expect(bySite.data.count).toBe(1);
    expect((bySite.data.items[0]!.site as { title: string }).title).toBe("Handbook");
    const byIntegration = await gb.integrations.listIntegrationSiteInstallations(name);
    expect(byIntegration.data.items.map((i) => i.site)).toEqual([site.id]);
    expect((await gb.integrations.listIntegrationSiteInstallations(name, { externalId: "account-1" })).data.count).toBe(
      1,
    );
    expect((await gb.integrations.listIntegrationSiteInstallations(name, { externalId: "other" })).data.items).toEqual(
      [],
    );
    // The integration is private to its organization: invisible to the outsider.
    expect((await clientError(outsider.integrations.listIntegrationSiteInstallations(name))).code).toBe(404);
    const here = await client(reader.token).orgs.listSiteIntegrations(organization.id, site.id);
    expect(here.data.items.map((i) => i.name)).toEqual([name]);
    expect(here.data.count).toBe(1);
    expect((await gb.orgs.listSiteIntegrations(organization.id, site.id, { search: "zzz" })).data.items).toEqual([]);
    expect((await gb.orgs.listSiteIntegrations(organization.id, other.id)).data.items).toEqual([]);
    // The active site installation of a site:script:inject integration: its script URL (integration-scripts.test.ts).
    expect((await client(reader.token).orgs.listSiteIntegrationScripts(organization.id, site.id)).data).toEqual([
      {
        script: expect.stringContaining(`/installations/${installation.id}/sites/${site.id}/script.js`),
        cookies: false,
      },
    ]);

    // Uninstall: 205, then 204; the reader cannot.
    expect((await api("DELETE", path, { token: reader.token })).status).toBe(403);
    expect((await api("DELETE", path, { token: owner.token })).status).toBe(205);
    expect((await api("DELETE", path, { token: owner.token })).status).toBe(204);
    expect(
      (await clientError(gb.integrations.getIntegrationSiteInstallation(name, installation.id, site.id))).code,
    ).toBe(404);
    expect((await gb.orgs.listSiteIntegrations(organization.id, site.id)).data.items).toEqual([]);
    expect(await siteInstallationCount("site_id", site.id)).toBe(0);
  });

  it("refuses a site for an integration that does not install on sites", async () => {
    const { gb, name, installation, site } = await world({ target: "space" });
    const refused = await clientError(
      gb.integrations.installIntegrationOnSite(name, installation.id, { siteId: site.id }),
    );
    expect(refused.code).toBe(400);
    expect(refused.errorMessage).toMatch(/^siteId: /);
    const empty = await api("POST", `/integrations/${name}/installations/${installation.id}/sites`, {
      token: "x",
      body: {},
    });
    expect(empty.status).toBe(401);
  });

  it("removes site installations with the site, the organization installation, or the integration", async () => {
    const { organization, gb, name, installation, site } = await world();
    const second = (await gb.orgs.createSite(organization.id, { title: "Second" })).data;
    const third = (await gb.orgs.createSite(organization.id, { title: "Third" })).data;
    for (const s of [site, second, third]) {
      await gb.integrations.installIntegrationOnSite(name, installation.id, { siteId: s.id });
    }
    await gb.orgs.deleteSiteById(organization.id, site.id);
    expect(await siteInstallationCount("site_id", site.id)).toBe(0);
    expect(
      (await gb.integrations.listIntegrationInstallationSites(name, installation.id)).data.items.map((i) => i.site),
    ).toHaveLength(2);

    await gb.integrations.uninstallIntegration(name, installation.id);
    expect(await siteInstallationCount("integration_name", name)).toBe(0);

    const again = (await gb.integrations.installIntegration(name, { organization: organization.id })).data;
    await gb.integrations.installIntegrationOnSite(name, again.id, { siteId: second.id });
    await gb.integrations.unpublishIntegration(name);
    expect(await siteInstallationCount("integration_name", name)).toBe(0);
    expect((await gb.orgs.listSiteIntegrations(organization.id, second.id)).data.items).toEqual([]);
  });

  it("enables an installation selecting all sites on every site, existing and new", async () => {
    const { organization, gb, name, installation, site } = await world();
    const updated = await gb.integrations.updateIntegrationInstallation(name, installation.id, {
      site_selection: IntegrationInstallationSiteSelection.All,
    });
    expect(updated.data.site_selection).toBe("all");
    const existing = await gb.integrations.getIntegrationSiteInstallation(name, installation.id, site.id);
    expect(existing.data.status).toBe("pending"); // `tracker` is required and not set
    const created = (await gb.orgs.createSite(organization.id, { title: "New" })).data;
    expect((await gb.orgs.listSiteIntegrations(organization.id, created.id)).data.items.map((i) => i.name)).toEqual([
      name,
    ]);
    // Back to `selected`: the sites enabled so far stay; new sites are not enabled.
    await gb.integrations.updateIntegrationInstallation(name, installation.id, {
      site_selection: IntegrationInstallationSiteSelection.Selected,
    });
    const later = (await gb.orgs.createSite(organization.id, { title: "Later" })).data;
    const sites = await gb.integrations.listIntegrationInstallationSites(name, installation.id);
    expect(sites.data.items.map((i) => i.site).sort()).toEqual([site.id, created.id].sort());
    expect(sites.data.items.map((i) => i.site)).not.toContain(later.id);
  });
});
