// Every `urls.app` the API returns answers a small HTML page naming the resource and linking to its API URL,
// until Quire has an app. The URLs come from real API responses, so a presenter that changes its pattern
// without a page behind it fails here.
import { describe, expect, it, vi } from "vitest";
import { changeRequestWith, seedSpace } from "../helpers/content";
import { ORIGIN, workerFetch } from "../helpers/http";
import { indexed } from "../helpers/search";

const API = "https://api.quire.test";
const APP = "https://app.quire.test";

async function fetchPage(url: string) {
  const res = await workerFetch(url, { headers: { accept: "text/html" } });
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    csp: res.headers.get("content-security-policy"),
    body: await res.text(),
  };
}

/** What an app page must be: 200 HTML, loading nothing, linking to its API URL and to the reference. */
async function expectAppPage(url: string, apiURL: string, kind: string) {
  expect(url.startsWith(`${APP}/`), url).toBe(true);
  const page = await fetchPage(url);
  expect(page.status, url).toBe(200);
  expect(page.type).toMatch(/^text\/html/);
  expect(page.csp).toContain("default-src 'none'");
  expect(page.body).toContain(`<html lang="en">`);
  expect(page.body).toContain(`href="${apiURL}"`);
  expect(page.body).toContain('href="/reference"');
  expect(page.body).toContain(`<h1>${kind} `);
  expect(page.body).not.toMatch(/<script|<link|<img|https?:\/\/(?!api\.quire\.test)/i);
  // The API URL it links to is the resource's own (the API answers it for the owner).
  return page;
}

describe("app URLs", () => {
  it("resolve for an organization, collection, space, space content, page, change request and OpenAPI spec", async () => {
    const { organization, space, owner, api: gb } = await seedSpace("Private Handbook");
    const org = (await gb.orgs.getOrganizationById(organization.id)).data;
    await expectAppPage(org.urls.app, `${API}/v1/orgs/${org.id}`, "Organization");

    const collection = (await gb.orgs.createCollection(org.id, { title: "Guides" })).data;
    await expectAppPage(collection.urls.app, `${API}/v1/collections/${collection.id}`, "Collection");

    const gotSpace = (await gb.spaces.getSpaceById(space.id)).data;
    const spacePage = await expectAppPage(gotSpace.urls.app, `${API}/v1/spaces/${space.id}`, "Space");
    // No title without a token: a private space's title is not shown to whoever follows the link.
    expect(spacePage.body).not.toContain("Private Handbook");

    const { cr } = await changeRequestWith(owner.token, space.id, [
      { operation: "insert_page", ref: "guide", title: "Getting started", document: { markdown: "Hello.\n" } },
      { operation: "insert_page", into: "guide", title: "Install <now>", document: { markdown: "Steps.\n" } },
    ]);
    const gotCr = (await gb.spaces.getChangeRequestById(space.id, cr.id)).data;
    await expectAppPage(
      gotCr.urls.app,
      `${API}/v1/spaces/${space.id}/change-requests/${gotCr.number}`,
      "Change request",
    );
    const byNumber = await workerFetch(`${API}/v1/spaces/${space.id}/change-requests/${gotCr.number}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(((await byNumber.json()) as { id: string }).id).toBe(cr.id);

    await gb.spaces.mergeChangeRequest(space.id, cr.id);
    const tree = (await gb.spaces.listPages(space.id)).data.pages;
    const guide = tree[0] as {
      id: string;
      path: string;
      urls: { app: string };
      pages: { id: string; path: string; urls: { app: string } }[];
    };
    await expectAppPage(`${APP}/s/${space.id}`, `${API}/v1/spaces/${space.id}/content`, "Space content");
    await expectAppPage(guide.urls.app, `${API}/v1/spaces/${space.id}/content/path/${guide.path}`, "Page");
    const nested = guide.pages[0];
    expect(nested.path).toContain("/");
    const nestedPage = await expectAppPage(
      nested.urls.app,
      `${API}/v1/spaces/${space.id}/content/path/${nested.path}`,
      "Page",
    );
    expect(nestedPage.body).toContain(`<code>${nested.path}</code>`);
    const viaLink = await workerFetch(`${API}/v1/spaces/${space.id}/content/path/${nested.path}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(((await viaLink.json()) as { id: string }).id).toBe(nested.id);

    // Search results link to the same page URLs.
    await indexed(space.id);
    const found = (await gb.spaces.searchSpaceContent(space.id, { query: "steps" })).data.items;
    expect(found.map((hit) => hit.urls.app)).toEqual([nested.urls.app]);

    const created = await gb.orgs.createOpenApiSpec(org.id, {
      slug: "pets",
      source: { text: "openapi: 3.0.3\ninfo: {title: P, version: '1'}\npaths: {}\n" },
    });
    await expectAppPage(created.data.urls.app, `${API}/v1/orgs/${org.id}/openapi/pets`, "OpenAPI spec");
    // Let the processing job the spec queued finish inside this test's storage.
    await vi.waitUntil(
      async () => (await gb.orgs.getOpenApiSpecBySlug(org.id, "pets")).data.processingState !== "pending",
      { timeout: 8000, interval: 50 },
    );
  });

  it("escapes what the path carries and still 404s outside the app's patterns", async () => {
    const hostile = await fetchPage(`${ORIGIN}/o/%3Cscript%3Ealert(1)%3C%2Fscript%3E/s/%22onmouseover%3D%22x`);
    expect(hostile.status).toBe(200);
    expect(hostile.body).not.toContain("<script>");
    expect(hostile.body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(hostile.body).toContain("&quot;onmouseover=&quot;x");
    expect(hostile.body).toContain(`href="${API}/v1/spaces/%22onmouseover%3D%22x"`);

    const page = await fetchPage(`${ORIGIN}/s/space1/a%20b/%3Cc%3E`);
    expect(page.body).toContain("<code>a b/&lt;c&gt;</code>");
    expect(page.body).toContain(`href="${API}/v1/spaces/space1/content/path/a%20b/%3Cc%3E"`);
    const malformed = await fetchPage(`${ORIGIN}/s/space1/%E0%A4%A`);
    expect(malformed.status).toBe(200);

    for (const path of [
      "/o",
      "/s",
      "/o/org1/x/y",
      "/o/org1/s/space1/extra",
      "/s/space1/~/changes",
      "/s/space1/~/revisions/r1",
      "/x/anything",
    ]) {
      const res = await workerFetch(`${ORIGIN}${path}`, { headers: { accept: "text/html" } });
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: 404 } });
    }
  });
});
