import { describe, expect, it } from "vitest";
import { changeRequestWith } from "../helpers/content";
import { currentClient, expectCurrentShape } from "../helpers/current-client";
import { client, clientError, ORIGIN } from "../helpers/http";
import { seedOrganization } from "../helpers/seed";
import { sectionsWithVariant, verifyCustomHost } from "../helpers/sites";

// URL resolution for any path under a published site (issue 30, part 4): GitBook Open resolves several prefixes
// of the visited URL at once and keeps the full URL's answer or a `complete` prefix's, joining the rest of the
// URL to its `pathname`; every answer it may keep must name the same site space and path.

type Lookup = Record<string, unknown> & { siteSpace?: string; pathname?: string; complete?: boolean; page?: string };

/** A site showing "Guide" > "Setup", not yet published. */
async function seedSite(visibility: "public" | "share-link" = "public") {
  const { organization, owner } = await seedOrganization("Docs team");
  const gb = client(owner.token);
  const { data: space } = await gb.orgs.createSpace(organization.id, { title: "Handbook" });
  const first = await changeRequestWith(owner.token, space.id, [
    { operation: "insert_page", ref: "guide", title: "Guide", document: { markdown: "Start here." } },
    { operation: "insert_page", into: "guide", title: "Setup", document: { markdown: "Install it." } },
  ]);
  await gb.spaces.mergeChangeRequest(space.id, first.cr.id);
  const { data: site } = await gb.orgs.createSite(organization.id, {
    title: "Docs",
    visibility,
    spaces: [space.id],
  } as never);
  return { organization, owner, gb, space, site, pages: first.pages };
}

/** Resolves `url` through the 0.202 client, checking the answer's shape against its schema. */
async function resolve(url: string) {
  const { data } = await currentClient().urls.resolvePublishedContentByUrl({ url });
  expectCurrentShape("PublishedSiteContentLookup", data);
  return data as Lookup;
}

/**
 * What GitBook Open keeps from each lookup alternative of `url` (its origin, each path prefix, the URL itself):
 * the full URL's answer, or a prefix's that is `complete`, with the rest of the URL joined to its pathname.
 */
async function alternatives(url: string) {
  const target = new URL(url);
  const segments = target.pathname.split("/").filter(Boolean);
  const kept: { at: string; siteSpace?: string; pathname: string; page?: string }[] = [];
  for (let i = 0; i <= segments.length; i++) {
    const at = `${target.origin}/${segments.slice(0, i).join("/")}`;
    const primary = i === segments.length;
    const answer = await currentClient()
      .urls.resolvePublishedContentByUrl({ url: at })
      .then((r) => r.data as Lookup)
      .catch(() => undefined);
    if (!answer || !(primary || answer.complete)) continue;
    expectCurrentShape("PublishedSiteContentLookup", answer);
    const pathname = [answer.pathname, ...segments.slice(i)].filter(Boolean).join("/");
    kept.push({ at, siteSpace: answer.siteSpace, pathname, ...(answer.page ? { page: answer.page } : {}) });
  }
  return kept;
}

