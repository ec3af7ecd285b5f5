import { env } from "cloudflare:workers";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { changeRequestWith } from "../helpers/content";
import { api, client, clientError, ORIGIN, workerFetch } from "../helpers/http";
import { seedOrganization } from "../helpers/seed";
import { sectionsWithVariant, verifyCustomHost } from "../helpers/sites";

const APP = env.APP_URL;

/** A space with "Guide" > "Setup" merged, an open change request adding "Draft", and a collection. */
async function seedContent() {
  const { organization, owner } = await seedOrganization("Docs team");
  const gb = client(owner.token);
  const { data: space } = await gb.orgs.createSpace(organization.id, { title: "Handbook" });
  const first = await changeRequestWith(owner.token, space.id, [
    { operation: "insert_page", ref: "guide", title: "Guide", document: { markdown: "Start here." } },
    { operation: "insert_page", into: "guide", title: "Setup", document: { markdown: "Install it." } },
  ]);
  await gb.spaces.mergeChangeRequest(space.id, first.cr.id);
  const open = await changeRequestWith(owner.token, space.id, [
    { operation: "insert_page", title: "Draft", document: { markdown: "Not yet." } },
  ]);
  const { data: collection } = await gb.orgs.createCollection(organization.id, { title: "Shelf" });
  return { organization, owner, gb, space, open, collection, pages: first.pages };
}

/** A site over the space (and a second space as a section with two variants), not yet published. */
async function seedSite(visibility: "public" | "share-link" | "visitor-auth" = "public") {
  const seeded = await seedContent();
  const { gb, organization, owner, space } = seeded;
  const { data: site } = await gb.orgs.createSite(organization.id, {
    title: "Docs",
    visibility,
    spaces: [space.id],
  } as never);
  return { ...seeded, site, owner };
}

const siteUrl = (siteId: string, path = "") => `${ORIGIN}/~site/${siteId}${path}`;

describe("getContentByUrl", () => {
  it("resolves app URLs of a collection, a space, a page and a change request", async () => {
    const { organization, gb, space, open, collection, pages } = await seedContent();
    const byCollection = (await gb.urls.getContentByUrl({ url: `${APP}/o/${organization.id}/c/${collection.id}` }))
      .data as { collection: { id: string; object: string } };
    expect(byCollection.collection).toMatchObject({ object: "collection", id: collection.id });

    for (const url of [`${APP}/o/${organization.id}/s/${space.id}`, `${APP}/s/${space.id}`, space.urls.app]) {
      const found = (await gb.urls.getContentByUrl({ url })).data as Record<string, any>;
      expect(found.space).toMatchObject({ object: "space", id: space.id });
      expect(found.page).toBeUndefined();
      expect(found.changeRequest).toBeUndefined();
    }

    const page = (await gb.urls.getContentByUrl({ url: `${APP}/s/${space.id}/guide/setup` })).data as Record<
      string,
      any
    >;
    expect(page.space.id).toBe(space.id);
    expect(page.page).toMatchObject({ id: pages[1], type: "document", path: "guide/setup" });

    const cr = (await gb.urls.getContentByUrl({ url: open.cr.urls.app })).data as Record<string, any>;
    expect(cr.changeRequest).toMatchObject({ object: "change-request", id: open.cr.id, number: open.cr.number });
    expect(cr.page).toBeUndefined();
    const crPage = (await gb.urls.getContentByUrl({ url: `${open.cr.urls.app}/draft` })).data as Record<string, any>;
    expect(crPage.changeRequest.id).toBe(open.cr.id);
    expect(crPage.page).toMatchObject({ id: open.pages[0], title: "Draft" });
    // The draft page is not on main.
    expect((await clientError(gb.urls.getContentByUrl({ url: `${APP}/s/${space.id}/draft` }))).code).toBe(404);
  });

  it("resolves published URLs with the caller's access, and 404s what the caller may not read", async () => {
    const { organization, gb, space, site, pages } = await seedSite();
    await gb.orgs.publishSite(organization.id, site.id);
    const root = (await gb.urls.getContentByUrl({ url: siteUrl(site.id) })).data as Record<string, any>;
    expect(root.space.id).toBe(space.id);
    expect(root.page.id).toBe(pages[0]);
    const setup = (await gb.urls.getContentByUrl({ url: siteUrl(site.id, "/guide/setup.md") })).data as Record<
      string,
      any
    >;
    expect(setup.page.id).toBe(pages[1]);

    // The site is public: anyone signed in reads what it publishes, by any of its URLs.
    const outsider = client((await seedOrganization("Others")).owner.token);
    const read = (await outsider.urls.getContentByUrl({ url: `${APP}/s/${space.id}/guide` })).data;
    expect((read as Record<string, any>).page.id).toBe(pages[0]);
    await gb.orgs.unpublishSite(organization.id, site.id);
    for (const url of [`${APP}/s/${space.id}`, `${APP}/o/${organization.id}/s/${space.id}/guide`]) {
      expect((await clientError(outsider.urls.getContentByUrl({ url }))).code).toBe(404);
    }
    expect((await clientError(gb.urls.getContentByUrl({ url: siteUrl(site.id) }))).code).toBe(404);
    // Another organization's id in the URL: not this space's URL.
    const wrongOrg = `${APP}/o/other-org/s/${space.id}`;
    expect((await clientError(gb.urls.getContentByUrl({ url: wrongOrg }))).code).toBe(404);
    for (const url of [`${APP}/s/${space.id}/nowhere`, `${APP}/sites`, "https://elsewhere.example/s/x"]) {
      expect((await clientError(gb.urls.getContentByUrl({ url }))).code).toBe(404);
    }
    for (const url of ["not a url", "ftp://example.com/s/x"]) {
      const res = await api("GET", `/urls/content?url=${encodeURIComponent(url)}`, { token: undefined });
      expect(res.status).toBe(401);
      expect((await clientError(gb.urls.getContentByUrl({ url }))).code).toBe(400);
    }
  });
});

