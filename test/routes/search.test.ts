import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { seedSpace } from "../helpers/content";
import { clientError } from "../helpers/http";
import { mergePages, page, searchSpace } from "../helpers/search";
import { seedUser } from "../helpers/seed";

/** A space whose main has a few pages about installing and configuring things, indexed. */
async function docsSpace() {
  const s = await seedSpace();
  const [install, guide, cjk] = await mergePages(s.owner.token, s.space.id, [
    page("install", "Installation", "Run the setup script.\n\n## Requirements\n\nNode and a terminal.\n"),
    page(
      "guide",
      "Guide",
      "The installation takes a minute. After installation, read on.\n\n## Configuration\n\nSet the configuration file.\n",
    ),
    page("cjk", "全文搜索", "这是一个全文搜索引擎的测试。\n\n## 設定\n\n日本語の検索もできます。\n"),
    page("hidden", "Secret notes", "classified installation notes", { noIndex: true }),
  ]);
  return { ...s, install, guide, cjk };
}

describe("searchSpaceContent", () => {
  it("ranks title matches above body matches and marks matched terms in snippets", async () => {
    const s = await docsSpace();
    const { data } = await s.api.spaces.searchSpaceContent(s.space.id, { query: "installation" });
    expect(data.items.map((p) => p.id)).toEqual([s.install, s.guide]);
    expect(data.count).toBe(2);
    const [install, guide] = data.items;
    expect(install).toMatchObject({
      title: "Installation",
      path: "installation",
      urls: { app: `https://app.quire.test/s/${s.space.id}/installation` },
    });
    expect(guide.sections![0]).toMatchObject({ id: s.guide, title: "Guide", path: "guide" });
    expect(guide.sections![0].body).toContain("<mark>installation</mark>");
    expect(guide.sections![0].body).not.toMatch(/[\u0002\u0003]/);
  });

  it("matches the last term as a prefix, and sections by their heading anchor", async () => {
    const s = await docsSpace();
    const { data } = await s.api.spaces.searchSpaceContent(s.space.id, { query: "configur" });
    expect(data.items.map((p) => p.id)).toEqual([s.guide]);
    const section = data.items[0].sections![0];
    expect(section).toMatchObject({ id: "configuration", title: "Configuration", path: "guide#configuration" });
    expect(section.urls.app).toBe(`https://app.quire.test/s/${s.space.id}/guide#configuration`);
    expect(section.body).toBe("Set the <mark>configuration</mark> file.");
    expect(
      (await s.api.spaces.searchSpaceContent(s.space.id, { query: "set configur" })).data.items.map((p) => p.id),
    ).toEqual([s.guide]);
  });

  it("finds CJK text and substrings through the trigram index", async () => {
    const s = await docsSpace();
    for (const query of ["搜索引擎", "搜索", "検索", "全文搜索"]) {
      const { data } = await s.api.spaces.searchSpaceContent(s.space.id, { query });
      expect(
        data.items.map((p) => p.id),
        query,
      ).toEqual([s.cjk]);
    }
    const { data } = await s.api.spaces.searchSpaceContent(s.space.id, { query: "搜索引擎" });
    expect(data.items[0].sections![0].body).toContain("<mark>搜索引擎</mark>");
    const short = await s.api.spaces.searchSpaceContent(s.space.id, { query: "検索" });
    expect(short.data.items[0].sections![0]).toMatchObject({ title: "設定" });
    expect(short.data.items[0].sections![0].body).toContain("<mark>検索</mark>");
    // A part of a word (no word starts with it) falls back to substrings.
    const sub = await s.api.spaces.searchSpaceContent(s.space.id, { query: "nfigurat" });
    expect(sub.data.items.map((p) => p.id)).toEqual([s.guide]);
    expect(sub.data.items[0].sections![0].body).toContain("co<mark>nfigurat</mark>ion");
  });

  it("leaves noIndex pages out", async () => {
    const s = await docsSpace();
    expect((await s.api.spaces.searchSpaceContent(s.space.id, { query: "classified" })).data).toMatchObject({
      items: [],
      count: 0,
    });
  });

  it("answers hostile queries with 200 or 400, never 500", async () => {
    const s = await docsSpace();
    const queries = [
      '"',
      '""',
      '"installation',
      'installation"',
      "a\"b'c",
      "AND",
      "OR",
      "NOT",
      "installation AND",
      "OR installation",
      "NOT installation",
      "NEAR(installation guide)",
      "NEAR",
      "installation NEAR/2 guide",
      "*",
      "**",
      "install*",
      "*install",
      "^installation",
      "^",
      "(",
      ")",
      "((installation",
      "installation))",
      "title:installation",
      "page_title:x",
      "body:",
      "{page_title heading}: x",
      "-installation",
      "+",
      "-",
      ":",
      "'",
      "\\",
      "%",
      "_",
      "%_%",
      "\u0000",
      "\u0002x\u0003",
      "🎉",
      "🎉🎉🎉",
      "👩‍👩‍👧 docs",
      "   ",
      "\t\n",
      "x".repeat(512),
      "搜".repeat(512),
      "a ".repeat(256),
      "installation ".repeat(42),
      "SELECT * FROM search_sections; --",
      "';DROP TABLE spaces;--",
    ];
    for (const query of queries) {
      const res = await searchSpace(s.owner.token, s.space.id, query);
      expect([200, 400], JSON.stringify(query)).toContain(res.status);
      if (res.status === 200) expect(Array.isArray(res.json.items)).toBe(true);
      else expect(res.json.error.code).toBe(400);
    }
    // Operators and column filters are plain words.
    expect((await searchSpace(s.owner.token, s.space.id, "title:installation")).json.count).toBe(0);
    expect((await searchSpace(s.owner.token, s.space.id, "(installation")).json.count).toBe(2);
    expect((await searchSpace(s.owner.token, s.space.id, "NOT installation")).json.count).toBe(0);
  });

  it("validates query, limit and page", async () => {
    const s = await docsSpace();
    const missing = await clientError(s.api.spaces.searchSpaceContent(s.space.id, {} as never));
    expect(missing.code).toBe(400);
    for (const [query, extra, field] of [
      ["", "", /^query\.query/],
      ["x".repeat(513), "", /^query\.query/],
      ["install", "&limit=1001", /^query\.limit/],
      ["install", "&page=%%%", /^query\.page/],
    ] as const) {
      const res = await searchSpace(s.owner.token, s.space.id, query, extra);
      expect(res.status).toBe(400);
      expect(res.json.error.message).toMatch(field);
    }
  });

  it("pages through results with limit and next.page", async () => {
    const s = await docsSpace();
    const first = await s.api.spaces.searchSpaceContent(s.space.id, { query: "installation", limit: 1 });
    expect(first.data.items.map((p) => p.id)).toEqual([s.install]);
    expect(first.data.count).toBe(2);
    const second = await s.api.spaces.searchSpaceContent(s.space.id, {
      query: "installation",
      limit: 1,
      page: first.data.next!.page,
    });
    expect(second.data.items.map((p) => p.id)).toEqual([s.guide]);
    expect(second.data.next).toBeUndefined();
    const none = await s.api.spaces.searchSpaceContent(s.space.id, { query: "installation", limit: 0 });
    expect(none.data).toMatchObject({ items: [], count: 2 });
  });

  it("answers 401 without a token and 404 to callers who cannot read the space or when it is deleted", async () => {
    const s = await docsSpace();
    expect((await searchSpace(undefined, s.space.id, "installation")).status).toBe(401);
    const stranger = await seedUser("stranger");
    expect((await searchSpace(stranger.token, s.space.id, "installation")).status).toBe(404);
    expect((await searchSpace(s.owner.token, "nope", "installation")).status).toBe(404);
    await s.api.spaces.deleteSpaceById(s.space.id);
    expect((await searchSpace(s.owner.token, s.space.id, "installation")).status).toBe(404);
  });

  it("lets anyone signed in search a public space", async () => {
    const s = await docsSpace();
    // Visibility is not writable through the API yet.
    await env.DB.prepare("UPDATE spaces SET visibility = 'public' WHERE id = ?").bind(s.space.id).run();
    const stranger = await seedUser("reader");
    const res = await searchSpace(stranger.token, s.space.id, "installation");
    expect(res.status).toBe(200);
    expect(res.json.count).toBe(2);
  });
});