describe("published URL lookups of any path under a site", () => {
  it("answers the site for paths that are no page, with the rest of the path in pathname", async () => {
    const { organization, gb, site, pages } = await seedSite();
    await gb.orgs.publishSite(organization.id, site.id);
    const siteSpace = (await gb.orgs.listSiteSpaces(organization.id, site.id)).data.items[0]!;
    const base = `${ORIGIN}/~site/${site.id}`;
    for (const path of ["llms.txt", "sitemap.xml", "~gitbook/icon", "~gitbook/ogimage/abc", "no/such/page"]) {
      const found = await resolve(`${base}/${path}`);
      expect(found).toMatchObject({
        site: site.id,
        organization: organization.id,
        siteSpace: siteSpace.id,
        pathname: path,
        basePath: `/~site/${site.id}/`,
        siteBasePath: `/~site/${site.id}/`,
        complete: true,
        canonicalUrl: `${base}/${path}`,
      });
      expect(found.page).toBeUndefined();
      expect(typeof found.revision).toBe("string");
    }
    // A page's markdown twin keeps its `.md` (GitBook Open serves it as markdown by that suffix).
    expect(await resolve(`${base}/guide/setup.md`)).toMatchObject({ page: pages[1], pathname: "guide/setup.md" });
    // The deprecated GET answers the same.
    const { data } = await currentClient().urls.getPublishedContentByUrl({ url: `${base}/llms.txt` });
    expect(data).toMatchObject({ site: site.id, pathname: "llms.txt" });
  });

  it("resolves every prefix of a URL on a custom host to the same site space and path", async () => {
    const { organization, owner, gb, site, space, pages } = await seedSite();
    const { first, second, variant } = await sectionsWithVariant(gb, owner.token, organization.id, site.id, space.id);
    const host = `docs-${crypto.randomUUID().slice(0, 8)}.example.com`;
    await gb.orgs.updateSiteById(organization.id, site.id, { proxy: `${host}/help` } as never);
    await gb.orgs.publishSite(organization.id, site.id);
    await verifyCustomHost(owner.token, host);
    const root = `https://${host}/help`;
    const firstSiteSpace = (first as { siteSpaces: { id: string }[] }).siteSpaces[0]!.id;

    const cases = [
      { path: "guide/setup", siteSpace: firstSiteSpace, pathname: "guide/setup", page: pages[1] as string | true },
      { path: "llms.txt", siteSpace: firstSiteSpace, pathname: "llms.txt" },
      { path: "~gitbook/icon", siteSpace: firstSiteSpace, pathname: "~gitbook/icon" },
      { path: `${second.path}/${variant.path}/features`, siteSpace: variant.id, pathname: "features", page: true },
      { path: `${second.path}/${variant.path}/sitemap.xml`, siteSpace: variant.id, pathname: "sitemap.xml" },
      { path: `${second.path}/${variant.path}/~gitbook/icon`, siteSpace: variant.id, pathname: "~gitbook/icon" },
    ];
    for (const c of cases) {
      const kept = await alternatives(`${root}/${c.path}`);
      // The full URL always answers; with it, any complete prefix.
      expect(kept.length, c.path).toBeGreaterThan(0);
      expect(kept.at(-1)!.at, c.path).toBe(`${root}/${c.path}`);
      for (const answer of kept) {
        expect(answer, `${c.path} at ${answer.at}`).toMatchObject({ siteSpace: c.siteSpace, pathname: c.pathname });
      }
      // A page's id comes with the full URL's answer; a path that is no page has none.
      const full = kept.at(-1)!;
      if (c.page === true) expect(full.page, c.path).toEqual(expect.any(String));
      else expect(full.page, c.path).toBe(c.page);
    }
    // The site's root and a section's root are prefixes GitBook Open must not keep (more may follow).
    expect(await resolve(root)).toMatchObject({ site: site.id, complete: false, pathname: "" });
    expect(await resolve(`${root}/${second.path}`)).toMatchObject({ siteSection: second.id, complete: false });
    expect(await resolve(`${root}/${second.path}/${variant.path}`)).toMatchObject({
      siteSpace: variant.id,
      complete: true,
      basePath: `/help/${second.path}/${variant.path}/`,
      siteBasePath: "/help/",
    });
  });

  it("still refuses URLs of no site, unpublished sites, other hosts' paths and closed sites", async () => {
    const { organization, owner, gb, site } = await seedSite();
    const anonymous = currentClient();
    const refused = async (url: string) =>
      (await clientError(anonymous.urls.resolvePublishedContentByUrl({ url }))).code;
    // Unpublished: nothing under it resolves.
    expect(await refused(`${ORIGIN}/~site/${site.id}/llms.txt`)).toBe(404);
    expect(await refused(`${ORIGIN}/~site/no-such-site/llms.txt`)).toBe(404);
    expect(await refused(`${ORIGIN}/~site/~assets/llms.txt`)).toBe(404);
    expect(await refused("https://elsewhere.example/llms.txt")).toBe(404);

    // Another organization's custom host: only its own site's paths, never another site's.
    const host = `docs-${crypto.randomUUID().slice(0, 8)}.example.com`;
    await gb.orgs.updateSiteById(organization.id, site.id, { proxy: `${host}/help` } as never);
    await gb.orgs.publishSite(organization.id, site.id);
    // Unverified: the host serves nothing yet.
    expect(await refused(`https://${host}/help/llms.txt`)).toBe(404);
    await verifyCustomHost(owner.token, host);
    expect(await resolve(`https://${host}/help/llms.txt`)).toMatchObject({ site: site.id, pathname: "llms.txt" });
    const other = await seedSite();
    await other.gb.orgs.publishSite(other.organization.id, other.site.id);
    for (const url of [
      `https://${host}/llms.txt`,
      `https://${host}/other/llms.txt`,
      `https://${host}/~site/${other.site.id}/llms.txt`,
      `https://${host}/v1/llms.txt`,
    ]) {
      expect(await refused(url), url).toBe(404);
    }
    await gb.orgs.unpublishSite(organization.id, site.id);
    expect(await refused(`https://${host}/help/llms.txt`)).toBe(404);

    // A share-link site's other paths need its key too, exactly as its pages do.
    const shared = await seedSite("share-link");
    await shared.gb.orgs.publishSite(shared.organization.id, shared.site.id);
    const { data: link } = await shared.gb.orgs.createSiteShareLink(shared.organization.id, shared.site.id, {
      name: "Friends",
    });
    const key = new URL(link.urls.published!).searchParams.get("share")!;
    const base = `${ORIGIN}/~site/${shared.site.id}`;
    expect(await refused(`${base}/llms.txt`)).toBe(401);
    expect(await refused(`${base}/llms.txt?share=wrong`)).toBe(401);
    expect(await resolve(`${base}/llms.txt?share=${key}`)).toMatchObject({
      site: shared.site.id,
      shareKey: key,
      pathname: "llms.txt",
    });
  });
});

