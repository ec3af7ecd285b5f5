// Every `urls.app` the API returns opens the app (app/main.tsx): one page, the same for every resource and every
// visitor, loading only the app's bundle from this origin; which resource it shows, and whether the person may see
// it, is the API's answer to the app's requests. The URLs come from real API responses, so a presenter that changes
// its pattern without a view behind it (app/paths.ts) fails here.
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
    referrer: res.headers.get("referrer-policy"),
    body: await res.text(),
  };
}

/** The app's page with this request's nonce taken out: the rest must be the same for every URL. */
const withoutNonce = (body: string) => body.replace(/nonce="[^"]+"/g, 'nonce=""');
let shell: string | undefined;

/** What an app URL must answer: 200 HTML, the app's bundle by nonce and nothing else, nothing of the resource. */
async function expectAppPage(url: string, ...secrets: string[]) {
  expect(url.startsWith(`${APP}/`), url).toBe(true);
  const page = await fetchPage(url);
  expect(page.status, url).toBe(200);
  expect(page.type).toMatch(/^text\/html/);
  const nonce = /'nonce-([^']+)'/.exec(page.csp ?? "")?.[1];
  expect(nonce, "a nonce per answer").toBeTruthy();
  expect(page.csp).toContain("default-src 'none'");
  expect(page.csp).toContain("connect-src 'self'");
  expect(page.referrer).toBe("same-origin");
  expect(page.body).toContain(`<html lang="en">`);
  expect(page.body).toMatch(
    new RegExp(`<script type="module" nonce="${nonce}" src="/_quire/app/main\\.js(\\?v=[^"]+)?">`),
  );
  expect(page.body).toMatch(
    new RegExp(`<link rel="stylesheet" nonce="${nonce}" href="/_quire/app/main\\.css(\\?v=[^"]+)?">`),
  );
  expect(page.body).not.toMatch(/https?:\/\//i);
  for (const secret of secrets) expect(page.body).not.toContain(secret);
  shell ??= withoutNonce(page.body);
  expect(withoutNonce(page.body), "the same page for every app URL").toBe(shell);
  return page;
}

describe("app URLs", () => {
  it("resolve for an organization, collection, space, space content, page, change request, OpenAPI spec, integration and installation", async () => {
    const { organization, space, owner, api: gb } = await seedSpace("Private Handbook");
    const org = (await gb.orgs.getOrganizationById(organization.id)).data;
    await expectAppPage(org.urls.app, org.id);

    const collection = (await gb.orgs.createCollection(org.id, { title: "Guides" })).data;
    await expectAppPage(collection.urls.app, collection.id, "Guides");

    const gotSpace = (await gb.spaces.getSpaceById(space.id)).data;
    // No title: a private space's title is not shown to whoever follows the link.
    await expectAppPage(gotSpace.urls.app, space.id, "Private Handbook");

    const { cr } = await changeRequestWith(owner.token, space.id, [
      { operation: "insert_page", ref: "guide", title: "Getting started", document: { markdown: "Hello.\n" } },
      { operation: "insert_page", into: "guide", title: "Install <now>", document: { markdown: "Steps.\n" } },
    ]);
    const gotCr = (await gb.spaces.getChangeRequestById(space.id, cr.id)).data;
    await expectAppPage(gotCr.urls.app);
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
    await expectAppPage(`${APP}/s/${space.id}`);
    await expectAppPage(guide.urls.app, "Getting started");
    const nested = guide.pages[0];
    expect(nested.path).toContain("/");
    await expectAppPage(nested.urls.app, nested.path);
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
    await expectAppPage(created.data.urls.app, "pets");

    // An integration, and its installation in the organization.
    const name = `weather-${Date.now().toString(36)}`;
    const integration = (
      await gb.integrations.publishIntegration(name, {
        title: "Weather",
        description: "Shows the weather",
        scopes: ["space:content:read"],
        script: "export default { async fetch() { return new Response('ok'); } };",
        organization: org.id,
      } as never)
    ).data;
    await expectAppPage(integration.urls.app, "Weather");
    const installation = (await gb.integrations.installIntegration(name, { organization: org.id })).data;
    await expectAppPage(installation.urls.app, installation.id);
    // Let the processing job the spec queued finish inside this test's storage.
    await vi.waitUntil(
      async () => (await gb.orgs.getOpenApiSpecBySlug(org.id, "pets")).data.processingState !== "pending",
      { timeout: 8000, interval: 50 },
    );
  });

  it("echoes nothing of the path, and 404s outside the app's paths", async () => {
    const hostile = await fetchPage(`${ORIGIN}/o/%3Cscript%3Ealert(1)%3C%2Fscript%3E/s/%22onmouseover%3D%22x`);
    expect(hostile.status).toBe(200);
    expect(hostile.body).not.toMatch(/alert|onmouseover/);
    expect((await fetchPage(`${ORIGIN}/s/space1/%E0%A4%A`)).status).toBe(404);
    expect((await fetchPage(`${ORIGIN}/s/space1/~/changes`)).status).toBe(200);

    for (const path of [
      "/o",
      "/s",
      "/o/org1/x/y",
      "/o/org1/s/space1/extra",
      "/s/space1/~/revisions/r1",
      "/s/space1/~",
      "/x/anything",
    ]) {
      const res = await workerFetch(`${ORIGIN}${path}`, { headers: { accept: "text/html" } });
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: 404 } });
    }
  });
});
