import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { changeRequestWith } from "../helpers/content";
import { client, ORIGIN, workerFetch } from "../helpers/http";
import { seedOrganization } from "../helpers/seed";
import { verifyCustomHost } from "../helpers/sites";

const INTRO = `Welcome to the **quokka** guide.

| Animal | Smile |
| --- | --- |
| Quokka | Yes |

\`\`\`ts
const smile: boolean = true;
\`\`\`

{% hint style="warning" %}
Do not feed them.
{% endhint %}
`;

/** A site with two pages (the second links back to the first) over one space, not yet published. */
async function seedSite(visibility: "public" | "unlisted" | "share-link" | "visitor-auth" = "public") {
  const { organization, owner } = await seedOrganization("Docs team");
  const gb = client(owner.token);
  const { data: space } = await gb.orgs.createSpace(organization.id, { title: "Guide" });
  const first = await changeRequestWith(owner.token, space.id, [
    { operation: "insert_page", title: "Introduction", document: { markdown: INTRO } },
  ]);
  await gb.spaces.mergeChangeRequest(space.id, first.cr.id);
  const introId = first.pages[0]!;
  const second = await changeRequestWith(owner.token, space.id, [
    {
      operation: "insert_page",
      title: "Feeding",
      document: { markdown: `Back to [the introduction](/pages/${introId}) or [nowhere](/pages/missing).` },
    },
  ]);
  await gb.spaces.mergeChangeRequest(space.id, second.cr.id);
  const { data: site } = await gb.orgs.createSite(organization.id, {
    title: "Quokka docs",
    visibility,
    spaces: [space.id],
  } as never);
  return { organization, owner, gb, space, site, introId };
}

const get = (path: string, headers: Record<string, string> = {}) =>
  workerFetch(`${ORIGIN}${path}`, { headers, redirect: "manual" });

