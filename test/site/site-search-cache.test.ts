import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../src/index";
import { countingD1 } from "../helpers/counting-d1";
import { client, ORIGIN } from "../helpers/http";
import { mergePages, page } from "../helpers/search";
import { seedOrganization } from "../helpers/seed";
import { publishedPublicSite } from "../helpers/sites";

/**
 * A published site's own search (`~search.json`, the HTML results page and the MCP tool share it) runs the index
 * query once per isolate for a repeated query, while the index generation its site's load read stands.
 */
describe("a published site's search results, kept in the isolate", () => {
  it("answers a repeated query without a statement, and follows the index and the space's deletion", async () => {
    const { organization, owner } = await seedOrganization("SiteSearchCache");
    const gb = client(owner.token);
    const { data: space } = await gb.orgs.createSpace(organization.id, { title: "Guide" });
    await mergePages(owner.token, space.id, [page("a", "Burrows", "Wombats dig long burrows.\n")]);
    const site = await publishedPublicSite(gb, organization.id, space.id, "Wombat Docs");
    const { database, counter } = countingD1(env.DB);
    const after: Promise<unknown>[] = [];
    const search = async (query: string) => {
      counter.queries.length = 0;
      const res = await worker.fetch(
        new Request(`${ORIGIN}/~site/${site.id}/~search.json?q=${encodeURIComponent(query)}`),
        { ...env, DB: database },
        {
          waitUntil: (work: Promise<unknown>) => void after.push(work),
          passThroughOnException() {},
          props: {},
        } as never,
      );
      expect(res.status).toBe(200);
      const { items } = (await res.json()) as { items: { title: string }[] };
      await Promise.all(after.splice(0));
      const reads = counter.queries.filter((q) => !/^insert into "site_event_/.test(q));
      return { titles: items.map((i) => i.title), fts: reads.filter((q) => q.includes("MATCH")).length, reads };
    };

    const first = await search("burrows");
    expect(first.titles).toEqual(["Burrows"]);
    expect(first.fts).toBe(1);
    const again = await search("burrows");
    expect(again.titles).toEqual(["Burrows"]);
    // Within the site's recent load (a second), not a statement: the load read the index generation.
    expect(again.reads).toEqual([]);

    // The index moved (a merge): the query runs again and finds the new page.
    await mergePages(owner.token, space.id, [page("b", "More burrows", "Burrows again, deeper.\n")]);
    const moved = await search("burrows");
    expect(moved.fts).toBe(1);
    expect(moved.titles.sort()).toEqual(["Burrows", "More burrows"]);

    // The space is deleted: nothing of it is found, cached or not.
    await gb.spaces.deleteSpaceById(space.id);
    const gone = await search("burrows");
    expect(gone.titles).toEqual([]);
  });
});
