import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { changeRequestWith } from "../helpers/content";
import { currentClient } from "../helpers/current-client";
import { uploadFont, woff2Bytes } from "../helpers/fonts";
import { client, ORIGIN, workerFetch } from "../helpers/http";
import { seedOrganization } from "../helpers/seed";
import { verifyCustomHost } from "../helpers/sites";

/** A published public site with one page, and a custom font of its organization (regular and bold). */
async function siteWithFont(title: string) {
  const { organization, owner } = await seedOrganization(title);
  const gb = client(owner.token);
  const { data: space } = await gb.orgs.createSpace(organization.id, { title });
  const cr = await changeRequestWith(owner.token, space.id, [
    { operation: "insert_page", title: "Home", document: { markdown: `Welcome to ${title}.` } },
  ]);
  await gb.spaces.mergeChangeRequest(space.id, cr.cr.id);
  const { data: site } = await gb.orgs.createSite(organization.id, {
    title,
    visibility: "public",
    spaces: [space.id],
  } as never);
  await gb.orgs.publishSite(organization.id, site.id);
  const font = (
    await currentClient(owner.token).orgs.createCustomFont(organization.id, {
      fontFamily: "Brand Serif",
      fontFaces: [
        { weight: 400, storageKey: await uploadFont(owner.token, organization.id, woff2Bytes(40)) },
        { weight: 700, storageKey: await uploadFont(owner.token, organization.id, woff2Bytes(41)) },
      ],
    })
  ).data;
  const { permissions: _, ...definition } = font;
  return { organization, owner, gb, site, font, definition };
}

/** Sets the site's body font (and optionally its monospace font) through the customization. */
async function useFont(
  gb: ReturnType<typeof client>,
  organizationId: string,
  siteId: string,
  font: unknown,
  mono?: unknown,
) {
  const settings = (await gb.orgs.getSiteCustomizationById(organizationId, siteId)).data;
  const styling = { ...settings.styling, font, ...(mono ? { monospaceFont: mono } : {}) };
  const res = await gb.orgs.updateSiteCustomizationById(organizationId, siteId, { ...settings, styling } as never);
  expect(res.status).toBe(200);
}

const fontFaceRules = (html: string) => html.match(/@font-face\{[^}]*\}/g) ?? [];