describe("published sites", () => {
  it("renders a published site's pages as HTML with navigation, and 404s until it is published", async () => {
    const { organization, gb, site } = await seedSite();
    expect((await get(`/~site/${site.id}`)).status).toBe(404);
    expect(site.urls.published).toBeUndefined();
    const published = await gb.orgs.publishSite(organization.id, site.id);
    expect((published.data as { urls: { published?: string } }).urls.published).toBe(`${ORIGIN}/~site/${site.id}`);

    const home = await get(`/~site/${site.id}`);
    expect(home.status).toBe(200);
    expect(home.headers.get("content-type")).toMatch(/text\/html/);
    expect(home.headers.get("content-security-policy")).toContain("script-src 'self'");
    const html = await home.text();
    expect(html).toContain("Introduction");
    expect(html).toContain("<table");
    expect(html).toContain("hljs");
    expect(html).toMatch(/hint/);
    // The sidebar links the second page; the first is current.
    expect(html).toContain(`href="/~site/${site.id}/feeding"`);
    expect(html).toContain('aria-current="page"');
    expect(html).not.toContain('name="robots" content="noindex"');

    const feeding = await (await get(`/~site/${site.id}/feeding`)).text();
    expect(feeding).toContain(`href="/~site/${site.id}/introduction"`);
    expect(feeding).toContain("broken-link");

    const markdown = await get(`/~site/${site.id}/introduction.md`);
    expect(markdown.headers.get("content-type")).toMatch(/text\/markdown/);
    expect(await markdown.text()).toMatch(/^# Introduction\n\nWelcome to the \*\*quokka\*\* guide\./);

    expect((await get(`/~site/${site.id}/no/such/page`)).status).toBe(404);

    // Conditional requests: the same page answers 304 to its ETag.
    const again = await get(`/~site/${site.id}/feeding`);
    const etag = again.headers.get("etag")!;
    expect((await get(`/~site/${site.id}/feeding`, { "If-None-Match": etag })).status).toBe(304);

    await gb.orgs.unpublishSite(organization.id, site.id);
    expect((await get(`/~site/${site.id}`)).status).toBe(404);
  });

  it("serves robots.txt, sitemap.xml, llms.txt and llms-full.txt per visibility", async () => {
    const { organization, gb, site } = await seedSite();
    await gb.orgs.publishSite(organization.id, site.id);
    expect(await (await get(`/~site/${site.id}/robots.txt`)).text()).toContain(
      `Sitemap: ${ORIGIN}/~site/${site.id}/sitemap.xml`,
    );
    const sitemap = await (await get(`/~site/${site.id}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${ORIGIN}/~site/${site.id}/introduction</loc>`);
    expect(sitemap).toContain(`<loc>${ORIGIN}/~site/${site.id}/feeding</loc>`);
    const llms = await (await get(`/~site/${site.id}/llms.txt`)).text();
    expect(llms).toContain(`- [Feeding](${ORIGIN}/~site/${site.id}/feeding.md)`);
    const full = await (await get(`/~site/${site.id}/llms-full.txt`)).text();
    expect(full).toContain("Welcome to the **quokka** guide.");
    expect(full).toContain("Back to [the introduction]");

    await gb.orgs.updateSiteById(organization.id, site.id, { visibility: "unlisted" } as never);
    expect(await (await get(`/~site/${site.id}/robots.txt`)).text()).toContain("Disallow: /");
    expect((await get(`/~site/${site.id}/sitemap.xml`)).status).toBe(404);
    expect(await (await get(`/~site/${site.id}/feeding`)).text()).toContain('name="robots" content="noindex"');
  });

  it("share-link sites open with ?share= and then the cookie; a revoked key closes them", async () => {
    const { organization, gb, site } = await seedSite("share-link");
    await gb.orgs.publishSite(organization.id, site.id);
    const { data: link } = await gb.orgs.createSiteShareLink(organization.id, site.id, { name: "Friends" });
    const key = new URL(link.urls.published!).searchParams.get("share")!;
    expect((await get(`/~site/${site.id}`)).status).toBe(401);
    expect((await get(`/~site/${site.id}?share=wrong`)).status).toBe(401);
    const opened = await get(`/~site/${site.id}/?share=${key}`);
    expect(opened.status).toBe(200);
    const cookie = opened.headers.get("set-cookie")!.split(";")[0]!;
    expect(cookie).toContain(key);
    expect((await get(`/~site/${site.id}/feeding`, { cookie })).status).toBe(200);
    await gb.orgs.deleteSiteShareLinkById(organization.id, site.id, link.id);
    expect((await get(`/~site/${site.id}/feeding`, { cookie })).status).toBe(401);
  });

  it("visitor-auth sites open with a JWT signed by the site's key, or send visitors to the fallback URL", async () => {
    const { organization, gb, site } = await seedSite("visitor-auth");
    await gb.orgs.publishSite(organization.id, site.id);
    const { data: auth } = await gb.orgs.getSitePublishingAuthById(organization.id, site.id);
    const jwt = await new SignJWT({ plan: "pro" })
      .setProtectedHeader({ alg: "HS256" })
      .setExpirationTime("10m")
      .sign(new TextEncoder().encode(auth.privateKey));
    expect((await get(`/~site/${site.id}`)).status).toBe(401);
    const opened = await get(`/~site/${site.id}?jwt_token=${jwt}`);
    expect(opened.status).toBe(200);
    const cookie = opened.headers.get("set-cookie")!.split(";")[0]!;
    expect((await get(`/~site/${site.id}/feeding`, { cookie })).status).toBe(200);
    await gb.orgs.updateSitePublishingAuthById(organization.id, site.id, {
      backend: "custom",
      fallbackURL: "https://login.example.com/",
    });
    const sent = await get(`/~site/${site.id}/feeding`);
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe("https://login.example.com/");
  });

  it("follows the site's redirects, searches, and serves its stylesheet and script", async () => {
    const { organization, gb, site, introId } = await seedSite();
    await gb.orgs.publishSite(organization.id, site.id);
    const siteSpace = (await gb.orgs.listSiteSpaces(organization.id, site.id)).data.items[0]!;
    await gb.orgs.createSiteRedirect(organization.id, site.id, {
      source: "/old/intro",
      destination: { kind: "site-page", siteSpaceId: siteSpace.id, pageId: introId },
    });
    const moved = await get(`/~site/${site.id}/old/intro`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe(`/~site/${site.id}/introduction`);

    const results = await get(`/~site/${site.id}/~search?q=quokka`);
    expect(results.status).toBe(200);
    const resultsHtml = await results.text();
    const listed = /<ol class="search-results">[\s\S]*?<\/ol>/.exec(resultsHtml)?.[0] ?? "";
    expect(listed).toContain(`/~site/${site.id}/introduction`);
    // The results page keeps the site's page tree in its sidebar (the home site space's), with no current page.
    const sidebar = /<nav class="sidebar"[\s\S]*?<\/nav>/.exec(resultsHtml)?.[0] ?? "";
    expect(sidebar).toContain(`href="/~site/${site.id}/feeding"`);
    expect(sidebar).not.toContain('aria-current="page"');
    const json = (await (await get(`/~site/${site.id}/~search.json?q=quokka`)).json()) as { items: { href: string }[] };
    expect(json.items[0]!.href).toContain(`/~site/${site.id}/introduction`);

    const html = await (await get(`/~site/${site.id}`)).text();
    const css = /href="(\/~site\/~assets\/site\.[^"]+\.css)"/.exec(html)![1]!;
    const js = /src="(\/~site\/~assets\/site\.[^"]+\.js)"/.exec(html)![1]!;
    const stylesheet = await get(css);
    expect(stylesheet.status).toBe(200);
    expect(stylesheet.headers.get("cache-control")).toContain("immutable");
    expect((await get(js)).headers.get("content-type")).toMatch(/javascript/);
  });
});

