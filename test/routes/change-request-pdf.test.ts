import { env } from "cloudflare:workers";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { api, client, clientError, workerFetch } from "../helpers/http";
import { changeRequestWith, seedSpace, seedSpaceMember } from "../helpers/content";
import { seedUser } from "../helpers/seed";
import { pdfStreams, pdfText } from "../helpers/pdf-text";
import { png } from "../content/images";

/** A grayscale baseline JPEG's marker structure (SOI, APP0, SOF0, EOI): pdf-lib reads only the headers. */
function jpeg(width: number, height: number): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof = [0xff, 0xc0, 0, 11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0];
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof, 0xff, 0xd9]);
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const long = Array.from({ length: 400 }, (_, i) => `word${i}`).join(" ");

async function spaceWithDocs() {
  const seeded = await seedSpace("Handbook");
  const { cr, pages, response } = await changeRequestWith(seeded.owner.token, seeded.space.id, [
    {
      operation: "insert_files",
      files: [
        { ref: "diagram", name: "diagram.png", contentType: "image/png", base64: toBase64(await png(40, 20)) },
        { ref: "photo", name: "photo.jpg", contentType: "image/jpeg", base64: toBase64(jpeg(30, 10)) },
      ],
    },
    {
      operation: "insert_page",
      ref: "intro",
      title: "Introduction Page",
      document: {
        markdown: `Hello **bold** and \`code\`.\n\n## Section Heading\n\n- first item\n- second item\n\n1. one\n2. two\n\n\`\`\`js\nconst answer = 42;\n\`\`\`\n\n> quoted text\n\n| A | B |\n| - | - |\n| cell1 | cell2 |\n\n![Diagram](./diagram)\n\n![Photo](./photo)\n\n${long}\n`,
      },
    },
    {
      operation: "insert_page",
      ref: "child",
      into: "intro",
      title: "Child Page",
      document: { markdown: "Child body text.\n" },
    },
    {
      operation: "insert_page",
      title: "Second Page",
      document: { markdown: "Emoji 🎉 prints as a placeholder, CJK 日本 as itself.\n" },
    },
  ]);
  return { ...seeded, cr, pages, files: response.insertedFiles };
}

async function fetchPdf(url: string) {
  const res = await workerFetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/pdf");
  return new Uint8Array(await res.arrayBuffer());
}

const pdfObjects = async (spaceId: string) => (await env.STORAGE.list({ prefix: `spaces/${spaceId}/` })).objects.length;