describe("published URL lookups", () => {
  it("resolves a site's root, its pages (with or without .md) and its sections and variants", async () => {
    const { organization, owner, gb, space, site, pages } = await seedSite();
    const anonymous = client();
    expect((await clientError(anonymous.urls.resolvePublishedContentByUrl({ url: siteUrl(site.id) }))).code).toBe(404);
    await gb.orgs.publishSite(organization.id, site.id);
    const { data: siteSpaces } = await gb.orgs.listSiteSpaces(organization.id, site.id);
    const root = (await anonymous.urls.resolvePublishedContentByUrl({ url: siteUrl(site.id) })).data as Record<
      string,
      any
    >;
    expect(root).toMatchObject({
      site: site.id,
      siteSpace: siteSpaces.items[0]!.id,
      space: space.id,
      page: pages[0],
      organization: organization.id,
      pathname: "",
      basePath: `/~site/${site.id}/`,
      siteBasePath: `/~site/${site.id}/`,
      apiToken: expect.stringMatching(/^eyJ[\w-]*\.[\w-]+\.[\w-]+$/),
      complete: true,
      canonicalUrl: siteUrl(site.id, "/guide"),
    });
    expect(root.revision).toBe((await gb.spaces.getCurrentRevision(space.id)).data.id);
    for (const path of ["/guide/setup", "/guide/setup.md", "/guide/setup/"]) {
      const { data } = await anonymous.urls.getPublishedContentByUrl({ url: siteUrl(site.id, path) });
      expect(data).toMatchObject({
        page: pages[1],
        // A markdown twin keeps its suffix: GitBook Open routes `.md` paths by it.
        pathname: path.endsWith(".md") ? "guide/setup.md" : "guide/setup",
        canonicalUrl: siteUrl(site.id, "/guide/setup"),
      });
    }
    // A path that is no page is still the site's (test/routes/urls-any-path.test.ts).
    const nowhere = (await anonymous.urls.getPublishedContentByUrl({ url: siteUrl(site.id, "/no/such") })).data;
    expect(nowhere).toMatchObject({ site: site.id, pathname: "no/such" });
    expect((nowhere as Record<string, unknown>).page).toBeUndefined();

    // Two sections; the second with two variants.
    const { beta, v2, second, variant } = await sectionsWithVariant(
      gb,
      owner.token,
      organization.id,
      site.id,
      space.id,
    );
    const inVariant = (
      await anonymous.urls.resolvePublishedContentByUrl({
        url: siteUrl(site.id, `/${second.path}/${variant.path}/features`),
      })
    ).data as Record<string, any>;
    expect(inVariant).toMatchObject({
      siteSection: second.id,
      siteSpace: variant.id,
      space: v2.id,
      pathname: "features",
      basePath: `/~site/${site.id}/${second.path}/${variant.path}/`,
      complete: true,
    });
    const inSection = (await anonymous.urls.resolvePublishedContentByUrl({ url: siteUrl(site.id, `/${second.path}`) }))
      .data as Record<string, any>;
    expect(inSection).toMatchObject({ siteSection: second.id, space: beta.id, pathname: "", complete: false });
    expect(inSection.canonicalUrl).toBe(siteUrl(site.id, `/${second.path}/features`));
  });

  it("resolves custom hosts, and follows the site's redirects", async () => {
    const { organization, owner, gb, site, pages } = await seedSite();
    const host = `docs-${crypto.randomUUID().slice(0, 8)}.example.com`;
    await gb.orgs.updateSiteById(organization.id, site.id, { proxy: `${host}/help` } as never);
    await gb.orgs.publishSite(organization.id, site.id);
    // A custom host resolves once its DNS is verified.
    const url = `https://${host}/help/guide/setup`;
    expect((await clientError(client().urls.resolvePublishedContentByUrl({ url }))).code).toBe(404);
    await verifyCustomHost(owner.token, host);
    const { data } = await client().urls.resolvePublishedContentByUrl({ url });
    expect(data).toMatchObject({ site: site.id, page: pages[1], siteBasePath: "/help/", basePath: "/help/" });
    expect((data as { canonicalUrl: string }).canonicalUrl).toBe(`https://${host}/help/guide/setup`);
    // The renderer serves the same URL (src/site/hosts.ts shares the proxy lookup).
    expect((await workerFetch(`https://${host}/help/guide/setup`)).status).toBe(200);
    const siteSpace = (await gb.orgs.listSiteSpaces(organization.id, site.id)).data.items[0]!;
    await gb.orgs.createSiteRedirect(organization.id, site.id, {
      source: "/old/setup",
      destination: { kind: "site-page", siteSpaceId: siteSpace.id, pageId: pages[1]! },
    });
    const moved = await client().urls.resolvePublishedContentByUrl({ url: siteUrl(site.id, "/old/setup") });
    expect(moved.data).toEqual({ target: "content", redirect: siteUrl(site.id, "/guide/setup") });
  });

  it("opens share-link sites with the URL's ?share= key only", async () => {
    const { organization, gb, site } = await seedSite("share-link");
    await gb.orgs.publishSite(organization.id, site.id);
    const { data: link } = await gb.orgs.createSiteShareLink(organization.id, site.id, { name: "Friends" });
    const key = new URL(link.urls.published!).searchParams.get("share")!;
    const anonymous = client();
    for (const url of [siteUrl(site.id, "/guide"), siteUrl(site.id, "/guide?share=wrong")]) {
      expect((await clientError(anonymous.urls.resolvePublishedContentByUrl({ url }))).code).toBe(401);
      const redirected = anonymous.urls.resolvePublishedContentByUrl({ url, redirectOnError: true });
      expect((await clientError(redirected)).code).toBe(401);
    }
    const { data } = await anonymous.urls.getPublishedContentByUrl({ url: siteUrl(site.id, `/guide?share=${key}`) });
    expect(data).toMatchObject({ site: site.id, shareKey: key, pathname: "guide" });
  });

  it("opens visitor-auth sites with a valid JWT, else 401 or the fallback URL", async () => {
    const { organization, gb, site, pages } = await seedSite("visitor-auth");
    await gb.orgs.publishSite(organization.id, site.id);
    const { data: auth } = await gb.orgs.getSitePublishingAuthById(organization.id, site.id);
    const sign = (secret: string) =>
      new SignJWT({ plan: "pro" })
        .setProtectedHeader({ alg: "HS256" })
        .setExpirationTime("10m")
        .sign(new TextEncoder().encode(secret));
    const valid = await sign(auth.privateKey);
    const forged = await sign("not the site's key");
    const anonymous = client();
    const url = siteUrl(site.id, "/guide/setup");

    const opened = await anonymous.urls.resolvePublishedContentByUrl({ url, visitor: { jwtToken: valid } });
    expect(opened.data).toMatchObject({ page: pages[1], site: site.id });
    expect((opened.data as { contextId?: string }).contextId).toEqual(expect.any(String));
    const byQuery = await anonymous.urls.getPublishedContentByUrl({ url, visitorAuthToken: valid });
    expect(byQuery.data).toMatchObject({ page: pages[1] });
    const inUrl = await anonymous.urls.getPublishedContentByUrl({ url: `${url}?jwt_token=${valid}` });
    expect(inUrl.data).toMatchObject({ page: pages[1] });

    const refused = anonymous.urls.resolvePublishedContentByUrl({ url, visitor: { jwtToken: forged } });
    expect((await clientError(refused)).code).toBe(401);
    // No fallback URL yet: redirectOnError has nowhere to send the visitor.
    const nowhere = anonymous.urls.getPublishedContentByUrl({ url, visitorAuthToken: forged, redirectOnError: true });
    expect((await clientError(nowhere)).code).toBe(401);

    await gb.orgs.updateSitePublishingAuthById(organization.id, site.id, {
      backend: "custom",
      fallbackURL: "https://login.example.com/",
    });
    const sent = await anonymous.urls.resolvePublishedContentByUrl({
      url,
      redirectOnError: true,
      visitor: { jwtToken: forged },
    });
    expect(sent.data).toEqual({ target: "external", redirect: "https://login.example.com/" });
    const sentByQuery = await anonymous.urls.getPublishedContentByUrl({ url, redirectOnError: true });
    expect(sentByQuery.data).toEqual({ target: "external", redirect: "https://login.example.com/" });
    expect((await clientError(anonymous.urls.getPublishedContentByUrl({ url }))).code).toBe(401);
  });

  it("hides sections whose condition the visitor's signed or unsigned claims do not meet", async () => {
    const { organization, owner, gb, site, space } = await seedSite("visitor-auth");
    const { data: beta } = await gb.orgs.createSpace(organization.id, { title: "Beta" });
    const cr = await changeRequestWith(owner.token, beta.id, [
      { operation: "insert_page", title: "Secret", document: { markdown: "Only for testers." } },
    ]);
    await gb.spaces.mergeChangeRequest(beta.id, cr.cr.id);
    const first = (await gb.orgs.addSectionToSite(organization.id, site.id, { spaceId: space.id } as never)).data;
    const second = (await gb.orgs.addSectionToSite(organization.id, site.id, { spaceId: beta.id } as never)).data;
    await gb.orgs.updateSiteAdaptiveSchema(organization.id, site.id, {
      jsonSchema: {
        type: "object",
        properties: {
          plan: { type: "string", description: "The plan" },
          unsigned: {
            type: "object",
            description: "Unsigned claims of the site visitor.",
            properties: { beta: { type: "boolean", description: "A beta tester" } },
            additionalProperties: false,
          },
        },
        additionalProperties: false,
      },
    } as never);
    await gb.orgs.updateSiteSectionById(organization.id, site.id, second.id, {
      condition: 'visitor.claims.plan == "pro" || visitor.claims.unsigned.beta',
    });
    await gb.orgs.updateSiteById(organization.id, site.id, {
      adaptiveContent: { enabled: true },
      defaultSiteSection: first.id,
    } as never);
    await gb.orgs.publishSite(organization.id, site.id);
    const { data: auth } = await gb.orgs.getSitePublishingAuthById(organization.id, site.id);
    const token = (claims: Record<string, unknown>) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: "HS256" })
        .setExpirationTime("10m")
        .sign(new TextEncoder().encode(auth.privateKey));
    const url = siteUrl(site.id, `/${second.path}/secret`);
    const anonymous = client();
    const lookup = (jwtToken: string, unsignedClaims?: Record<string, unknown>) =>
      anonymous.urls.resolvePublishedContentByUrl({
        url,
        visitor: { jwtToken, ...(unsignedClaims ? { unsignedClaims } : {}) },
      });
    expect((await lookup(await token({ plan: "pro" }))).data).toMatchObject({ siteSection: second.id, space: beta.id });
    // Hidden from this visitor: the path is no section of theirs, only an unknown path in the default section.
    const hidden = (await lookup(await token({ plan: "free" }))).data as Record<string, unknown>;
    expect(hidden).toMatchObject({ siteSection: first.id, space: space.id, pathname: `${second.path}/secret` });
    expect(hidden.page).toBeUndefined();
    const tester = await lookup(await token({ plan: "free" }), { beta: true });
    expect(tester.data).toMatchObject({ siteSection: second.id, pathname: "secret" });
  });

  it("answers 404 for unpublished sites and URLs that are not published pages, 400 for bad URLs", async () => {
    const { organization, gb, site, space } = await seedSite();
    const anonymous = client();
    expect((await clientError(anonymous.urls.getPublishedContentByUrl({ url: siteUrl(site.id) }))).code).toBe(404);
    await gb.orgs.publishSite(organization.id, site.id);
    expect((await anonymous.urls.getPublishedContentByUrl({ url: siteUrl(site.id) })).data).toMatchObject({
      site: site.id,
    });
    await gb.orgs.unpublishSite(organization.id, site.id);
    for (const url of [
      siteUrl(site.id),
      `${APP}/s/${space.id}`,
      `${ORIGIN}/~site/~assets/site.css`,
      siteUrl("no-such-site"),
      "https://elsewhere.example/docs",
    ]) {
      expect((await clientError(anonymous.urls.resolvePublishedContentByUrl({ url }))).code).toBe(404);
    }
    for (const body of [
      { url: "not a url" },
      { url: "ftp://example.com/x" },
      {},
      { url: siteUrl(site.id), visitor: 3 },
    ]) {
      const res = await api("POST", "/urls/published", { body });
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe(400);
    }
    const bad = await api("GET", `/urls/published?url=${encodeURIComponent("nope")}`);
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/^query\.url/);
  });
});