describe("adaptive content on published sites", () => {
  it("hides sections whose condition is false for the visitor's claims", async () => {
    const { organization, owner, gb, site } = await seedSite("visitor-auth");
    const { data: beta } = await gb.orgs.createSpace(organization.id, { title: "Beta" });
    const cr = await changeRequestWith(owner.token, beta.id, [
      { operation: "insert_page", title: "Secret features", document: { markdown: "Only for testers." } },
    ]);
    await gb.spaces.mergeChangeRequest(beta.id, cr.cr.id);
    const guide = (await gb.orgs.listSiteSpaces(organization.id, site.id)).data.items[0]!;
    const first = (await gb.orgs.addSectionToSite(organization.id, site.id, { spaceId: guide.space.id } as never)).data;
    const second = (await gb.orgs.addSectionToSite(organization.id, site.id, { spaceId: beta.id } as never)).data;
    await gb.orgs.updateSiteAdaptiveSchema(organization.id, site.id, {
      jsonSchema: {
        type: "object",
        properties: { beta: { type: "boolean", description: "A beta tester" } },
        additionalProperties: false,
      },
    } as never);
    await gb.orgs.updateSiteSectionById(organization.id, site.id, second.id, { condition: "visitor.claims.beta" });
    await gb.orgs.updateSiteById(organization.id, site.id, {
      adaptiveContent: { enabled: true },
      defaultSiteSection: first.id,
    } as never);
    await gb.orgs.publishSite(organization.id, site.id);
    // A space in a section other than the default is published under the section's path.
    expect((await gb.spaces.getSpaceById(beta.id)).data.urls.published).toBe(
      `${ORIGIN}/~site/${site.id}/${second.path}`,
    );
    expect((await gb.spaces.getSpaceById(guide.space.id)).data.urls.published).toBe(`${ORIGIN}/~site/${site.id}`);
    const sections = (await gb.orgs.listSiteSections(organization.id, site.id)).data.items;
    expect(sections.map((s) => s.urls.published)).toEqual([
      `${ORIGIN}/~site/${site.id}`,
      `${ORIGIN}/~site/${site.id}/${second.path}`,
    ]);
    expect(sections[1]!.siteSpaces[0]!.urls.published).toBe(`${ORIGIN}/~site/${site.id}/${second.path}`);
    const { data: auth } = await gb.orgs.getSitePublishingAuthById(organization.id, site.id);
    const token = (claims: Record<string, unknown>) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: "HS256" })
        .setExpirationTime("10m")
        .sign(new TextEncoder().encode(auth.privateKey));

    const tester = await get(
      `/~site/${site.id}/${second.path}/secret-features?jwt_token=${await token({ beta: true })}`,
    );
    expect(tester.status).toBe(200);
    const testerHtml = await tester.text();
    expect(testerHtml).toContain("Only for testers.");
    expect(testerHtml).toContain(`href="/~site/${site.id}/${second.path}"`);

    const other = await get(
      `/~site/${site.id}/${second.path}/secret-features?jwt_token=${await token({ beta: false })}`,
    );
    expect(other.status).toBe(404);
    const home = await (await get(`/~site/${site.id}?jwt_token=${await token({})}`)).text();
    expect(home).toContain("Introduction");
    expect(home).not.toContain(`href="/~site/${site.id}/${second.path}"`);
  });
});

describe("custom hosts", () => {
  it("serves a published site at its proxy host and path, with links under that path", async () => {
    const { organization, owner, gb, site } = await seedSite();
    const host = `docs-${site.id.toLowerCase()}.example.com`;
    await gb.orgs.updateSiteById(organization.id, site.id, { proxy: `${host}/help` } as never);
    const visit = (path: string) => workerFetch(`https://${host}${path}`, { redirect: "manual" });
    // Unpublished, or its DNS not verified (test/site/custom-hosts.test.ts): the host serves nothing.
    expect((await visit("/help")).status).toBe(404);
    await verifyCustomHost(owner.token, host);
    expect((await visit("/help")).status).toBe(404);
    await gb.orgs.publishSite(organization.id, site.id);
    const home = await visit("/help");
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain("Introduction");
    expect(html).toContain('href="/help/feeding"');
    expect(await (await visit("/help/feeding.md")).text()).toMatch(/^# Feeding/);
    expect(await (await visit("/help/robots.txt")).text()).toContain(`Sitemap: https://${host}/help/sitemap.xml`);
    // The API's own host is never taken for a site, and other paths of the custom host are not the site's.
    expect((await visit("/elsewhere")).status).toBe(404);
    expect((await get("/help")).status).toBe(404);
  });
});