describe("urls.published on a live custom host", () => {
  it("sites, site spaces, sections and spaces give the custom host once its DNS is verified", async () => {
    const { organization, owner, gb, site, space } = await seedSite();
    const current = currentClient(owner.token);
    const { data: beta } = await gb.orgs.createSpace(organization.id, { title: "Beta" });
    // The first section is the site's default (its path elided); the second is named by its path.
    await gb.orgs.addSectionToSite(organization.id, site.id, { spaceId: space.id } as never);
    const second = (await gb.orgs.addSectionToSite(organization.id, site.id, { spaceId: beta.id } as never)).data;
    const host = `docs-${crypto.randomUUID().slice(0, 8)}.example.com`;
    await gb.orgs.updateSiteById(organization.id, site.id, { proxy: `${host}/help` } as never);
    await gb.orgs.publishSite(organization.id, site.id);
    const published = async () => {
      const { data: read } = await current.orgs.getSiteById(organization.id, site.id);
      // (Site, SiteSection and Space against the 0.202 schema: issue 30 part 3 adds the fields they lack.)
      const { data: sections } = await current.orgs.listSiteSections(organization.id, site.id);
      const section = sections.items.find((s) => s.id === second.id)!;
      const { data: betaSpace } = await current.spaces.getSpaceById(beta.id);
      return {
        site: read.urls.published,
        section: section.urls.published,
        siteSpace: section.siteSpaces[0]!.urls.published,
        space: betaSpace.urls.published,
      };
    };
    // Unverified: the site is served on the deployment's origin only.
    const onOrigin = `${ORIGIN}/~site/${site.id}`;
    expect(await published()).toEqual({
      site: onOrigin,
      section: `${onOrigin}/${second.path}`,
      siteSpace: `${onOrigin}/${second.path}`,
      space: `${onOrigin}/${second.path}`,
    });
    await verifyCustomHost(owner.token, host);
    const onHost = `https://${host}/help`;
    expect(await published()).toEqual({
      site: onHost,
      section: `${onHost}/${second.path}`,
      siteSpace: `${onHost}/${second.path}`,
      space: `${onHost}/${second.path}`,
    });
    // What urls.published names resolves to that site space.
    expect(await resolve(`${onHost}/${second.path}/llms.txt`)).toMatchObject({
      siteSection: second.id,
      pathname: "llms.txt",
    });
    // A new proxy is unverified again: back on the deployment's origin (no stale cached place).
    await gb.orgs.updateSiteById(organization.id, site.id, { proxy: `${host}/docs` } as never);
    expect((await published()).space).toBe(`${onOrigin}/${second.path}`);
    expect((await published()).site).toBe(onOrigin);
  });
});
