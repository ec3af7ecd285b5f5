// A known space is read as its row and its detail version (migration 0041); the counters and published place this
// isolate keeps for it are used only while the version stands still.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { seedSpace } from "../helpers/content";
import { countedApp } from "../helpers/counting-d1";
import { client } from "../helpers/http";
import { publishedPublicSite } from "../helpers/sites";

/** Whether a batch's statements read the space's counters (and with them its place). */
const readsDetails = (statements: string[]) => statements.some((s) => /\bchange_requests\b/.test(s));

describe("a space's counters and published place, kept while its detail version stands still", () => {
  it("reads a known space without its details, and sees change requests, comments and publication at once", async () => {
    const { organization, owner, space } = await seedSpace();
    const gb = client(owner.token);
    const { request } = countedApp();
    const read = async () => {
      const result = await request(`/spaces/${space.id}`, owner.token);
      expect(result.res.status).toBe(200);
      return { ...result, body: (await result.res.json()) as Record<string, any> };
    };
    /** A read after a change: the kept details are stale, read again once; then kept. */
    const readAfterChange = async (change: string) => {
      const changed = await read();
      expect(changed.roundTrips, change).toBe(2);
      const known = await read();
      expect(readsDetails(known.statements)).toBe(false);
      expect(known.roundTrips).toBe(1);
      expect(known.body).toEqual(changed.body);
      return changed.body;
    };

    expect(readsDetails((await read()).statements)).toBe(true);
    const known = await read();
    expect(readsDetails(known.statements)).toBe(false);
    expect(known.roundTrips).toBe(1);
    expect(known.body).toMatchObject({ changeRequests: 0, comments: 0 });
    expect(known.body.urls.published).toBeUndefined();

    const { data: draft } = await gb.spaces.createChangeRequest(space.id, { subject: "Draft" });
    expect(await readAfterChange("a new change request")).toMatchObject({ changeRequests: 1, changeRequestsOpen: 1 });
    await gb.spaces.updateChangeRequestById(space.id, draft.id, { status: "draft" } as never);
    expect(await readAfterChange("a status")).toMatchObject({ changeRequestsOpen: 0, changeRequestsDraft: 1 });

    const { data: comment } = await gb.spaces.postCommentInSpace(space.id, { body: { markdown: "Typo" } } as never);
    expect((await readAfterChange("a comment")).comments).toBe(1);
    await gb.spaces.updateCommentInSpace(space.id, comment.id, { resolved: true } as never);
    expect((await readAfterChange("a resolved comment")).comments).toBe(0);

    const site = await publishedPublicSite(gb, organization.id, space.id);
    const published = (await readAfterChange("publication")).urls.published as string;
    expect(published).toMatch(/^https?:\/\//);
    await gb.orgs.unpublishSite(organization.id, site.id);
    expect((await readAfterChange("unpublication")).urls.published).toBeUndefined();
    await gb.orgs.publishSite(organization.id, site.id);
    expect((await readAfterChange("publication again")).urls.published).toBe(published);
    const [siteSpace] = (await gb.orgs.listSiteSpaces(organization.id, site.id)).data.items;
    await gb.orgs.deleteSiteSpaceById(organization.id, site.id, siteSpace!.id);
    expect((await readAfterChange("a site space removed")).urls.published).toBeUndefined();
  });

  it("has a trigger on every table a space's counters and place are read from", async () => {
    const { results } = await env.DB.prepare(
      `SELECT tbl_name AS tableName, name FROM sqlite_master
        WHERE type = 'trigger' AND name LIKE '%detail_version%' ORDER BY name`,
    ).all<{ tableName: string; name: string }>();
    const byTable = (table: string) =>
      results
        .filter((t) => t.tableName === table)
        .map((t) => t.name.slice(-2))
        .sort();
    for (const table of ["change_requests", "comments", "site_spaces", "site_sections"]) {
      expect(byTable(table), table).toEqual(["ad", "ai", "au"]);
    }
    expect(byTable("sites")).toEqual(["ad", "au"]);
    expect(byTable("spaces")).toEqual(["ad"]);
  });
});
