import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { api, client, clientError } from "../helpers/http";
import { mergePages, page } from "../helpers/search";
import { seedMember, seedOrganization } from "../helpers/seed";

type Body = Parameters<ReturnType<typeof client>["orgs"]["searchSiteContent"]>[2];
type Results = { items: { id: string; title: string; pages: { title: string; sections?: { body: string }[] }[] }[] };

const spaceIds = (data: Results) => data.items.map((g) => g.id).sort();

/**
 * A site (unpublished, public once published) with three sections: Guide (default variant; a second variant,
 * Guide v2), API and Board (a space members below admin cannot read). All content is merged and indexed.
 */
async function siteWithSections(visibility: "public" | "share-link" | "visitor-auth" = "public") {
  const { organization, owner } = await seedOrganization("Publisher");
  const gb = client(owner.token);
  const space = async (title: string, pages: unknown[]) => {
    const { data } = await gb.orgs.createSpace(organization.id, { title });
    await mergePages(owner.token, data.id, pages);
    return data;
  };
  const guide = await space("Guide", [
    page("a", "Lemur care", "Lemurs eat fruit.\n"),
    page("b", "Travel", "Bring a lemur plushie.\n"),
  ]);
  const v2 = await space("Guide v2", [page("a", "Lemur care v2", "New lemur facts.\n")]);
  const reference = await space("API", [
    page("a", "Lemur endpoint", "The lemur API.\n"),
    page("b", "検索", "日本語の検索テストです。\n"),
  ]);
  const board = await space("Board", [page("a", "Lemur plans", "Confidential lemur plans.\n")]);
  await gb.spaces.updateSpaceById(board.id, { defaultLevel: null } as never);
  const { data: site } = await gb.orgs.createSite(organization.id, { title: "Docs", visibility } as never);
  const section = async (spaceId: string) =>
    (await gb.orgs.addSectionToSite(organization.id, site.id, { spaceId } as never)).data;
  const guideSection = await section(guide.id);
  const { data: v2SiteSpace } = await gb.orgs.addSpaceToSite(organization.id, site.id, {
    spaceId: v2.id,
    sectionId: guideSection.id,
  } as never);
  await section(reference.id);
  await section(board.id);
  const search = (body: Body, query?: { page?: string; limit?: number }) =>
    gb.orgs.searchSiteContent(organization.id, site.id, body, query).then((r) => r.data as Results);
  return { organization, owner, gb, site, guide, v2, reference, board, v2SiteSpace, search };
}

const path = (s: { organization: { id: string }; site: { id: string } }, query = "") =>
  `/orgs/${s.organization.id}/sites/${s.site.id}/search${query}`;