describe("custom fonts on published pages", () => {
  it("emit the @font-face of a selected custom font, whose files load from the site's own address", async () => {
    const { organization, gb, site, font, definition } = await siteWithFont("Fonted");
    const before = await (await workerFetch(`${ORIGIN}/~site/${site.id}`)).text();
    expect(fontFaceRules(before)).toEqual([]);

    await useFont(gb, organization.id, site.id, definition, definition);
    const page = await workerFetch(`${ORIGIN}/~site/${site.id}`);
    const html = await page.text();
    const rules = fontFaceRules(html);
    const hashes = font.fontFaces.map((face) => new URL(face.sources[0]!.url).pathname.split("/").at(-1)!);
    const paths = hashes.map((file) => `/~site/${site.id}/~fonts/${file}`);
    // Body and monospace fonts, regular and bold each.
    expect(rules).toHaveLength(4);
    expect(rules[0]).toBe(
      `@font-face{font-family:"Brand Serif";font-weight:400;font-display:swap;src:url("${paths[0]}") format("woff2")}`,
    );
    expect(rules[1]).toContain(`font-weight:700;`);
    expect(rules[1]).toContain(`url("${paths[1]}")`);
    expect(html).toContain('--font-body:"Brand Serif", ');
    // The page's CSP lets it load them: they are its own origin's.
    expect(page.headers.get("content-security-policy")).toContain("default-src 'self'");
    const file = await workerFetch(`${ORIGIN}${paths[0]}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("font/woff2");
    // A public site's: cacheable by anyone, for good.
    expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(woff2Bytes(40));
    const etag = file.headers.get("etag")!;
    expect((await workerFetch(`${ORIGIN}${paths[0]}`, { headers: { "if-none-match": etag } })).status).toBe(304);
    // Its shared URL (the API's) is open too: a public site uses it.
    expect((await workerFetch(font.fontFaces[0]!.sources[0]!.url)).status).toBe(200);
    // A hash the site's customization does not name is nothing at its address.
    expect((await workerFetch(`${ORIGIN}/~site/${site.id}/~fonts/${"0".repeat(64)}.woff2`)).status).toBe(404);
  });

  it("ignore sources that are not the site organization's font files", async () => {
    const { organization, gb, site, definition } = await siteWithFont("Guarded fonts");
    const other = await siteWithFont("Other fonts");
    const foreign = {
      ...definition,
      fontFamily: "Elsewhere",
      fontFaces: [
        { weight: 400, sources: [{ url: "https://fonts.example.com/evil.woff2", format: "woff2" }] },
        // Another organization's file on this deployment: not this site's to serve.
        { weight: 700, sources: other.definition.fontFaces[0]!.sources },
      ],
    };
    await useFont(gb, organization.id, site.id, foreign);
    const html = await (await workerFetch(`${ORIGIN}/~site/${site.id}`)).text();
    expect(fontFaceRules(html)).toEqual([]);
    expect(html).toContain('--font-body:"Elsewhere", ');
  });

  it("serve the files on a site's custom host too", async () => {
    const { organization, owner, gb, site, font, definition } = await siteWithFont("Hosted fonts");
    const host = `fonts-${crypto.randomUUID().slice(0, 8)}.example.com`;
    await gb.orgs.updateSiteById(organization.id, site.id, { proxy: host } as never);
    await verifyCustomHost(owner.token, host);
    await useFont(gb, organization.id, site.id, definition);
    const html = await (await workerFetch(`https://${host}/`)).text();
    const shared = new URL(font.fontFaces[0]!.sources[0]!.url).pathname;
    // At the site's root on its host.
    const path = `/~fonts/${shared.split("/").at(-1)}`;
    expect(html).toContain(`url("${path}")`);
    const file = await workerFetch(`https://${host}${path}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // The shared URL answers on the custom host too.
    expect((await workerFetch(`https://${host}${shared}`)).status).toBe(200);
    // A site proxied at the host's root does not take the shared files' paths for its pages (the stylesheet too).
    const css = /<link rel="stylesheet" href="([^"]+)"/.exec(html)![1]!;
    expect((await workerFetch(`https://${host}${css}`)).status).toBe(200);
  });

  it("live on the sites origin when the deployment has one (SITES_URL), and only there", async () => {
    const { organization, owner, gb, site, definition } = await siteWithFont("Separated fonts");
    await useFont(gb, organization.id, site.id, definition);
    const separated = { ...env, SITES_URL: "https://sites.quire.test" };
    const call = (url: string, token?: string) =>
      createApp().request(url, { headers: token ? { authorization: `Bearer ${token}` } : {} }, separated);
    const listed = await call(`${ORIGIN}/v1/orgs/${organization.id}/fonts`, owner.token);
    const url = ((await listed.json()) as { items: { fontFaces: { sources: { url: string }[] }[] }[] }).items[0]!
      .fontFaces[0]!.sources[0]!.url;
    expect(url).toMatch(/^https:\/\/sites\.quire\.test\/~site\/~fonts\//);
    const file = await call(url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("font/woff2");
    // The API's host serves no site, fonts included, once sites have their own origin.
    expect((await call(url.replace("https://sites.quire.test", ORIGIN))).status).toBe(404);
    expect((await call(`https://sites.quire.test/~site/${site.id}`)).status).toBe(200);
    const atSite = `/~site/${site.id}/~fonts/${url.split("/").at(-1)}`;
    expect((await call(`https://sites.quire.test${atSite}`)).status).toBe(200);
    expect((await call(`${ORIGIN}${atSite}`)).status).toBe(404);
  });

  it("of a private site: only to the visitors it admits, at its own address; never at the shared URL", async () => {
    const { organization, gb, site, font, definition } = await siteWithFont("Private fonts");
    // Only a share-link site (and a visitor-auth one) use the font; no public site does.
    await gb.orgs.updateSiteById(organization.id, site.id, { visibility: "share-link" } as never);
    const { data: link } = await gb.orgs.createSiteShareLink(organization.id, site.id, { name: "Friends" });
    const key = new URL(link.urls.published!).searchParams.get("share")!;
    await useFont(gb, organization.id, site.id, definition);
    const gated = (await gb.orgs.createSite(organization.id, { title: "Members", visibility: "visitor-auth" } as never))
      .data;
    await gb.orgs.publishSite(organization.id, gated.id);
    await useFont(gb, organization.id, gated.id, definition);

    const shared = font.fontFaces[0]!.sources[0]!.url;
    const file = new URL(shared).pathname.split("/").at(-1)!;
    const atSite = `${ORIGIN}/~site/${site.id}/~fonts/${file}`;
    // An anonymous visitor: not at the shared URL, not at the site's address without the share key.
    expect((await workerFetch(shared)).status).toBe(404);
    expect((await workerFetch(atSite)).status).toBe(401);
    expect((await workerFetch(`${ORIGIN}/~site/${gated.id}/~fonts/${file}`)).status).toBe(401);
    // The site's page, opened with the key, names the file at the site's address, which the cookie then opens.
    const opened = await workerFetch(`${ORIGIN}/~site/${site.id}/?share=${key}`);
    expect(opened.status).toBe(200);
    expect(fontFaceRules(await opened.text())[0]).toContain(`url("/~site/${site.id}/~fonts/${file}")`);
    const cookie = opened.headers.get("set-cookie")!.split(";")[0]!;
    const loaded = await workerFetch(atSite, { headers: { cookie } });
    expect(loaded.status).toBe(200);
    // The visitor's browser may keep it; shared caches may not.
    expect(loaded.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    expect(new Uint8Array(await loaded.arrayBuffer())).toEqual(woff2Bytes(40));
    expect((await workerFetch(shared, { headers: { cookie } })).status).toBe(404);

    // Another organization: its own public site that names this file gets nothing (not its organization's font),
    // nor does its site's address or the file under its organization's id.
    const other = await siteWithFont("Other organization");
    await useFont(other.gb, other.organization.id, other.site.id, definition);
    expect((await workerFetch(shared)).status).toBe(404);
    expect((await workerFetch(`${ORIGIN}/~site/${other.site.id}/~fonts/${file}`)).status).toBe(404);
    expect((await workerFetch(shared.replace(organization.id, other.organization.id))).status).toBe(404);
    // With another organization's member's token, the file is no more open (site files take no API token).
    const withToken = { headers: { authorization: `Bearer ${other.owner.token}` } };
    expect((await workerFetch(shared, withToken)).status).toBe(404);
    expect((await workerFetch(atSite, withToken)).status).toBe(401);

    // Once the site is public, the file is open to anyone, at both addresses.
    await gb.orgs.updateSiteById(organization.id, site.id, { visibility: "public" } as never);
    expect((await workerFetch(shared)).status).toBe(200);
    expect((await workerFetch(atSite)).status).toBe(200);
  });
});
