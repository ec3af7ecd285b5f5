import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../../../src/db/client";
import { forgetRecentSites, loadRecentPublishedSite, RECENT_SITE_MS } from "../../../src/services/published";
import { changeRequestWith } from "../../helpers/content";
import { client, ORIGIN, workerFetch } from "../../helpers/http";
import { seedOrganization } from "../../helpers/seed";
import { publishedPublicSite } from "../../helpers/sites";

async function publishedSite(title: string) {
  const { organization, owner } = await seedOrganization(title);
  const gb = client(owner.token);
  const { data: space } = await gb.orgs.createSpace(organization.id, { title: "Guide" });
  const first = await changeRequestWith(owner.token, space.id, [
    { operation: "insert_page", title: "Introduction", document: { markdown: "The first words." } },
  ]);
  await gb.spaces.mergeChangeRequest(space.id, first.cr.id);
  const site = await publishedPublicSite(gb, organization.id, space.id, "Docs");
  return { organization, owner, gb, space, site };
}

describe("recently loaded published sites", () => {
  it("share one load for RECENT_SITE_MS, per credentials, and forget it on any write", async () => {
    const { site } = await publishedSite("Recent sites");
    const db = createDb(env.DB);
    const now = Date.now();
    const first = await loadRecentPublishedSite(db, site.id, {}, now);
    expect(first?.site.id).toBe(site.id);
    // The same object: no new load (no D1 round trip) within the window.
    expect(await loadRecentPublishedSite(db, site.id, {}, now + RECENT_SITE_MS - 1)).toBe(first);
    // Other credentials are another visitor: their own load.
    const keyed = await loadRecentPublishedSite(db, site.id, { shareKey: "k" }, now);
    expect(keyed).not.toBe(first);
    // Past the window, or after a write, it is loaded again.
    const later = await loadRecentPublishedSite(db, site.id, {}, now + RECENT_SITE_MS);
    expect(later).not.toBe(first);
    expect(later?.version).toBe(first?.version);
    forgetRecentSites();
    expect(await loadRecentPublishedSite(db, site.id, {}, now + RECENT_SITE_MS)).not.toBe(later);
  });

  it("keeps no load that a write overlapped", async () => {
    const { site } = await publishedSite("Overlapping write");
    const db = createDb(env.DB);
    const now = Date.now();
    const loading = loadRecentPublishedSite(db, site.id, {}, now);
    forgetRecentSites();
    const overlapped = await loading;
    expect(await loadRecentPublishedSite(db, site.id, {}, now)).not.toBe(overlapped);
  });

  it("shows a merge and an unpublish on the next page view of the same isolate", async () => {
    const { organization, owner, gb, space, site } = await publishedSite("Read your writes");
    const page = () => workerFetch(`${ORIGIN}/~site/${site.id}`);
    expect(await (await page()).text()).toContain("The first words.");
    const pages = (await gb.spaces.listPages(space.id)).data.pages;
    const edit = await changeRequestWith(owner.token, space.id, [
      { operation: "update_page", page: pages[0]!.id, document: { markdown: "The second words." } },
    ] as never);
    await gb.spaces.mergeChangeRequest(space.id, edit.cr.id);
    expect(await (await page()).text()).toContain("The second words.");
    await gb.orgs.unpublishSite(organization.id, site.id);
    expect((await page()).status).toBe(404);
  });
});