describe("searchSiteContent", () => {
  it("searches each section's default site space, grouped per space, with the space search's snippets", async () => {
    const s = await siteWithSections();
    const data = await s.search({ query: "lemur", scope: { mode: "default" } });
    expect(spaceIds(data)).toEqual([s.guide.id, s.reference.id, s.board.id].sort());
    const guide = data.items.find((g) => g.id === s.guide.id)!;
    expect(guide.title).toBe("Guide");
    expect(guide.pages.map((p) => p.title)).toEqual(["Lemur care", "Travel"]);
    expect(guide.pages[0]!.sections![0]!.body).toContain("<mark>Lemurs</mark>");
    // No scope at all is the default scope.
    expect(spaceIds(await s.search({ query: "lemur" } as Body))).toEqual(spaceIds(data));
    // The same ranking and snippets as the space search.
    const own = await api("GET", `/spaces/${s.guide.id}/search?query=lemur`, { token: s.owner.token });
    expect(guide.pages.map((p) => p.title)).toEqual(own.json.items.map((p: { title: string }) => p.title));
    expect(guide.pages[0]!.sections![0]!.body).toBe(own.json.items[0].sections[0].body);
  });

  it("takes the scope modes and their deprecated forms", async () => {
    const s = await siteWithSections();
    const every = [s.guide.id, s.v2.id, s.reference.id, s.board.id].sort();
    const v2 = s.v2SiteSpace.id;
    expect(spaceIds(await s.search({ query: "lemur", scope: { mode: "specific", siteSpaceIds: [v2] } }))).toEqual([
      s.v2.id,
    ]);
    expect(spaceIds(await s.search({ query: "lemur", scope: { mode: "all" } }))).toEqual(every);
    expect(spaceIds(await s.search({ query: "lemur", scope: { mode: "default", includedSiteSpaces: [v2] } }))).toEqual(
      every,
    );
    expect(spaceIds(await s.search({ query: "lemur", siteSpaceIds: [v2] }))).toEqual([s.v2.id]);
    expect(spaceIds(await s.search({ query: "lemur", mode: "specific", siteSpaceIds: [v2] }))).toEqual([s.v2.id]);
    expect(spaceIds(await s.search({ query: "lemur", mode: "current", siteSpaceId: v2 }))).toEqual(every);
    expect(spaceIds(await s.search({ query: "lemur", mode: "all" }))).toEqual(every);
  });

  it("finds CJK text through the trigram index, pages through spaces, and drops deleted spaces", async () => {
    const s = await siteWithSections();
    const cjk = await s.search({ query: "検索テスト", scope: { mode: "all" } });
    expect(cjk.items.map((g) => g.id)).toEqual([s.reference.id]);
    expect(cjk.items[0]!.pages[0]!.sections![0]!.body).toContain("<mark>");

    const all = await s.search({ query: "lemur", scope: { mode: "all" } });
    const first = (
      await s.gb.orgs.searchSiteContent(
        s.organization.id,
        s.site.id,
        {
          query: "lemur",
          scope: { mode: "all" },
        },
        { limit: 3 },
      )
    ).data;
    expect(first.count).toBe(4);
    expect(first.items).toHaveLength(3);
    const rest = await s.search({ query: "lemur", scope: { mode: "all" } }, { limit: 3, page: first.next!.page });
    expect(rest.items).toHaveLength(1);
    expect([...first.items, ...rest.items].map((g) => g.id)).toEqual(all.items.map((g) => g.id));

    await s.gb.spaces.deleteSpaceById(s.reference.id);
    expect(spaceIds(await s.search({ query: "lemur", scope: { mode: "all" } }))).toEqual(
      [s.guide.id, s.v2.id, s.board.id].sort(),
    );
  });

  it("answers members on an unpublished site with what they can read; others get 401 or 404", async () => {
    const s = await siteWithSections();
    const body = { query: "lemur", scope: { mode: "all" } };
    const reader = await seedMember(s.organization.id, "read");
    const read = await api("POST", path(s), { token: reader.token, body });
    expect(read.status).toBe(200);
    expect(spaceIds(read.json)).toEqual([s.guide.id, s.v2.id, s.reference.id].sort());
    expect((await api("POST", path(s), { body })).status).toBe(401);
    const outsider = await seedOrganization("Elsewhere");
    expect(
      (
        await clientError(
          client(outsider.owner.token).orgs.searchSiteContent(s.organization.id, s.site.id, body as Body),
        )
      ).code,
    ).toBe(404);
    const guest = await seedMember(s.organization.id, null);
    expect((await api("POST", path(s), { token: guest.token, body })).status).toBe(404);
    // Another organization's id in the path finds no site.
    expect(
      (await api("POST", `/orgs/${outsider.organization.id}/sites/${s.site.id}/search`, { token: s.owner.token, body }))
        .status,
    ).toBe(404);
  });

  it("opens a published public site to anyone, whole; unpublishing closes it again", async () => {
    const s = await siteWithSections();
    await s.gb.orgs.publishSite(s.organization.id, s.site.id);
    const body = { query: "lemur", scope: { mode: "all" } } as Body;
    const anonymous = (await client().orgs.searchSiteContent(s.organization.id, s.site.id, body)).data as Results;
    expect(spaceIds(anonymous)).toEqual([s.guide.id, s.v2.id, s.reference.id, s.board.id].sort());
    const outsider = await seedOrganization("Elsewhere");
    const theirs = await api("POST", path(s), { token: outsider.owner.token, body });
    expect(theirs.status).toBe(200);
    expect(theirs.json.count).toBe(4);
    await s.gb.orgs.unpublishSite(s.organization.id, s.site.id);
    expect((await api("POST", path(s), { body })).status).toBe(401);
    expect((await api("POST", path(s), { token: outsider.owner.token, body })).status).toBe(404);
  });

  it("opens a share-link site with its key (query or header), not without it", async () => {
    const s = await siteWithSections("share-link");
    await s.gb.orgs.publishSite(s.organization.id, s.site.id);
    const { data: link } = await s.gb.orgs.createSiteShareLink(s.organization.id, s.site.id, { name: "Partners" });
    const key = (link as unknown as { key: string }).key;
    const body = { query: "lemur" };
    expect((await api("POST", path(s), { body })).status).toBe(401);
    expect((await api("POST", path(s), { body, headers: { "x-quire-share-key": "wrong" } })).status).toBe(401);
    const byHeader = await api("POST", path(s), { body, headers: { "x-quire-share-key": key } });
    expect(byHeader.status).toBe(200);
    expect(spaceIds(byHeader.json)).toEqual([s.guide.id, s.reference.id, s.board.id].sort());
    const byQuery = await api("POST", path(s, `?shareKey=${key}&limit=1`), { body });
    expect(byQuery.status).toBe(200);
    expect(byQuery.json).toMatchObject({ count: 3, next: { page: expect.any(String) } });
    const outsider = await seedOrganization("Elsewhere");
    expect((await api("POST", path(s), { token: outsider.owner.token, body })).status).toBe(404);
    expect(
      (await api("POST", path(s), { token: outsider.owner.token, body, headers: { "x-quire-share-key": key } })).status,
    ).toBe(200);
  });

  it("opens a visitor-auth site with a visitor JWT signed by its key", async () => {
    const s = await siteWithSections("visitor-auth");
    await s.gb.orgs.publishSite(s.organization.id, s.site.id);
    const { data: auth } = await s.gb.orgs.getSitePublishingAuthById(s.organization.id, s.site.id);
    const sign = (key: string) =>
      new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setExpirationTime("1h").sign(new TextEncoder().encode(key));
    const body = { query: "lemur" };
    expect((await api("POST", path(s), { body })).status).toBe(401);
    const forged = { "x-quire-visitor-token": await sign("not the key") };
    expect((await api("POST", path(s), { body, headers: forged })).status).toBe(401);
    const signed = { "x-quire-visitor-token": await sign(auth.privateKey) };
    const res = await api("POST", path(s), { body, headers: signed });
    expect(res.status).toBe(200);
    expect(res.json.count).toBe(3);
  });

  it("answers 400 naming the field for bad bodies and site spaces of another site", async () => {
    const s = await siteWithSections();
    const bad = async (body: unknown) => {
      const res = await api("POST", path(s), { token: s.owner.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      return res.json.error.message as string;
    };
    expect(await bad({ scope: { mode: "all" } })).toMatch(/^body\.query/);
    expect(await bad({ query: "x".repeat(513) })).toMatch(/^body\.query/);
    expect(await bad({ query: "lemur", scope: { mode: "specific", siteSpaceIds: [] } })).toMatch(/scope/);
    expect(await bad({ query: "lemur", scope: { mode: "nope" } })).toMatch(/scope/);
    expect(await bad({ query: "lemur", mode: "current" })).toMatch(/^body\.siteSpaceId/);
    expect(await bad({ query: "lemur", mode: "all", scope: { mode: "all" } })).toMatch(/^body\.mode/);
    const { data: other } = await s.gb.orgs.createSite(s.organization.id, {
      title: "Other",
      spaces: [s.guide.id],
    } as never);
    const foreign = (await s.gb.orgs.listSiteSpaces(s.organization.id, other.id)).data.items[0]!.id;
    expect(await bad({ query: "lemur", scope: { mode: "specific", siteSpaceIds: [foreign] } })).toMatch(
      /^body\.scope\.siteSpaceIds: .* is not a site space of this site/,
    );
    expect(await bad({ query: "lemur", siteSpaceIds: [foreign] })).toMatch(/^body\.siteSpaceIds:/);
    expect(await bad({ query: "lemur", scope: { mode: "default", includedSiteSpaces: [foreign] } })).toMatch(
      /^body\.scope\.includedSiteSpaces:/,
    );
    // The other site has no sections: its default scope is its root site space.
    const res = await s.gb.orgs.searchSiteContent(s.organization.id, other.id, {
      query: "lemur",
      scope: { mode: "default" },
    });
    expect(res.data.items.map((g) => g.id)).toEqual([s.guide.id]);
    for (const query of ['"', "NEAR(", "*", "🎉", "a OR b", "   "]) {
      expect([200, 400]).toContain((await api("POST", path(s), { token: s.owner.token, body: { query } })).status);
    }
  });
});
