import { describe, expect, it, vi } from "vitest";
import { api, client, clientError, ORIGIN, workerFetch } from "../helpers/http";
import { seedMember, seedOrganization, seedUser } from "../helpers/seed";

/*
 * listSpaceIntegrationScripts / listSiteIntegrationScripts and the script URLs they list: each test publishes a
 * hand-written script that answers `fetch_published_script` (as @gitbook/runtime's handler does) with JavaScript
 * naming the space or site of the event, and fetches it through the listed URL.
 */

const SCRIPT = `
export default {
  async fetch(request) {
    const form = await request.formData();
    const event = JSON.parse(form.get("event"));
    if (event.type !== "fetch_published_script") return new Response("OK");
    console.log("script for " + (event.spaceId ?? event.siteId));
    const js = "window.__quire = " + JSON.stringify({ installation: event.installationId, space: event.spaceId ?? null, site: event.siteId ?? null }) + ";";
    return new Response(js, {
      headers: event.siteId
        ? { "content-type": "text/javascript", "cache-control": "max-age=604800" }
        : { "content-type": "application/javascript" },
    });
  },
};
`;

const THROWING = `export default { async fetch(request) { const form = await request.formData();
  const event = JSON.parse(form.get("event"));
  if (event.type !== "fetch_published_script") return new Response("OK");
  throw new Error("no script today"); } };`;

let counter = 0;
const uniqueName = () => `scripts-${++counter}-${crypto.randomUUID().slice(0, 8)}`;

async function published(scopes: string[], extra: Record<string, unknown> = {}) {
  const { organization, owner } = await seedOrganization();
  const gb = client(owner.token);
  const name = uniqueName();
  await gb.integrations.publishIntegration(name, {
    title: "Analytics",
    description: "Counts visits",
    scopes,
    visibility: "private",
    script: SCRIPT,
    organization: organization.id,
    ...extra,
  } as never);
  const { data: installation } = await gb.integrations.installIntegration(name, { organization: organization.id });
  return { organization, owner, gb, name, installation };
}

const scriptUrl = (url: string) => {
  const parsed = new URL(url);
  return `${ORIGIN}${parsed.pathname}${parsed.search}`;
};

type EventItem = { id: string; status: string; payload: { type: string; [k: string]: unknown } };

async function recordedScriptEvent(token: string, name: string) {
  return vi.waitFor(
    async () => {
      const res = await api("GET", `/integrations/${name}/events?limit=100`, { token });
      const item = (res.json.items as EventItem[]).find((e) => e.payload.type === "fetch_published_script");
      if (!item) throw new Error("no fetch_published_script event yet");
      return item;
    },
    { timeout: 10_000, interval: 200 },
  );
}

