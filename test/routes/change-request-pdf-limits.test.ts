import { describe, expect, it } from "vitest";
import { MAX_PDF_MARKDOWN_BYTES } from "../../src/services/change-requests/change-request-pdf";
import { embeddable } from "../../src/pdf/render";
import { png, pngDeclaring } from "../content/images";
import { changeRequestWith, seedSpace } from "../helpers/content";
import { clientError, workerFetch } from "../helpers/http";
import { pdfText } from "../helpers/pdf-text";

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

async function fetchPdf(url: string) {
  const res = await workerFetch(url);
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

describe("getChangeRequestPDF: memory bounds", () => {
  it("prints a placeholder for a PNG whose header declares 20000×20000 pixels instead of decoding it", async () => {
    const s = await seedSpace("Bombs");
    const { cr } = await changeRequestWith(s.owner.token, s.space.id, [
      {
        operation: "insert_files",
        files: [
          {
            ref: "huge",
            name: "huge.png",
            contentType: "image/png",
            base64: toBase64(await pngDeclaring(20000, 20000)),
          },
          { ref: "small", name: "small.png", contentType: "image/png", base64: toBase64(await png(8, 8)) },
        ],
      },
      {
        operation: "insert_page",
        title: "Pictures",
        document: { markdown: "Before.\n\n![Huge](./huge)\n\n![Small](./small)\n\nAfter.\n" },
      },
    ]);
    const bytes = await fetchPdf(String((await s.api.spaces.getChangeRequestPdf(s.space.id, cr.id)).data.url));
    const text = (await pdfText(bytes)).join(" ");
    expect(text).toContain("[Image: Huge]");
    expect(text).not.toContain("[Image: Small]");
    expect(text).toContain("After.");
    const raw = Array.from(bytes, (b) => String.fromCharCode(b)).join("");
    expect(raw.match(/\/Subtype \/Image/g)?.length).toBe(1); // only the small image is embedded
  });

  it("decides embeddability from the header dimensions and the byte size", async () => {
    expect(embeddable(await png(8, 8))).toBe(true);
    expect(embeddable(await pngDeclaring(4096, 2048))).toBe(true);
    expect(embeddable(await pngDeclaring(20000, 20000))).toBe(false);
    expect(embeddable(await pngDeclaring(4097, 1))).toBe(false);
    expect(embeddable(await pngDeclaring(4096, 4096))).toBe(false); // 16 MP: over the pixel budget
    expect(embeddable(new Uint8Array([1, 2, 3]))).toBe(false);
  });

  it("answers 400 when the pages to render hold more markdown than the cap, and renders a part with page/only", async () => {
    const s = await seedSpace("Big");
    const body = `${"lorem ipsum dolor sit amet ".repeat(36_000)}\n`; // ~0.97 MB, stored once, rendered per page
    const pages = Math.floor(MAX_PDF_MARKDOWN_BYTES / body.length) + 1;
    const { cr, pages: ids } = await changeRequestWith(s.owner.token, s.space.id, [
      ...Array.from({ length: pages }, (_, i) => ({
        operation: "insert_page" as const,
        title: `Big ${i + 1}`,
        document: { markdown: body },
      })),
      { operation: "insert_page", title: "Small", document: { markdown: "Just this.\n" } },
    ]);
    const error = await clientError(s.api.spaces.getChangeRequestPdf(s.space.id, cr.id));
    expect(error.code).toBe(400);
    expect(error.errorMessage).toMatch(/over the limit of 5242880; pass page/);
    const part = await fetchPdf(
      String((await s.api.spaces.getChangeRequestPdf(s.space.id, cr.id, { page: ids[pages], only: true })).data.url),
    );
    expect((await pdfText(part)).join(" ")).toContain("Just this.");
  }, 60_000); // storing ~6 MB of markdown takes a while
});
