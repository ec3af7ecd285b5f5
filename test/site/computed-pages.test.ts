// Issue 15 (computed content on published sites): a computed page of a published space shows as the pages it
// generates (one per tag, plus models), each rendered as HTML with its .md twin, listed in the navigation,
// sitemap.xml and llms.txt; rendered pages are cached per revision *and* spec version, in one round trip.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { createApp } from "../../src/app";
import { forgetRecentSites } from "../../src/services/published";
import { PETS_SPEC } from "../fixtures/openapi-pets";
import { changeRequestWith } from "../helpers/content";
import { countingD1 } from "../helpers/counting-d1";
import { client, ORIGIN, workerFetch } from "../helpers/http";
import { seedOrganization } from "../helpers/seed";
import { publishedPublicSite } from "../helpers/sites";
import { openApiSource, uploadSpec } from "../helpers/computed";

/** A published public site over a space with an Intro page and a computed "API reference" page from `spec`. */
async function seedComputedSite(spec = "pets") {
  const { organization, owner } = await seedOrganization("API team");
  const gb = client(owner.token);
  if (spec === "pets") await uploadSpec(gb, organization.id, "pets", PETS_SPEC);
  const { data: space } = await gb.orgs.createSpace(organization.id, { title: "Reference" });
  const { cr } = await changeRequestWith(owner.token, space.id, [
    { operation: "insert_page", title: "Intro", document: { markdown: "Hello.\n" } },
    { operation: "insert_page", title: "API reference", type: "computed", computed: openApiSource(spec) },
  ]);
  await gb.spaces.mergeChangeRequest(space.id, cr.id);
  const site = await publishedPublicSite(gb, organization.id, space.id, "Pets docs");
  return { organization, owner, gb, space, site, base: `/~site/${site.id}` };
}

const get = (path: string) => workerFetch(`${ORIGIN}${path}`, { redirect: "manual" });

const PERSON = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

/** The app over a D1 binding that counts round trips. */
function countedApp() {
  const app = createApp();
  const { database, counter } = countingD1(env.DB);
  return async (path: string) => {
    counter.roundTrips = 0;
    // A person's view: an agent's would also queue its insights event (written at once in tests).
    const res = await app.request(`${ORIGIN}${path}`, { headers: { "user-agent": PERSON } }, { ...env, DB: database });
    return { res, roundTrips: counter.roundTrips };
  };
}

