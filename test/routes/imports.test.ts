import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { type client, workerFetch } from "../helpers/http";
import { changeRequestWith, seedSpace } from "../helpers/content";

const origin = env.FIXTURE_ORIGIN;
type Page = { id: string; title: string; slug: string; pages?: Page[] };
type Gb = ReturnType<typeof client>;

const shape = (pages: Page[]): unknown[] =>
  pages.map((p) => (p.pages?.length ? { [p.title]: shape(p.pages) } : p.title));
const markdownOf = async (gb: Gb, spaceId: string, pageId: string) =>
  ((await gb.spaces.getPageById(spaceId, pageId, { format: "markdown" as never })).data as { markdown: string })
    .markdown;
const flatten = (pages: Page[]): Page[] => pages.flatMap((p) => [p, ...flatten(p.pages ?? [])]);
const byTitle = (pages: Page[], title: string) => {
  const page = flatten(pages).find((p) => p.title === title);
  if (!page) throw new Error(`no page titled ${title}`);
  return page;
};

async function download(gb: Gb, spaceId: string, fileId: string) {
  const file = await gb.spaces.getFileById(spaceId, fileId);
  const res = await workerFetch(file.data.downloadURL);
  expect(res.status).toBe(200);
  return { file: file.data, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe("importContent into main", () => {
  it("website: the start page and the same-site pages it links to, links resolved, images stored once", async () => {
    const { space, api: gb } = await seedSpace();
    const res = await gb.spaces.importContent(space.id, {
      url: `${origin}/site/index.html`,
      source: "website" as never,
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe(
      `https://api.quire.test/v1/spaces/${space.id}/revisions/${res.data.revision}`,
    );
    // 3 pages + 1 image imported; the missing image and the PDF link are not pages, the 404 image is skipped.
    expect(res.data).toEqual({ revision: expect.any(String), importedResources: 4, totalResources: 5 });

    const current = await gb.spaces.getCurrentRevision(space.id);
    expect(current.data.id).toBe(res.data.revision);
    const pages = (await gb.spaces.listPages(space.id)).data.pages as Page[];
    expect(shape(pages)).toEqual(["Welcome to Acme", "About us", "Guide"]);
    const files = (await gb.spaces.listFiles(space.id)).data.items;
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ name: "logo.png", contentType: "image/png" });
    const { bytes } = await download(gb, space.id, files[0].id);
    expect(bytes.byteLength).toBeGreaterThan(60);

    const home = await markdownOf(gb, space.id, pages[0].id);
    expect(home).toContain(`[about the team](/pages/${pages[1].id})`);
    expect(home).toContain("(https://example.com/elsewhere)");
    expect(home).toContain(`![Logo](/files/${files[0].id})`);
    expect(home).toContain(`${origin}/site/img/missing.png`); // skipped image keeps its URL
    expect(home).not.toMatch(/alert|© Acme|Home\]/); // scripts, footer and navigation are not content
    expect(home).toContain("**bold**");
    const guide = await markdownOf(gb, space.id, pages[2].id);
    expect(guide).toContain(`[home](/pages/${pages[0].id})`);
    expect(guide).toContain(`/files/${files[0].id}`);
    expect(await markdownOf(gb, space.id, pages[1].id)).toContain("npm i acme");
  });

  it("html: one page with its images", async () => {
    const { space, api: gb } = await seedSpace();
    const res = await gb.spaces.importContent(space.id, { url: `${origin}/page.html`, source: "html" as never });
    expect(res.data).toMatchObject({ importedResources: 2, totalResources: 2 });
    const pages = (await gb.spaces.listPages(space.id)).data.pages as Page[];
    expect(shape(pages)).toEqual(["Single page"]);
    const [file] = (await gb.spaces.listFiles(space.id)).data.items;
    expect(await markdownOf(gb, space.id, pages[0].id)).toBe(
      `# Single page\n\nText with _emphasis_.\n\n![Photo](/files/${file.id})\n`,
    );
    expect((await download(gb, space.id, file.id)).file.dimensions).toEqual({ width: 1, height: 1 });
  });

  it("markdown: one page; frontmatter kept as metadata, relative images stored, relative links made absolute", async () => {
    const { space, api: gb } = await seedSpace();
    const res = await gb.spaces.importContent(space.id, {
      url: `${origin}/docs/release-notes.md`,
      source: "markdown" as never,
    });
    expect(res.data).toMatchObject({ importedResources: 2, totalResources: 2 });
    const pages = (await gb.spaces.listPages(space.id)).data.pages as (Page & { description?: string })[];
    expect(pages.map((p) => [p.title, p.description])).toEqual([["Release notes", "A markdown file"]]);
    const [file] = (await gb.spaces.listFiles(space.id)).data.items;
    const body = await markdownOf(gb, space.id, pages[0].id);
    expect(body).toContain(`![Diagram](/files/${file.id})`);
    expect(body).toContain(`[the site](${origin}/site/index.html)`);
    expect(body).toContain("[anchor](#release-notes)");
    expect(body).toContain("![not an image](img/not-fetched.png)"); // code blocks are left alone
  });

  it("zip with SUMMARY.md: the summary's tree, links between files resolved to pages, images to files", async () => {
    const { space, api: gb } = await seedSpace();
    const res = await gb.spaces.importContent(space.id, { url: `${origin}/book.zip`, source: "zip" as never });
    // 5 pages in the summary + 2 images; unlisted.md is in the archive but not in the summary.
    expect(res.data).toMatchObject({ importedResources: 7, totalResources: 8 });
    const pages = (await gb.spaces.listPages(space.id)).data.pages as Page[];
    expect(shape(pages)).toEqual(["Introduction", { "The guide": ["Setup", "Usage"] }, "API"]);
    const files = (await gb.spaces.listFiles(space.id)).data.items;
    expect(files.map((f) => f.name).sort()).toEqual(["diagram.png", "logo.png"]);
    const diagram = files.find((f) => f.name === "diagram.png")!;
    const logo = files.find((f) => f.name === "logo.png")!;
    expect((await download(gb, space.id, diagram.id)).file.dimensions).toEqual({ width: 2, height: 3 });

    const setup = byTitle(pages, "Setup");
    const usage = byTitle(pages, "Usage");
    const intro = byTitle(pages, "Introduction");
    expect(await markdownOf(gb, space.id, intro.id)).toContain(`[setup](/pages/${setup.id})`);
    const setupBody = await markdownOf(gb, space.id, setup.id);
    expect(setupBody).toContain(`[usage](/pages/${usage.id})`);
    expect(setupBody).toContain(`[home](/pages/${intro.id})`);
    expect(setupBody).toContain(`![Diagram](/files/${diagram.id})`);
    expect(setupBody).toContain(`[logo]: /files/${logo.id}`);
    const usageBody = await markdownOf(gb, space.id, usage.id);
    expect(usageBody).toContain(`![Same diagram](/files/${diagram.id})`);
    expect(usageBody).toContain("[missing](nowhere.md)");
    expect(usageBody).toContain("[External](https://example.com)");
  });

  it("zip without SUMMARY.md: the folder structure, a folder's README as its page", async () => {
    const { space, api: gb } = await seedSpace();
    const res = await gb.spaces.importContent(space.id, { url: `${origin}/folders.zip`, source: "zip" as never });
    expect(res.data).toMatchObject({ importedResources: 6, totalResources: 6 });
    const pages = (await gb.spaces.listPages(space.id)).data.pages as Page[];
    expect(shape(pages)).toEqual(["Home", "Alpha", { "Other section": ["Delta"] }, { sub: ["Beta", "Gamma"] }]);
    const beta = byTitle(pages, "Beta");
    expect(await markdownOf(gb, space.id, beta.id)).toContain(`[Alpha](/pages/${byTitle(pages, "Alpha").id})`);
    expect(await markdownOf(gb, space.id, pages[0].id)).toContain(`[B](/pages/${beta.id})`);
  });

  it("docx: headings, emphasis, links, nested and numbered lists, a table and the embedded image", async () => {
    const { space, api: gb } = await seedSpace();
    const res = await gb.spaces.importContent(space.id, { url: `${origin}/report.docx`, source: "docx" as never });
    expect(res.data).toMatchObject({ importedResources: 2, totalResources: 2 });
    const pages = (await gb.spaces.listPages(space.id)).data.pages as Page[];
    expect(shape(pages)).toEqual(["Quarterly report"]);
    const [file] = (await gb.spaces.listFiles(space.id)).data.items;
    expect(file).toMatchObject({ name: "image1.png", contentType: "image/png" });
    expect(await markdownOf(gb, space.id, pages[0].id)).toBe(
      [
        "# Quarterly report",
        "",
        "Revenue grew **a lot** & costs fell. See [the website](https://example.com/acme).",
        "",
        "## Highlights",
        "",
        "- First point",
        "  - Nested point",
        "- Second point",
        "",
        "1. Step one",
        "2. Step two",
        "",
        `![Chart](/files/${file.id})`,
        "",
        "| Region | Sales |",
        "| ------ | ----- |",
        "| EU     | 42    |",
        "",
      ].join("\n"),
    );
  });

  it("importContentInPageById: the import lands under the page, after its children", async () => {
    const { space, api: gb } = await seedSpace();
    await gb.spaces.importContent(space.id, { url: `${origin}/page.html`, source: "html" as never });
    const [parent] = (await gb.spaces.listPages(space.id)).data.pages as Page[];
    const res = await gb.spaces.importContentInPageById(space.id, parent.id, {
      url: `${origin}/folders.zip`,
      source: "zip" as never,
    });
    expect(res.status).toBe(201);
    const pages = (await gb.spaces.listPages(space.id)).data.pages as Page[];
    expect(shape(pages)).toEqual([
      { "Single page": ["Home", "Alpha", { "Other section": ["Delta"] }, { sub: ["Beta", "Gamma"] }] },
    ]);
  });
});

describe("importContentInChangeRequest", () => {
  it("imports into the change request only; main changes when it is merged", async () => {
    const { space, owner, api: gb } = await seedSpace();
    const {
      cr,
      pages: [existing],
    } = await changeRequestWith(owner.token, space.id, [
      { operation: "insert_page", title: "Existing", document: { markdown: "# Existing\n" } },
    ]);
    const res = await gb.spaces.importContentInChangeRequest(space.id, cr.id, {
      url: `${origin}/book.zip`,
      source: "zip" as never,
    });
    expect(res.status).toBe(201);
    expect((await gb.spaces.getChangeRequestById(space.id, cr.id)).data.revision).toBe(res.data.revision);
    expect((await gb.spaces.listPages(space.id)).data.pages).toEqual([]);

    const under = await gb.spaces.importContentInChangeRequestPageById(space.id, String(cr.number), existing, {
      url: `${origin}/report.docx`,
      source: "docx" as never,
    });
    expect(under.data).toMatchObject({ importedResources: 2, totalResources: 2 });
    const crPages = (await gb.spaces.listPagesInChangeRequest(space.id, cr.id)).data.pages as Page[];
    expect(shape(crPages)).toEqual([
      { Existing: ["Quarterly report"] },
      "Introduction",
      { "The guide": ["Setup", "Usage"] },
      "API",
    ]);
    expect((await gb.spaces.listFilesInChangeRequestById(space.id, cr.id)).data.items).toHaveLength(3);

    await gb.spaces.mergeChangeRequest(space.id, cr.id);
    expect(shape((await gb.spaces.listPages(space.id)).data.pages as Page[])).toEqual(shape(crPages));
  });
});
