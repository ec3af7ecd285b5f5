import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { changeRequestWith } from "../helpers/content";
import { client, ORIGIN } from "../helpers/http";
import { seedOrganization } from "../helpers/seed";
import { publishedPublicSite } from "../helpers/sites";

/*
 * INTEGRATIONS_URL / SITES_URL (issue 27 part 1, optional): integrations' public endpoints and published scripts,
 * and published sites, each on an origin of its own, whose host serves nothing else. Unset (every other test
 * file), everything is served on every host as before.
 */

const INTEGRATIONS = "https://integrations.quire.test";
const SITES = "https://sites.quire.test";
const separated = { ...env, INTEGRATIONS_URL: INTEGRATIONS, SITES_URL: `${SITES}/` };

const ANSWERING = `export default { async fetch(request) {
  const event = JSON.parse((await request.formData()).get("event"));
  return event.type === "fetch" ? new Response("from the script") : new Response("OK"); } };`;

/** A request to the app under the separated configuration. */
function call(url: string, token?: string) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  return createApp().request(url, { headers }, separated);
}

async function seeded() {
  const { organization, owner } = await seedOrganization("Origins");
  const gb = client(owner.token);
  const { data: space } = await gb.orgs.createSpace(organization.id, { title: "Guide" });
  const { cr } = await changeRequestWith(owner.token, space.id, [
    { operation: "insert_page", title: "Introduction", document: { markdown: "Hello.\n" } },
  ]);
  await gb.spaces.mergeChangeRequest(space.id, cr.id);
  const site = await publishedPublicSite(gb, organization.id, space.id);
  const name = `origins-${crypto.randomUUID().slice(0, 8)}`;
  await gb.integrations.publishIntegration(name, {
    title: "Origins",
    description: "Answers",
    scopes: [],
    visibility: "private",
    script: ANSWERING,
    organization: organization.id,
  } as never);
  const { data: installation } = await gb.integrations.installIntegration(name, { organization: organization.id });
  return { organization, owner, site, name, installation };
}

describe("integrations and sites on origins of their own", () => {
  it("presents public endpoints on INTEGRATIONS_URL and published sites on SITES_URL", async () => {
    const { organization, owner, site, name, installation } = await seeded();
    const integration = await (await call(`${ORIGIN}/v1/integrations/${name}`, owner.token)).json<any>();
    expect(integration.urls.publicEndpoint).toBe(`${INTEGRATIONS}/v1/integrations/${name}/public`);
    expect(integration.urls.location).toBe(`${ORIGIN}/v1/integrations/${name}`);
    const installed = await (
      await call(`${ORIGIN}/v1/integrations/${name}/installations/${installation.id}`, owner.token)
    ).json<any>();
    expect(installed.urls.publicEndpoint).toBe(
      `${INTEGRATIONS}/v1/integrations/${name}/installations/${installation.id}/public`,
    );
    const presented = await (
      await call(`${ORIGIN}/v1/orgs/${organization.id}/sites/${site.id}`, owner.token)
    ).json<any>();
    expect(presented.urls.published).toBe(`${SITES}/~site/${site.id}`);
    // A URL on the sites origin resolves to what it publishes.
    const found = await call(
      `${ORIGIN}/v1/urls/content?url=${encodeURIComponent(`${SITES}/~site/${site.id}`)}`,
      owner.token,
    );
    expect(found.status).toBe(200);
  });

  it("serves each only on its own host, and nothing else there", async () => {
    const { site, name } = await seeded();
    const endpoint = `/v1/integrations/${name}/public/hook`;
    const answered = await call(`${INTEGRATIONS}${endpoint}`);
    expect(answered.status).toBe(200);
    expect(await answered.text()).toBe("from the script");
    expect((await call(`${INTEGRATIONS}/v1/user`)).status).toBe(404);
    expect((await call(`${INTEGRATIONS}/~site/${site.id}`)).status).toBe(404);

    const page = await call(`${SITES}/~site/${site.id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Hello.");
    expect((await call(`${SITES}/~site/~assets/nope.css`)).status).toBe(404);
    expect((await call(`${SITES}/v1/user`)).status).toBe(404);
    expect((await call(`${SITES}${endpoint}`)).status).toBe(404);

    // The API's host keeps the API, without either.
    expect((await call(`${ORIGIN}/v1/user`)).status).toBe(401);
    expect((await call(`${ORIGIN}${endpoint}`)).status).toBe(404);
    expect((await call(`${ORIGIN}/~site/${site.id}`)).status).toBe(404);
  });

  it("never lets a site claim the integrations' or the sites' host as its custom domain", async () => {
    const { organization, owner, site } = await seeded();
    for (const proxy of ["integrations.quire.test", "sites.quire.test/docs"]) {
      const res = await createApp().request(
        `${ORIGIN}/v1/orgs/${organization.id}/sites/${site.id}`,
        {
          method: "PATCH",
          headers: { authorization: `Bearer ${owner.token}`, "content-type": "application/json" },
          body: JSON.stringify({ proxy }),
        },
        separated,
      );
      expect(res.status).toBe(400);
      expect((await res.json<any>()).error.message).toMatch(/^body\.proxy: .* this deployment's own host/);
    }
  });
});
