import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ImageCollector, type ImportFetcher } from "../../src/services/imports/fetching";
import { seedSpace } from "../helpers/content";
import { type client, clientError } from "../helpers/http";

const origin = env.FIXTURE_ORIGIN;
const BAD = "%E0%A4%A"; // malformed percent-encoding: decodeURIComponent throws on it

async function expectUntouched(gb: ReturnType<typeof client>, spaceId: string, revision: string) {
  expect((await gb.spaces.getCurrentRevision(spaceId)).data.id).toBe(revision);
  expect((await gb.spaces.listPages(spaceId)).data.pages).toEqual([]);
  expect((await gb.spaces.listFiles(spaceId)).data.items).toEqual([]);
}

describe("imports: zip bombs", () => {
  // Each archive holds one entry that declares 10 bytes and inflates to 300 MB of zeros.
  for (const [source, path] of [
    ["zip", "/bomb.zip"],
    ["docx", "/bomb.docx"],
  ] as const) {
    it(`${source} ${path}: an entry larger than its declared size answers 413 promptly, nothing written`, async () => {
      const { space, api: gb } = await seedSpace();
      const started = Date.now();
      const error = await clientError(
        gb.spaces.importContent(space.id, { url: `${origin}${path}`, source: source as never }),
      );
      const elapsed = Date.now() - started;
      expect(error.code).toBe(413);
      expect(error.errorMessage).toMatch(/more data than its declared size of 10 bytes/);
      expect(elapsed).toBeLessThan(1500);
      await expectUntouched(gb, space.id, space.revision);
    });
  }
});

describe("imports: malformed URLs from the remote side are 4xx or skipped, never 500", () => {
  it("a redirect to a malformed Location answers 422", async () => {
    const { space, api: gb } = await seedSpace();
    const error = await clientError(
      gb.spaces.importContent(space.id, { url: `${origin}/redirect-malformed/page.html`, source: "html" as never }),
    );
    expect(error.code).toBe(422);
    expect(error.errorMessage).toMatch(/redirected to a malformed URL/);
    await expectUntouched(gb, space.id, space.revision);
  });

  it("markdown, html and docx at paths with malformed percent-encoding import (their images are skipped)", async () => {
    const cases: [string, string, string][] = [
      ["markdown", `/docs/${BAD}.md`, BAD],
      ["html", `/docs/${BAD}.html`, BAD],
      ["docx", `/docs/${BAD}.docx`, "Quarterly report"],
    ];
    for (const [source, path, title] of cases) {
      const { space, api: gb } = await seedSpace();
      const res = await gb.spaces.importContent(space.id, { url: `${origin}${path}`, source: source as never });
      expect(res.status, source).toBe(201);
      const pages = (await gb.spaces.listPages(space.id)).data.pages;
      expect(
        pages.map((p) => p.title),
        source,
      ).toEqual([title]);
      if (source !== "docx") expect(res.data.importedResources, source).toBe(1); // the image redirects to a malformed URL
    }
  });

  it("a zip whose links carry malformed percent-encoding imports", async () => {
    const { space, api: gb } = await seedSpace();
    const res = await gb.spaces.importContent(space.id, { url: `${origin}/bad-escapes.zip`, source: "zip" as never });
    expect(res.status).toBe(201);
    expect((await gb.spaces.listPages(space.id)).data.pages.map((p) => p.title)).toEqual(["Notes"]);
  });

  it("the image collector skips an image on any error, not only ApiErrors", async () => {
    const fetcher = { get: async () => Promise.reject(new TypeError("Invalid URL")) } as unknown as ImportFetcher;
    const images = new ImageCollector(fetcher);
    expect(await images.refFor("https://example.com/a.png")).toBeUndefined();
    expect(await images.refFor("http://[::1/b.png")).toBeUndefined();
    expect(images.seen).toBe(2);
    expect(images.files).toEqual([]);
  });
});
