import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { seedSpaceMember } from "../helpers/content";
import { currentClient, expectCurrentShape } from "../helpers/current-client";
import { api, client } from "../helpers/http";
import { seedOrganization } from "../helpers/seed";
import { setDnsRecords, verifyCustomHost } from "../helpers/sites";

/** An organization with one site (no spaces), as its owner sees it. */
async function seedSiteOrg(title = "Docs team") {
  const { organization, owner } = await seedOrganization(title);
  const gb = client(owner.token);
  const site = (await gb.orgs.createSite(organization.id, { title: "Docs" } as never)).data;
  const setProxy = (proxy: string | null, siteId = site.id) =>
    api("PATCH", `/orgs/${organization.id}/sites/${siteId}`, { token: owner.token, body: { proxy } });
  return { organization, owner, gb, site, setProxy };
}

const freshHost = (label = "docs") => `${label}-${crypto.randomUUID().slice(0, 8)}.example.com`;

describe("site proxies", () => {
  it("are stored with a lowercase host and answered as a SiteProxyOrigin (no scheme)", async () => {
    const { organization, gb, site, setProxy } = await seedSiteOrg();
    const host = freshHost();
    const res = await setProxy(`${host.toUpperCase()}/Help`);
    expect(res.status).toBe(200);
    expect(res.json.proxy).toEqual({ origin: `${host}/Help`, target: `https://${host}/Help` });
    expect((await gb.orgs.getSiteById(organization.id, site.id)).data.proxy?.origin).toBe(`${host}/Help`);
    // A bare host is a site at the host's root: the site's `hostname` (a SiteProxyOrigin needs a path).
    const bare = (await setProxy(host)).json;
    expect(bare.hostname).toBe(host);
    expect(bare.proxy).toBeUndefined();
  });

  it("refuse what is not a real host and path, and the deployment's own hosts (400 naming body.proxy)", async () => {
    const { setProxy } = await seedSiteOrg();
    for (const proxy of [
      "not a proxy",
      "docs.example.com:8443/help",
      "localhost/help",
      "10.0.0.1/help",
      "docs.example.com/a?b=1",
      "user@docs.example.com/help",
      "docs.example.com//help",
      "-docs.example.com/help",
      "ftp://docs.example.com/help",
      "api.quire.test/docs",
      "https://app.quire.test/docs",
      "sites.quire.test",
      // The reference's SiteProxyOrigin pattern: no scheme, port or trailing slash (refused, never stripped).
      "https://docs.example.com/help",
      "HTTPS://DOCS.EXAMPLE.COM:443/Help/",
      "docs.example.com/help/",
      "docs.example.com/",
    ]) {
      const res = await setProxy(proxy);
      expect([proxy, res.status]).toEqual([proxy, 400]);
      expect(res.json.error.message).toMatch(/^body\.proxy: /);
    }
  });

  it("cannot take another organization's live host: same proxy, a prefix of it, or under it (409)", async () => {
    const first = await seedSiteOrg("First");
    const second = await seedSiteOrg("Second");
    const host = freshHost();
    expect((await first.setProxy(`${host}/help`)).status).toBe(200);
    await verifyCustomHost(first.owner.token, host);
    for (const proxy of [`${host}/help`, host, `${host}/help/more`, `${host}/other`, `${host.toUpperCase()}/Help`]) {
      const res = await second.setProxy(proxy);
      expect([proxy, res.status]).toEqual([proxy, 409]);
      expect(res.json.error.message).toMatch(/another organization's custom hostname, proven by its DNS/);
    }
    // The first organization's proxy is untouched, and it may nest its own sites under it.
    expect((await first.gb.orgs.getSiteById(first.organization.id, first.site.id)).data.proxy?.origin).toBe(
      `${host}/help`,
    );
    const nested = (await first.gb.orgs.createSite(first.organization.id, { title: "API" } as never)).data;
    expect((await first.setProxy(`${host}/help/api`, nested.id)).status).toBe(200);
    // The same proxy twice in one organization is refused by the unique index (409, not 500).
    const again = (await first.gb.orgs.createSite(first.organization.id, { title: "Again" } as never)).data;
    const duplicate = await first.setProxy(`${host}/help`, again.id);
    expect(duplicate.status).toBe(409);
    expect(duplicate.json.error.message).toMatch(/already another site's proxy/);
    // Once the first organization lets the host go, it is free.
    expect((await first.setProxy(null)).status).toBe(200);
    expect((await first.setProxy(null, nested.id)).status).toBe(200);
    expect((await second.setProxy(`${host}/other`)).status).toBe(200);
  });

  it("two sites of one organization racing for one proxy: the unique index stops the second", async () => {
    const first = await seedSiteOrg("First");
    const other = (await first.gb.orgs.createSite(first.organization.id, { title: "Other" } as never)).data;
    const host = freshHost();
    const same = await Promise.all([first.setProxy(`${host}/x`), first.setProxy(`${host}/x`, other.id)]);
    expect(same.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});

describe("custom hosts claimed without proof (squatting)", () => {
  const hostnameOf = (token: string, host: string) => api("GET", `/custom-hostnames/${host}`, { token });
  const revalidate = (token: string, host: string) => api("PATCH", `/custom-hostnames/${host}`, { token });
  const proxyOf = async (org: Awaited<ReturnType<typeof seedSiteOrg>>) =>
    (await org.gb.orgs.getSiteById(org.organization.id, org.site.id)).data;

  it("do not block the host's owner: its TXT proof takes the host and clears the squatter's claim", async () => {
    const squatter = await seedSiteOrg("Squatter");
    const owner = await seedSiteOrg("Owner");
    const host = freshHost();
    expect((await squatter.setProxy(host)).status).toBe(200);
    // The owner claims the same proxy: accepted, unverified; a CNAME (everyone's) does not prove it between them.
    expect((await owner.setProxy(host)).status).toBe(200);
    const contested = await hostnameOf(owner.owner.token, host);
    expect(contested.json).toMatchObject({ status: "dns_no_cname", verification: { contested: true } });
    expect(contested.json.verification.cname).toBeUndefined();
    await setDnsRecords(host, "CNAME", ["sites.quire.test."]);
    expect((await revalidate(owner.owner.token, host)).status).toBe(204);
    expect((await hostnameOf(owner.owner.token, host)).json.isActive).toBe(false);
    // Nor does it for the squatter, whose claim is contested too.
    expect((await revalidate(squatter.owner.token, host)).status).toBe(204);
    expect((await hostnameOf(squatter.owner.token, host)).json).toMatchObject({ isActive: false });

    // The owner's TXT record proves it: live, and the squatter's site has no proxy any more.
    await verifyCustomHost(owner.owner.token, host);
    const live = await hostnameOf(owner.owner.token, host);
    expect(live.json).toMatchObject({ status: "live", isActive: true, target: { site: owner.site.id } });
    expect(live.json.verification.contested).toBeUndefined();
    const cleared = await proxyOf(squatter);
    expect([cleared.hostname, cleared.proxy]).toEqual([undefined, undefined]);
    expect((await hostnameOf(squatter.owner.token, host)).status).toBe(404);
    // Now the host is the owner's: the squatter cannot claim it back.
    expect((await squatter.setProxy(host)).status).toBe(409);
    expect((await proxyOf(owner)).hostname).toBe(host);
  });

  it("lapse after 7 days unproven: another organization's claim clears them and its CNAME proves the host", async () => {
    const squatter = await seedSiteOrg("Squatter");
    const owner = await seedSiteOrg("Owner");
    const host = freshHost();
    expect((await squatter.setProxy(`${host}/help`)).status).toBe(200);
    const eightDaysAgo = Date.now() - 8 * 24 * 60 * 60 * 1000;
    await env.DB.prepare("UPDATE sites SET proxy_claimed_at = ? WHERE id = ?")
      .bind(eightDaysAgo, squatter.site.id)
      .run();
    expect((await owner.setProxy(host)).status).toBe(200);
    expect((await proxyOf(squatter)).proxy).toBeUndefined();
    const uncontested = await hostnameOf(owner.owner.token, host);
    expect(uncontested.json.verification).toMatchObject({ cname: { name: host, target: "sites.quire.test" } });
    expect(uncontested.json.verification.contested).toBeUndefined();
    await setDnsRecords(host, "CNAME", ["sites.quire.test."]);
    await revalidate(owner.owner.token, host);
    expect((await hostnameOf(owner.owner.token, host)).json.status).toBe("live");
  });

  it("a host whose proof is gone is unverified again: another organization may prove it with TXT", async () => {
    const former = await seedSiteOrg("Former");
    const next = await seedSiteOrg("Next");
    const host = freshHost();
    await former.setProxy(host);
    await verifyCustomHost(former.owner.token, host);
    await setDnsRecords(`_quire-challenge.${host}`, "TXT", []);
    await revalidate(former.owner.token, host);
    expect((await hostnameOf(former.owner.token, host)).json.status).toBe("dns_no_cname");
    expect((await next.setProxy(host)).status).toBe(200);
    await verifyCustomHost(next.owner.token, host);
    expect((await hostnameOf(next.owner.token, host)).json.status).toBe("live");
    expect((await proxyOf(former)).hostname).toBeUndefined();
  });

  it("proven at once by two organizations (both tokens in DNS): exactly one goes live, the other is cleared", async () => {
    const first = await seedSiteOrg("First");
    const second = await seedSiteOrg("Second");
    const host = freshHost();
    await first.setProxy(`${host}/a`);
    await second.setProxy(`${host}/b`);
    const tokenOf = async (org: typeof first) =>
      (await hostnameOf(org.owner.token, host)).json.verification.txt.values[0] as string;
    await setDnsRecords(`_quire-challenge.${host}`, "TXT", [await tokenOf(first), await tokenOf(second)]);
    await Promise.all([revalidate(first.owner.token, host), revalidate(second.owner.token, host)]);
    const states = await Promise.all([first, second].map((org) => hostnameOf(org.owner.token, host)));
    expect(states.map((r) => r.status).sort()).toEqual([200, 404]);
    expect(states.find((r) => r.status === 200)!.json.status).toBe("live");
    const rows = await env.DB.prepare("SELECT organization_id, proxy_status FROM sites WHERE proxy_host = ?")
      .bind(host)
      .all<{ organization_id: string; proxy_status: string }>();
    expect(rows.results).toHaveLength(1);
    expect(rows.results[0]!.proxy_status).toBe("live");
  });
});

describe("custom hostnames", () => {
  it("start unverified; revalidation reads the TXT challenge; changing the proxy resets it", async () => {
    const { organization, owner, site, setProxy } = await seedSiteOrg();
    const host = freshHost();
    await setProxy(`${host}/help`);
    const get = () => api("GET", `/custom-hostnames/${host}`, { token: owner.token });
    const revalidate = () => api("PATCH", `/custom-hostnames/${host}`, { token: owner.token });
    const first = await get();
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      object: "custom-hostname",
      hostname: host,
      target: { type: "site", site: site.id },
      isActive: false,
      status: "dns_no_cname",
      urls: { location: `https://api.quire.test/v1/custom-hostnames/${host}` },
      verification: { txt: { name: `_quire-challenge.${host}` }, cname: { name: host, target: "sites.quire.test" } },
    });
    const [token] = first.json.verification.txt.values as string[];
    expect(token).toMatch(/^quire-[0-9a-f]{32}$/);
    // Case does not matter in the path.
    expect((await api("GET", `/custom-hostnames/${host.toUpperCase()}`, { token: owner.token })).status).toBe(200);

    expect((await revalidate()).status).toBe(204);
    expect((await get()).json.status).toBe("dns_no_cname");
    await setDnsRecords(host, "CNAME", ["elsewhere.example.net."]);
    await revalidate();
    expect((await get()).json).toMatchObject({ status: "dns_wrong_cname", isActive: false });
    await setDnsRecords(`_quire-challenge.${host}`, "TXT", ["someone else's token"]);
    await revalidate();
    expect((await get()).json.isActive).toBe(false);
    await setDnsRecords(`_quire-challenge.${host}`, "TXT", ["unrelated", token!]);
    expect((await revalidate()).status).toBe(204);
    expect((await get()).json).toMatchObject({ status: "live", isActive: true });

    // A new path on the same host: unverified again, same token; revalidating proves it again.
    await setProxy(`${host}/docs`);
    expect((await get()).json).toMatchObject({ status: "dns_no_cname", isActive: false });
    expect((await get()).json.verification.txt.values).toEqual([token]);
    await revalidate();
    expect((await get()).json.status).toBe("live");
    // Records removed: revalidation takes the proof back.
    await setDnsRecords(`_quire-challenge.${host}`, "TXT", []);
    await setDnsRecords(host, "CNAME", []);
    await revalidate();
    expect((await get()).json.status).toBe("dns_no_cname");
    // A new host gets a new token.
    const moved = freshHost();
    await setProxy(`${moved}/docs`);
    const movedToken = (await api("GET", `/custom-hostnames/${moved}`, { token: owner.token })).json.verification.txt
      .values[0];
    expect(movedToken).not.toBe(token);
    expect((await get()).status).toBe(404);
    expect(organization.id).toBeTruthy();
  });

  it("are proven by a CNAME to PUBLIC_SITES_HOST", async () => {
    const { owner, setProxy } = await seedSiteOrg();
    const host = freshHost();
    await setProxy(host);
    await setDnsRecords(host, "CNAME", ["Sites.Quire.Test."]);
    expect((await api("PATCH", `/custom-hostnames/${host}`, { token: owner.token })).status).toBe(204);
    expect((await api("GET", `/custom-hostnames/${host}`, { token: owner.token })).json).toMatchObject({
      status: "live",
      isActive: true,
    });
  });

  it("stay unproven when the resolver does not answer (502, never 500)", async () => {
    const { owner, setProxy } = await seedSiteOrg();
    const host = freshHost();
    await setProxy(`${host}/help`);
    await setDnsRecords(host, "CNAME", ["sites.quire.test."]);
    const app = createApp();
    for (const resolver of [`${env.FIXTURE_ORIGIN}/no-resolver-here`, `${env.FIXTURE_ORIGIN}/docs/release-notes.md`]) {
      const res = await app.request(
        `https://api.quire.test/v1/custom-hostnames/${host}`,
        { method: "PATCH", headers: { authorization: `Bearer ${owner.token}` } },
        { ...env, DNS_RESOLVER_URL: resolver },
      );
      expect(res.status).toBe(502);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/DNS resolver/);
    }
    expect((await api("GET", `/custom-hostnames/${host}`, { token: owner.token })).json.status).toBe("dns_no_cname");
  });

  it("are removed with their sites' proxies (205, then 204)", async () => {
    const { organization, owner, gb, site, setProxy } = await seedSiteOrg();
    const host = freshHost();
    await setProxy(`${host}/help`);
    const remove = () => api("DELETE", `/custom-hostnames/${host}`, { token: owner.token });
    expect((await remove()).status).toBe(205);
    expect((await gb.orgs.getSiteById(organization.id, site.id)).data.proxy).toBeUndefined();
    expect((await api("GET", `/custom-hostnames/${host}`, { token: owner.token })).status).toBe(404);
    expect((await remove()).status).toBe(204);
  });

  it("are the hostname's organization's managers' alone: 401, 404 across organizations, 403 to readers", async () => {
    const { organization, owner, gb, site, setProxy } = await seedSiteOrg();
    const outsider = await seedOrganization("Other");
    const reader = await seedSpaceMember(organization.id, "read");
    const creator = await seedSpaceMember(organization.id, "create");
    const host = freshHost();
    await setProxy(`${host}/help`);
    const path = `/custom-hostnames/${host}`;
    for (const method of ["GET", "PATCH", "DELETE"]) {
      expect((await api(method, path)).status).toBe(401);
      expect((await api(method, path, { token: reader.token })).status).toBe(403);
    }
    expect((await api("GET", path, { token: outsider.owner.token })).status).toBe(404);
    expect((await api("PATCH", path, { token: outsider.owner.token })).status).toBe(404);
    // A delete by an outsider is the delete of nothing: 204, and the hostname stays.
    expect((await api("DELETE", path, { token: outsider.owner.token })).status).toBe(204);
    expect((await api("GET", `/custom-hostnames/${freshHost()}`, { token: owner.token })).status).toBe(404);
    expect((await gb.orgs.getSiteById(organization.id, site.id)).data.proxy?.origin).toBe(`${host}/help`);
    expect((await api("GET", path, { token: creator.token })).status).toBe(200);
    expect((await api("PATCH", path, { token: creator.token })).status).toBe(204);
  });

  it("answer the 0.202 client: get in its CustomHostname shape, revalidate, remove", async () => {
    const { owner, setProxy } = await seedSiteOrg();
    const host = freshHost();
    await setProxy(`${host}/help`);
    const gb = currentClient(owner.token);
    const got = await gb.customHostnames.getCustomHostname(host);
    expectCurrentShape("CustomHostname", got.data);
    expect(got.data).toMatchObject({ hostname: host, isActive: false });
    await setDnsRecords(host, "CNAME", ["sites.quire.test."]);
    expect((await gb.customHostnames.dnsRevalidateCustomHostname(host)).status).toBe(204);
    expect((await gb.customHostnames.getCustomHostname(host)).data).toMatchObject({ status: "live", isActive: true });
    expect((await gb.customHostnames.removeCustomHostname(host)).status).toBe(205);
    expect((await api("GET", `/custom-hostnames/${host}`, { token: owner.token })).status).toBe(404);
  });
});