describe("integration scripts: the scripts published content embeds", () => {
  it("lists a space's inject-scoped installation and serves its script until it is disabled there", async () => {
    const { organization, owner, gb, name, installation } = await published(
      ["space:script:inject", "space:script:cookies"],
      { contentSecurityPolicy: { "script-src": "https://cdn.example.com\nhttps://other.example.com;" } },
    );
    const { data: space } = await gb.orgs.createSpace(organization.id, { title: "Docs" });
    const { data: otherSpace } = await gb.orgs.createSpace(organization.id, { title: "Other" });
    await gb.integrations.installIntegrationOnSpace(name, installation.id, { space: space.id });

    const listed = await gb.spaces.listSpaceIntegrationScripts(space.id);
    expect(listed.status).toBe(200);
    expect(listed.data).toEqual([
      {
        script: expect.stringContaining(
          `/v1/integrations/${name}/installations/${installation.id}/spaces/${space.id}/script.js`,
        ),
        contentSecurityPolicy: "script-src https://cdn.example.com https://other.example.com",
        cookies: true,
      },
    ]);
    expect((await gb.spaces.listSpaceIntegrationScripts(otherSpace.id)).data).toEqual([]);
    // Readers of the space see the list too.
    const reader = await seedMember(organization.id, "read");
    expect((await client(reader.token).spaces.listSpaceIntegrationScripts(space.id)).data).toHaveLength(1);

    // The URL is anonymous: the script's JavaScript, with the space of the event in it.
    const res = await workerFetch(scriptUrl(listed.data[0].script));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/javascript");
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    const js = await res.text();
    expect(js).toContain(`"space":"${space.id}"`);
    expect(js).toContain(`"installation":"${installation.id}"`);
    const event = await recordedScriptEvent(owner.token, name);
    expect(event).toMatchObject({
      status: "success",
      payload: { type: "fetch_published_script", installationId: installation.id, spaceId: space.id },
    });

    // Not enabled on the other space, unknown installation or integration: 404.
    const path = `/v1/integrations/${name}/installations/${installation.id}`;
    expect((await workerFetch(`${ORIGIN}${path}/spaces/${otherSpace.id}/script.js`)).status).toBe(404);
    expect(
      (await workerFetch(`${ORIGIN}/v1/integrations/${name}/installations/nope/spaces/${space.id}/script.js`)).status,
    ).toBe(404);
    expect(
      (
        await workerFetch(
          `${ORIGIN}/v1/integrations/nope/installations/${installation.id}/spaces/${space.id}/script.js`,
        )
      ).status,
    ).toBe(404);

    // Disabled on the space: gone from the list, the URL 404s (with the contract's body).
    await gb.integrations.uninstallIntegrationFromSpace(name, installation.id, space.id);
    expect((await gb.spaces.listSpaceIntegrationScripts(space.id)).data).toEqual([]);
    const gone = await workerFetch(`${ORIGIN}${path}/spaces/${space.id}/script.js`);
    expect(gone.status).toBe(404);
    expect((await gone.json()) as object).toMatchObject({ error: { code: 404 } });
  }, 40_000);

  it("lists nothing for an integration without the inject scope, and its URL 404s", async () => {
    const { organization, gb, name, installation } = await published(["space:content:read", "space:script:cookies"]);
    const { data: space } = await gb.orgs.createSpace(organization.id, { title: "Docs" });
    await gb.integrations.installIntegrationOnSpace(name, installation.id, { space: space.id });
    expect((await gb.spaces.listSpaceIntegrationScripts(space.id)).data).toEqual([]);
    const res = await workerFetch(
      `${ORIGIN}/v1/integrations/${name}/installations/${installation.id}/spaces/${space.id}/script.js`,
    );
    expect(res.status).toBe(404);
  }, 30_000);

  it("lists a site's inject-scoped installation and serves its script with the script's Cache-Control", async () => {
    const { organization, owner, gb, name, installation } = await published(["site:script:inject"], {
      contentSecurityPolicy: "script-src https://cdn.example.com",
    });
    const { data: site } = await gb.orgs.createSite(organization.id, { title: "Handbook" });
    const { data: other } = await gb.orgs.createSite(organization.id, { title: "Other" });
    await gb.integrations.installIntegrationOnSite(name, installation.id, { siteId: site.id });

    const listed = await gb.orgs.listSiteIntegrationScripts(organization.id, site.id);
    expect(listed.data).toEqual([
      {
        script: expect.stringContaining(
          `/v1/integrations/${name}/installations/${installation.id}/sites/${site.id}/script.js`,
        ),
        contentSecurityPolicy: "script-src https://cdn.example.com",
        cookies: false,
      },
    ]);
    expect((await gb.orgs.listSiteIntegrationScripts(organization.id, other.id)).data).toEqual([]);
    // The published site profile carries the same scripts.
    const profile = await api("GET", `/orgs/${organization.id}/sites/${site.id}/published`, { token: owner.token });
    expect(profile.json.scripts).toEqual(listed.data);

    const res = await workerFetch(scriptUrl(listed.data[0].script));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/javascript");
    expect(res.headers.get("cache-control")).toBe("max-age=604800");
    expect(await res.text()).toContain(`"site":"${site.id}"`);
    const event = await recordedScriptEvent(owner.token, name);
    expect(event.payload).toMatchObject({ installationId: installation.id, siteId: site.id });

    const path = `/v1/integrations/${name}/installations/${installation.id}`;
    expect((await workerFetch(`${ORIGIN}${path}/sites/${other.id}/script.js`)).status).toBe(404);
    // The space URL of a site installation is not a script either.
    expect((await workerFetch(`${ORIGIN}${path}/spaces/${site.id}/script.js`)).status).toBe(404);

    await gb.integrations.uninstallIntegrationFromSite(name, installation.id, site.id);
    expect((await gb.orgs.listSiteIntegrationScripts(organization.id, site.id)).data).toEqual([]);
    expect((await workerFetch(`${ORIGIN}${path}/sites/${site.id}/script.js`)).status).toBe(404);
  }, 40_000);

  it("does not list a site installation waiting for its required configuration", async () => {
    const { organization, gb, name, installation } = await published(["site:script:inject", "site:script:cookies"], {
      configurations: { site: { properties: { tracker: { type: "string" } }, required: ["tracker"] } },
    });
    const { data: site } = await gb.orgs.createSite(organization.id, { title: "Handbook" });
    await gb.integrations.installIntegrationOnSite(name, installation.id, { siteId: site.id });
    expect((await gb.orgs.listSiteIntegrationScripts(organization.id, site.id)).data).toEqual([]);
    const path = `/v1/integrations/${name}/installations/${installation.id}/sites/${site.id}/script.js`;
    expect((await workerFetch(`${ORIGIN}${path}`)).status).toBe(404);

    await gb.integrations.updateIntegrationSiteInstallation(name, installation.id, site.id, {
      configuration: { tracker: "T-1" },
    });
    const listed = await gb.orgs.listSiteIntegrationScripts(organization.id, site.id);
    expect(listed.data).toEqual([{ script: expect.stringContaining(path), cookies: true }]);
    expect((await workerFetch(`${ORIGIN}${path}`)).status).toBe(200);
  }, 30_000);

  it("answers 502 with the contract's body when the script fails", async () => {
    const { organization, gb, name, installation } = await published(["space:script:inject"]);
    // Republish with a script that throws on fetch_published_script.
    await gb.integrations.publishIntegration(name, {
      title: "Analytics",
      description: "Counts visits",
      scopes: ["space:script:inject"],
      visibility: "private",
      script: THROWING,
      organization: organization.id,
    } as never);
    const { data: space } = await gb.orgs.createSpace(organization.id, { title: "Docs" });
    await gb.integrations.installIntegrationOnSpace(name, installation.id, { space: space.id });
    const res = await workerFetch(
      `${ORIGIN}/v1/integrations/${name}/installations/${installation.id}/spaces/${space.id}/script.js`,
    );
    expect(res.status).toBe(502);
    expect((await res.json()) as object).toMatchObject({ error: { code: 502 } });
  }, 30_000);

  it("answers 401 without a token and 404 to outsiders", async () => {
    const { organization, gb, name, installation } = await published(["space:script:inject", "site:script:inject"]);
    const { data: space } = await gb.orgs.createSpace(organization.id, { title: "Docs" });
    const { data: site } = await gb.orgs.createSite(organization.id, { title: "Handbook" });
    await gb.integrations.installIntegrationOnSpace(name, installation.id, { space: space.id });

    expect((await api("GET", `/spaces/${space.id}/integration-scripts`)).status).toBe(401);
    expect((await api("GET", `/orgs/${organization.id}/sites/${site.id}/integration-scripts`)).status).toBe(401);
    const stranger = client((await seedUser("stranger")).token);
    expect((await clientError(stranger.spaces.listSpaceIntegrationScripts(space.id))).code).toBe(404);
    expect((await clientError(stranger.orgs.listSiteIntegrationScripts(organization.id, site.id))).code).toBe(404);
    expect((await clientError(gb.spaces.listSpaceIntegrationScripts("nope"))).code).toBe(404);
    expect((await clientError(gb.orgs.listSiteIntegrationScripts(organization.id, "nope"))).code).toBe(404);
  }, 30_000);
});