describe("computed pages on published sites", () => {
  it("shows the generated pages in the navigation, as HTML with operations, as markdown, in sitemap and llms.txt", async () => {
    const { base, gb, space } = await seedComputedSite();
    const home = await (await get(base)).text();
    // The navigation lists the tag pages and the models page, in place of the computed page.
    for (const slug of ["intro", "pets", "stores", "models"]) expect(home).toContain(`href="${base}/${slug}"`);
    expect(home).not.toContain("API reference");

    const res = await get(`${base}/pets`);
    expect(res.status).toBe(200);
    const pets = await res.text();
    expect(pets).toMatch(/<h1[^>]*>pets<\/h1>/);
    expect(pets).toContain("GET /pets");
    expect(pets).toContain("POST /pets");
    expect(pets).toContain("/pets/{petId}");
    expect(pets).toContain("List pets");
    expect(pets).toContain("Everything about pets.");
    expect(pets).toContain("<table"); // the parameters table
    expect(pets).toContain("How many to return");
    expect(pets).toContain("<pre"); // schemas and examples as code blocks
    expect(pets).toContain("Rex");
    expect(pets).toContain(`href="${base}/pets.md"`);

    const models = await (await get(`${base}/models`)).text();
    expect(models).toContain("Pet");
    expect(models).toContain("NewPet");

    const md = await get(`${base}/pets.md`);
    expect(md.headers.get("content-type")).toMatch(/text\/markdown/);
    const mdText = await md.text();
    expect(mdText).toMatch(/^# pets\n/);
    expect(mdText).toContain("## GET /pets");

    const sitemap = await (await get(`${base}/sitemap.xml`)).text();
    expect(sitemap).toContain(`${ORIGIN}${base}/pets</loc>`);
    expect(sitemap).toContain(`${ORIGIN}${base}/stores</loc>`);
    expect(sitemap).toContain(`${ORIGIN}${base}/models</loc>`);
    const llms = await (await get(`${base}/llms.txt`)).text();
    expect(llms).toContain(`[pets](${ORIGIN}${base}/pets.md): Everything about pets.`);
    const full = await (await get(`${base}/llms-full.txt`)).text();
    expect(full).toContain("## GET /stores");

    // A generated page's published URL resolves to it (getPublishedContentByUrl).
    const generated = (await gb.spaces.listPages(space.id)).data.pages.find((p) => p.title === "stores")!;
    const { data: resolved } = await client().urls.getPublishedContentByUrl({ url: `${ORIGIN}${base}/stores` });
    expect(resolved).toMatchObject({ space: space.id, page: generated.id });
  });

  it("a new spec version shows at once (the cache is keyed by it), still in one round trip per cached view", async () => {
    const { gb, organization, base } = await seedComputedSite();
    const view = countedApp();
    const first = await view(`${base}/pets`);
    expect(first.res.status).toBe(200);
    const etag = first.res.headers.get("etag");
    expect(await first.res.text()).not.toContain("List toys");
    // A cached view: the site, its structure and the spec versions its computed pages use, in one round trip
    // (none while the isolate's last load of the site is under a second old: recent-sites.ts).
    forgetRecentSites();
    const cached = await view(`${base}/pets`);
    expect(cached.roundTrips).toBe(1);
    expect(cached.res.headers.get("etag")).toBe(etag);

    const next = structuredClone(PETS_SPEC) as any;
    next.paths["/pets/{petId}/toys"] = {
      get: { tags: ["pets"], summary: "List toys", responses: { "200": { description: "The toys" } } },
    };
    next.tags.push({ name: "orders", description: "Orders of pets." });
    next.paths["/orders"] = {
      get: { tags: ["orders"], summary: "List orders", responses: { "200": { description: "OK" } } },
    };
    await uploadSpec(gb, organization.id, "pets", next);

    const after = await view(`${base}/pets`);
    expect(after.res.status).toBe(200);
    expect(after.res.headers.get("etag")).not.toBe(etag);
    const html = await after.res.text();
    expect(html).toContain("List toys");
    expect(html).toContain("/pets/{petId}/toys");
    expect(html).toContain(`href="${base}/orders"`); // the new tag's page is in the navigation
    expect(await (await get(`${base}/pets.md`)).text()).toContain("## GET /pets/{petId}/toys");
    expect(await (await get(`${base}/orders`)).text()).toContain("List orders");
    expect(await (await get(`${base}/sitemap.xml`)).text()).toContain(`${base}/orders</loc>`);
    forgetRecentSites();
    expect((await view(`${base}/pets`)).roundTrips).toBe(1);
    expect((await view(`${base}/pets`)).roundTrips).toBe(0);
  });

  it("a computed page whose spec is unknown or failed renders a notice, never a 500", async () => {
    const { gb, organization, base } = await seedComputedSite("nope");
    const home = await (await get(base)).text();
    expect(home).toContain(`href="${base}/api-reference"`);
    const res = await get(`${base}/api-reference`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("API reference");
    expect(html).toContain("This API reference is not available");
    expect(html).toContain("does not exist in this organization");
    expect(await (await get(`${base}/api-reference.md`)).text()).toContain("not available");
    expect((await get(`${base}/sitemap.xml`)).status).toBe(200);
    expect((await get(`${base}/llms-full.txt`)).status).toBe(200);

    // The spec appears, but its only version cannot be parsed: still a notice, saying why (and not the cached one).
    await gb.orgs.createOpenApiSpec(organization.id, { slug: "nope", source: { text: "{ not json" } });
    await vi.waitUntil(
      async () => (await gb.orgs.getOpenApiSpecBySlug(organization.id, "nope")).data.processingState === "complete",
      { timeout: 8000, interval: 50 },
    );
    const failed = await get(`${base}/api-reference`);
    expect(failed.status).toBe(200);
    expect(await failed.text()).toContain("PARSE_ERROR");

    // A good version replaces the notice with the generated pages.
    await uploadSpec(gb, organization.id, "nope", PETS_SPEC);
    expect((await get(`${base}/api-reference`)).status).toBe(404);
    expect(await (await get(`${base}/pets`)).text()).toContain("GET /pets");
  });
});