describe("getChangeRequestPDF", () => {
  it("renders every page of the change request to a real PDF with text, lists, code and images", async () => {
    const s = await spaceWithDocs();
    const { data } = await s.api.spaces.getChangeRequestPdf(s.space.id, s.cr.id);
    expect(String(data.url)).toMatch(/^https:\/\/api\.quire\.test\/v1\/spaces\/.+\/download\?.*expires=.*signature=/);
    const bytes = await fetchPdf(String(data.url));
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes);
    // One PDF page per document page at least, and the long paragraph wraps onto another page.
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(4);
    const text = await pdfText(bytes);
    const all = text.join(" ");
    for (const expected of [
      "Introduction Page",
      "Child Page",
      "Second Page",
      "Section Heading",
      "first item",
      "const answer = 42;",
      "quoted text",
      "cell1",
      "word399",
    ]) {
      expect(all).toContain(expected);
    }
    expect(text).toEqual(expect.arrayContaining(["•", "1.", "2."]));
    // Wrapping: no drawn line holds the whole 400-word paragraph.
    expect(text.every((line) => line.length < 200)).toBe(true);
    // Order: pages in reading order (parent, child, sibling).
    expect(all.indexOf("Introduction Page")).toBeLessThan(all.indexOf("Child Page"));
    expect(all.indexOf("Child Page")).toBeLessThan(all.indexOf("Second Page"));
    expect(all.replace(/\s+/g, " ")).toContain("Emoji ? prints as a placeholder, CJK 日本 as itself.");
    // Two embedded images (the PNG and the JPEG).
    const raw = Array.from(bytes, (b) => String.fromCharCode(b)).join("");
    expect(raw.match(/\/Subtype \/Image/g)?.length).toBe(2);
    expect(raw).toContain("/DCTDecode");
    expect((await pdfStreams(bytes)).length).toBeGreaterThan(0);
  });

  it("renders one page with only=true, or a page and its descendants with page", async () => {
    const s = await spaceWithDocs();
    const [intro] = s.pages; // page changes: intro, child, second
    const only = await fetchPdf(
      String((await s.api.spaces.getChangeRequestPdf(s.space.id, s.cr.id, { only: true, page: intro })).data.url),
    );
    const onlyText = (await pdfText(only)).join(" ");
    expect(onlyText).toContain("Introduction Page");
    expect(onlyText).not.toContain("Child Page");
    expect(onlyText).not.toContain("Second Page");

    const subtreeUrl = String((await s.api.spaces.getChangeRequestPdf(s.space.id, s.cr.id, { page: intro })).data.url);
    const subtree = (await pdfText(await fetchPdf(subtreeUrl))).join(" ");
    expect(subtree).toContain("Child Page");
    expect(subtree).not.toContain("Second Page");

    expect((await clientError(s.api.spaces.getChangeRequestPdf(s.space.id, s.cr.id, { page: "missing" }))).code).toBe(
      404,
    );
    expect((await clientError(s.api.spaces.getChangeRequestPdf(s.space.id, s.cr.id, { only: true }))).code).toBe(400);
    expect(
      (await api("GET", `/spaces/${s.space.id}/change-requests/${s.cr.id}/pdf?only=maybe`, { token: s.owner.token }))
        .status,
    ).toBe(400);
  });

  it("reuses the stored PDF for the same revision and options, and renders again after an edit", async () => {
    const s = await spaceWithDocs();
    const first = String((await s.api.spaces.getChangeRequestPdf(s.space.id, s.cr.id)).data.url);
    const key = `spaces/${s.space.id}/files/${new URL(first).pathname.split("/")[5]}`;
    const stored = await env.STORAGE.head(key);
    expect(stored?.httpMetadata?.contentType).toBe("application/pdf");
    const count = await pdfObjects(s.space.id);
    const second = String((await client(s.owner.token).spaces.getChangeRequestPdf(s.space.id, s.cr.id)).data.url);
    expect(new URL(second).pathname).toBe(new URL(first).pathname);
    expect(await pdfObjects(s.space.id)).toBe(count);
    expect((await env.STORAGE.head(key))!.uploaded.getTime()).toBe(stored!.uploaded.getTime());
    // By number too.
    expect(
      new URL(String((await s.api.spaces.getChangeRequestPdf(s.space.id, String(s.cr.number))).data.url)).pathname,
    ).toBe(new URL(first).pathname);

    const res = await api("POST", `/spaces/${s.space.id}/change-requests/${s.cr.id}/content?compat=false`, {
      token: s.owner.token,
      body: { changes: [{ operation: "insert_page", title: "Late Page", document: { markdown: "late\n" } }] },
    });
    expect(res.status).toBe(200);
    const third = String((await s.api.spaces.getChangeRequestPdf(s.space.id, s.cr.id)).data.url);
    expect(new URL(third).pathname).not.toBe(new URL(first).pathname);
    expect((await pdfText(await fetchPdf(third))).join(" ")).toContain("Late Page");
  });

  it("answers 401, 404 across the permission boundary, lets readers export, and refuses tampered URLs", async () => {
    const s = await spaceWithDocs();
    expect((await api("GET", `/spaces/${s.space.id}/change-requests/${s.cr.id}/pdf`)).status).toBe(401);
    const outsider = await seedUser("outsider");
    expect((await clientError(client(outsider.token).spaces.getChangeRequestPdf(s.space.id, s.cr.id))).code).toBe(404);
    expect((await clientError(s.api.spaces.getChangeRequestPdf(s.space.id, "no-such-cr"))).code).toBe(404);
    expect((await clientError(s.api.spaces.getChangeRequestPdf("no-such-space", s.cr.id))).code).toBe(404);
    const reader = await seedSpaceMember(s.organization.id, "read");
    const { data } = await client(reader.token).spaces.getChangeRequestPdf(s.space.id, s.cr.id);
    const url = new URL(String(data.url));
    url.searchParams.set("name", "other.pdf");
    expect((await workerFetch(url)).status).toBe(403);
  });

  it("renders an empty change request as a one-page PDF", async () => {
    const s = await seedSpace();
    const { data: cr } = await s.api.spaces.createChangeRequest(s.space.id, { subject: "Empty" });
    const bytes = await fetchPdf(String((await s.api.spaces.getChangeRequestPdf(s.space.id, cr.id)).data.url));
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  });
});
