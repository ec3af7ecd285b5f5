import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { extractLinks } from "../../src/content/links";
import { listBacklinks, listLinks } from "../../src/services/links/links";
import { countedAdminContext } from "../helpers/counting-d1";
import { changeRequestWith, seedSpace } from "../helpers/content";

describe("link extraction", () => {
  it("finds links, images, reference definitions, table cells, autolinks and heading anchors", () => {
    const { links, anchors } = extractLinks(
      "# A\n\n## A\n\n[p](/pages/x) [p again](/pages/x) ![i](/files/f) [d][def] <https://auto.example>\n\n| c |\n|---|\n| [t](#a-2) |\n\n[def]: /files/g\n",
    );
    expect(anchors).toEqual(["a", "a-2"]);
    expect(links).toEqual([
      { ref: { kind: "page", page: "x" }, relation: "reference" },
      { ref: { kind: "file", file: "f" }, relation: "dependsOn" },
      { ref: { kind: "file", file: "g" }, relation: "reference" },
      { ref: { kind: "url", url: "https://auto.example" }, relation: "reference" },
      { ref: { kind: "anchor", anchor: "a-2" }, relation: "reference" },
    ]);
  });
});

describe("link reads", () => {
  it("cost two D1 round trips once bodies are cached (three on the first read), however many pages", async () => {
    const { space, owner, organization } = await seedSpace("Cost");
    const changes = Array.from({ length: 40 }, (_, i) => ({
      operation: "insert_page",
      title: `Page ${i}`,
      document: { markdown: `Page ${i} links to [example](https://example.com/${i}) and [self](#page-${i}).\n` },
    }));
    const { cr } = await changeRequestWith(owner.token, space.id, changes);
    const { ctx, counter } = countedAdminContext(env, owner, organization.id);
    const source = { kind: "change-request" as const, ref: cr.id };
    const cold = await listLinks(ctx, space.id, source, { limit: 100 });
    expect(cold.stats.total).toBe(80);
    expect(counter.roundTrips).toBe(3);
    counter.roundTrips = 0;
    const warm = await listLinks(ctx, space.id, source, { limit: 100 });
    expect(warm.stats).toEqual(cold.stats);
    expect(counter.roundTrips).toBe(2);
    counter.roundTrips = 0;
    const pageId = (warm.items[0].locationReferences[0] as { page: { id: string } }).page.id;
    await listBacklinks(ctx, space.id, source, { page: pageId }, { limit: 100 });
    expect(counter.roundTrips).toBe(2);
  });
});
