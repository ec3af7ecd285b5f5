import { describe, expect, it } from "vitest";
import { clientError, workerFetch } from "../helpers/http";
import { changeRequestWith, seedSpace, writeContent } from "../helpers/content";

// A 2x3 PNG (IHDR only matters for dimensions).
const png = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAYAAAC56t6BAAAAEUlEQVR4nGP8z8DAwMDAwMAAAAsAAQ0BsuQAAAAASUVORK5CYII="),
  (c) => c.charCodeAt(0),
);
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

describe("files in change requests", () => {
  it("stores base64 files in R2, lists them, and serves them byte-for-byte through a signed URL", async () => {
    const { space, owner, api: gb } = await seedSpace();
    const { cr, response } = await changeRequestWith(owner.token, space.id, [
      {
        operation: "insert_files",
        files: [{ ref: "logo", name: "logo.png", contentType: "image/png", base64: toBase64(png) }],
      },
      { operation: "insert_page", title: "With image", document: { markdown: "![Logo](./logo)\n" } },
    ]);
    const [inserted] = response.insertedFiles;
    expect(inserted).toMatchObject({
      name: "logo.png",
      contentType: "image/png",
      size: png.byteLength,
      dimensions: { width: 2, height: 3 },
    });

    const files = await gb.spaces.listFilesInChangeRequestById(space.id, cr.id);
    expect(files.data.items.map((f) => f.id)).toEqual([inserted.id]);
    const file = await gb.spaces.getFileInChangeRequestById(space.id, cr.id, inserted.id);
    const download = await workerFetch(file.data.downloadURL);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("image/png");
    // A response the handler built itself (an R2 body) still carries the request id and CORS headers.
    expect(download.headers.get("x-request-id")).toMatch(/\S{8,}/);
    expect(download.headers.get("access-control-allow-origin")).toBe("*");
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(png);

    const page = (await gb.spaces.listPagesInChangeRequest(space.id, cr.id)).data.pages[0];
    const body = ((await gb.spaces.getPageInChangeRequestById(space.id, cr.id, page.id)).data as any).markdown;
    expect(body).toBe(`![Logo](/files/${inserted.id})\n`);

    // Main has no files until the merge; afterwards the same file (same bytes, same object) is in main.
    expect((await gb.spaces.listFiles(space.id)).data.items).toEqual([]);
    await gb.spaces.mergeChangeRequest(space.id, cr.id);
    const mainFile = await gb.spaces.getFileById(space.id, inserted.id);
    expect(new Uint8Array(await (await workerFetch(mainFile.data.downloadURL)).arrayBuffer())).toEqual(png);
    expect((await clientError(gb.spaces.getFileById(space.id, "nope"))).code).toBe(404);
  });

  it("refuses bad file inputs with 400 and writes nothing", async () => {
    const { space, owner, api: gb } = await seedSpace();
    const { data: cr } = await gb.spaces.createChangeRequest(space.id, {});
    const cases = [
      [{ name: "a.bin", base64: "AAAA" }], // no contentType with base64
      [{ name: "a.bin", contentType: "application/octet-stream" }], // no source
      [{ name: "a.bin", contentType: "text/plain", base64: "%%%not base64%%%" }],
      [{ name: "a.bin", contentType: "text/plain", base64: btoa("x".repeat(1024 * 1024 + 10)) }],
      [{ name: "a.bin", url: "http://10.0.0.1/private" }],
    ];
    for (const files of cases) {
      const res = await writeContent(owner.token, space.id, cr.id, [{ operation: "insert_files", files }]);
      expect(res.status, JSON.stringify(files).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect((await gb.spaces.getChangeRequestById(space.id, cr.id)).data.revision).toBe(space.revision);
  });
});
