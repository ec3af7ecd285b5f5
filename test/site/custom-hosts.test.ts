import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { countingD1 } from "../../src/db/d1-stats";
import { SITE_CSS_HASH } from "../../src/site/assets";
import { changeRequestWith } from "../helpers/content";
import { api, client, ORIGIN, workerFetch } from "../helpers/http";
import { seedOrganization } from "../helpers/seed";
import { setDnsRecords, verifyCustomHost } from "../helpers/sites";

/** A published public site with one page, in its own organization. */
async function publishedSite(title: string) {
  const { organization, owner } = await seedOrganization(title);
  const gb = client(owner.token);
  const { data: space } = await gb.orgs.createSpace(organization.id, { title });
  const cr = await changeRequestWith(owner.token, space.id, [
    { operation: "insert_page", title: `${title} home`, document: { markdown: `Welcome to ${title}.` } },
  ]);
  await gb.spaces.mergeChangeRequest(space.id, cr.cr.id);
  const { data: site } = await gb.orgs.createSite(organization.id, {
    title,
    visibility: "public",
    spaces: [space.id],
  } as never);
  await gb.orgs.publishSite(organization.id, site.id);
  return { organization, owner, gb, site };
}

const visit = (host: string, path: string, init: RequestInit = {}) =>
  workerFetch(`https://${host}${path}`, { redirect: "manual", ...init });

describe("custom hosts", () => {
  it("serve nothing until their DNS is verified (TXT challenge), then their site", async () => {
    const { organization, owner, gb, site } = await publishedSite("Quokkas");
    const host = `docs-${crypto.randomUUID().slice(0, 8)}.example.com`;
    await gb.orgs.updateSiteById(organization.id, site.id, { proxy: `${host}/help` } as never);
    const unverified = await visit(host, "/help");
    expect(unverified.status).toBe(404);
    expect(await unverified.text()).not.toContain("Welcome to Quokkas");
    await verifyCustomHost(owner.token, host);
    const home = await visit(host, "/help");
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Welcome to Quokkas");
    // Other paths of the host are not the site's.
    expect((await visit(host, "/elsewhere")).status).toBe(404);
    // Unpublished, the verified host serves nothing either.
    await gb.orgs.unpublishSite(organization.id, site.id);
    expect((await visit(host, "/help")).status).toBe(404);
  });

  it("serve once the host is a CNAME to PUBLIC_SITES_HOST", async () => {
    const { organization, owner, gb, site } = await publishedSite("Wombats");
    const host = `kb-${crypto.randomUUID().slice(0, 8)}.example.org`;
    await gb.orgs.updateSiteById(organization.id, site.id, { proxy: host } as never);
    expect((await visit(host, "/")).status).toBe(404);
    await setDnsRecords(host, "CNAME", ["sites.quire.test."]);
    expect((await api("PATCH", `/custom-hostnames/${host}`, { token: owner.token })).status).toBe(204);
    const home = await visit(host, "/");
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Welcome to Wombats");
  });

  it("answer only their own site: no API, no other site, no reference", async () => {
    const mine = await publishedSite("Mine");
    const theirs = await publishedSite("Theirs");
    const host = `help-${crypto.randomUUID().slice(0, 8)}.example.com`;
    await mine.gb.orgs.updateSiteById(mine.organization.id, mine.site.id, { proxy: `${host}/docs` } as never);
    await verifyCustomHost(mine.owner.token, host);
    expect((await visit(host, "/docs")).status).toBe(200);
    const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
    for (const [path, init] of [
      ["/v1/", {}],
      ["/v1/user", bearer(mine.owner.token)],
      [`/v1/orgs/${theirs.organization.id}/sites/${theirs.site.id}`, bearer(theirs.owner.token)],
      [`/~site/${theirs.site.id}`, {}],
      [`/~site/${mine.site.id}`, {}],
      ["/openapi.json", {}],
      ["/reference", {}],
      ["/", {}],
    ] as const) {
      const res = await visit(host, path, init);
      expect([path, res.status]).toEqual([path, 404]);
      expect(await res.text()).not.toContain("Welcome to Theirs");
    }
    // The same requests on the API's host still answer (the other site is public).
    expect((await workerFetch(`${ORIGIN}/~site/${theirs.site.id}`)).status).toBe(200);
    // The renderer's shared stylesheet is no tenant's: the custom host's pages load it.
    expect((await visit(host, `/~site/~assets/site.${SITE_CSS_HASH}.css`)).status).toBe(200);
  });

  it("leave hosts that are nobody's custom host as they were, with one D1 round trip per request", async () => {
    const app = createApp();
    const { database, counter } = countingD1(env.DB);
    const request = async (url: string) => {
      counter.roundTrips = 0;
      const res = await app.request(url, {}, { ...env, DB: database });
      return { status: res.status, roundTrips: counter.roundTrips };
    };
    expect(await request("https://nobodys-host.example.net/openapi.json")).toEqual({ status: 200, roundTrips: 1 });
    expect(await request(`${ORIGIN}/openapi.json`)).toEqual({ status: 200, roundTrips: 0 });
    const { organization, owner, gb, site } = await publishedSite("Counted");
    const host = `counted-${crypto.randomUUID().slice(0, 8)}.example.com`;
    await gb.orgs.updateSiteById(organization.id, site.id, { proxy: `${host}/docs` } as never);
    await verifyCustomHost(owner.token, host);
    expect(await request(`https://${host}/openapi.json`)).toEqual({ status: 404, roundTrips: 1 });
  });
});
