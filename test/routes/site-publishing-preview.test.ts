import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { mintPreviewToken } from "../../src/services/access";
import { currentClient } from "../helpers/current-client";
import { api, client, clientError, workerFetch } from "../helpers/http";
import { seedMember, seedOrganization } from "../helpers/seed";

/** An unpublished site showing a space with the template's pages. */
async function unpublishedSite(title = "Handbook") {
  const { organization, owner } = await seedOrganization();
  const space = (
    await api("POST", `/orgs/${organization.id}/spaces`, {
      token: owner.token,
      body: { title: "Guide", template: { id: "getting-started" } },
    })
  ).json as { id: string };
  const site = (await client(owner.token).orgs.createSite(organization.id, { title, spaces: [space.id] } as never))
    .data;
  return { organization, owner, site, space };
}

const open = (url: string, cookie?: string) => workerFetch(url, cookie ? { headers: { cookie } } : undefined);

describe("getSitePublishingPreviewById (0.202): a signed, expiring preview link", () => {
  it("opens the unpublished site for an hour, privately, and keeps the credential in a cookie", async () => {
    const { organization, owner, site } = await unpublishedSite();
    const before = Date.now();
    const { data, status } = await currentClient(owner.token).orgs.getSitePublishingPreviewById(
      organization.id,
      site.id,
    );
    expect(status).toBe(200);
    const url = new URL(data.url);
    expect(url.pathname).toBe(`/~site/${site.id}/`);
    const [expiry] = url.searchParams.get("preview")!.split(".");
    expect(Number(expiry)).toBeGreaterThanOrEqual(before + 60 * 60 * 1000);
    expect(Number(expiry)).toBeLessThanOrEqual(Date.now() + 60 * 60 * 1000);

    // Without the link the site is not there; with it, its pages render.
    expect((await open(`https://api.quire.test/~site/${site.id}/`)).status).toBe(404);
    const page = await open(data.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Handbook");
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(page.headers.get("X-Robots-Tag")).toBe("noindex");
    const cookie = page.headers.get("Set-Cookie")!.split(";")[0]!;
    expect(cookie).toMatch(new RegExp(`^quire_preview_${site.id}=`));
    expect((await open(`https://api.quire.test/~site/${site.id}/`, cookie)).status).toBe(200);
    // The page's own content renders, and the site's search answers inside the preview too.
    expect(await (await open(data.url)).text()).toContain("Welcome");
    const search = await open(`https://api.quire.test/~site/${site.id}/~search.json?q=welcome`, cookie);
    expect(search.status).toBe(200);
    expect(Array.isArray(((await search.json()) as { items: unknown[] }).items)).toBe(true);
    // Without the preview, the unpublished site has no search either.
    expect((await open(`https://api.quire.test/~site/${site.id}/~search.json?q=welcome`)).status).toBe(404);
  });

  it("opens no other site, nothing once expired, nothing when tampered with", async () => {
    const { organization, owner, site } = await unpublishedSite();
    const other = await unpublishedSite("Other");
    const { data } = await currentClient(owner.token).orgs.getSitePublishingPreviewById(organization.id, site.id);
    const token = new URL(data.url).searchParams.get("preview")!;
    expect((await open(`https://api.quire.test/~site/${other.site.id}/?preview=${token}`)).status).toBe(404);
    const db = createDb(env.DB);
    const expired = await mintPreviewToken({ db, env }, site.id, Date.now() - 1);
    expect((await open(`https://api.quire.test/~site/${site.id}/?preview=${expired}`)).status).toBe(404);
    const [exp, mac] = token.split(".");
    const later = `${Number(exp) + 1000}.${mac}`;
    expect((await open(`https://api.quire.test/~site/${site.id}/?preview=${later}`)).status).toBe(404);
    const flipped = `${exp}.${mac!.slice(0, -1)}${mac!.endsWith("0") ? "1" : "0"}`;
    expect((await open(`https://api.quire.test/~site/${site.id}/?preview=${flipped}`)).status).toBe(404);
  });

  it("points at a named site space, and refuses what it cannot preview", async () => {
    const { organization, owner, site, space } = await unpublishedSite();
    const second = (await client(owner.token).orgs.createSpace(organization.id, { title: "Second" })).data;
    await client(owner.token).orgs.addSpaceToSite(organization.id, site.id, { spaceId: second.id } as never);
    const siteSpaces = (
      await api("GET", `/orgs/${organization.id}/sites/${site.id}/site-spaces`, { token: owner.token })
    ).json.items as { id: string; path: string; space: { id: string } }[];
    const target = siteSpaces.find((s) => s.space.id === second.id)!;
    const { data } = await currentClient(owner.token).orgs.getSitePublishingPreviewById(organization.id, site.id, {
      siteSpace: target.id,
    });
    expect(new URL(data.url).pathname).toBe(`/~site/${site.id}/${target.path}`);
    expect(siteSpaces.some((s) => s.space.id === space.id)).toBe(true);
    const gb = currentClient(owner.token).orgs;
    expect(
      (await clientError(gb.getSitePublishingPreviewById(organization.id, site.id, { siteSpace: "nope" }))).code,
    ).toBe(400);
    expect(
      (await clientError(gb.getSitePublishingPreviewById(organization.id, site.id, { claims: "(a:1)" }))).code,
    ).toBe(400);
  });

  it("needs the role the site's writes need: 401, 403 to a reader, 404 to another organization", async () => {
    const { organization, site } = await unpublishedSite();
    const reader = await seedMember(organization.id, "read");
    const outsider = await seedOrganization("Outside");
    const path = `/orgs/${organization.id}/sites/${site.id}/publishing/preview`;
    expect((await api("GET", path)).status).toBe(401);
    expect((await api("GET", path, { token: reader.token })).status).toBe(403);
    expect((await api("GET", path, { token: outsider.owner.token })).status).toBe(404);
  });
});
