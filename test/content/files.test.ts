import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  decodeBase64File,
  fileKey,
  imageDimensions,
  MAX_BASE64_FILE_BYTES,
  signedDownloadURL,
  storeFile,
} from "../../src/content/files";
import { contentDisposition } from "../../src/routes/files/download-file";
import { ApiError } from "../../src/lib/errors";
import { ORIGIN, workerFetch } from "../helpers/http";
import { gif, jpeg, png, text, webpExtended, webpLossless, webpLossy } from "./images";

const signer = { urls: { api: ORIGIN }, secret: env.SIGNING_SECRET };
const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

function expectApiError(fn: () => unknown, status: number, message?: RegExp) {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(status);
    if (message) expect((error as ApiError).message).toMatch(message);
    return;
  }
  throw new Error("expected an ApiError");
}

describe("imageDimensions", () => {
  it("reads PNG", async () => {
    expect(imageDimensions(await png(3, 2))).toEqual({ width: 3, height: 2 });
    expect(imageDimensions(await png(1200, 630), "image/png")).toEqual({ width: 1200, height: 630 });
  });

  it("reads JPEG frame headers after APP and DHT segments, baseline and progressive", () => {
    expect(imageDimensions(jpeg(640, 480))).toEqual({ width: 640, height: 480 });
    expect(imageDimensions(jpeg(17, 4000, 0xc2))).toEqual({ width: 17, height: 4000 });
  });

  it("reads GIF", () => {
    expect(imageDimensions(gif(5, 7))).toEqual({ width: 5, height: 7 });
  });

  it("reads WebP VP8, VP8L and VP8X", () => {
    expect(imageDimensions(webpLossy(320, 200))).toEqual({ width: 320, height: 200 });
    expect(imageDimensions(webpLossless(1, 16384))).toEqual({ width: 1, height: 16384 });
    expect(imageDimensions(webpExtended(5000, 3))).toEqual({ width: 5000, height: 3 });
  });

  it("reads SVG width/height, units, viewBox and the ratio of one given side", () => {
    const svg = (attrs: string) =>
      text(`<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg" ${attrs}><rect/></svg>`);
    expect(imageDimensions(svg('width="120" height="40"'))).toEqual({ width: 120, height: 40 });
    expect(imageDimensions(svg("width='24px' height='12px'"))).toEqual({ width: 24, height: 12 });
    expect(imageDimensions(svg('width="1in" height="72pt"'))).toEqual({ width: 96, height: 96 });
    expect(imageDimensions(svg('viewBox="0 0 300 150"'))).toEqual({ width: 300, height: 150 });
    expect(imageDimensions(svg('width="600" viewBox="0,0,300,150"'))).toEqual({ width: 600, height: 300 });
    expect(imageDimensions(svg('width="100%" height="100%"'))).toBeUndefined();
    expect(imageDimensions(text('<svg viewBox="0 0 10 20"/>'), "image/svg+xml")).toEqual({ width: 10, height: 20 });
  });

  it("returns undefined for other or broken data, never throwing", async () => {
    expect(imageDimensions(new Uint8Array())).toBeUndefined();
    expect(imageDimensions(text("%PDF-1.7 hello"))).toBeUndefined();
    expect(imageDimensions((await png(3, 2)).slice(0, 20))).toBeUndefined();
    expect(imageDimensions(jpeg(10, 10).slice(0, 40))).toBeUndefined();
    expect(imageDimensions(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBeUndefined();
    expect(imageDimensions(webpLossy(10, 10).slice(0, 20))).toBeUndefined();
    expect(imageDimensions(gif(0, 0))).toBeUndefined();
    expect(imageDimensions(text("<svg"), "image/svg+xml")).toBeUndefined();
    const garbage = new Uint8Array(4096);
    for (let seed = 1; seed < 50; seed++) {
      for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 2654435761 + seed * 40503) >>> 24;
      garbage.set([0xff, 0xd8, 0xff], 0);
      expect(() => imageDimensions(garbage)).not.toThrow();
    }
  });
});

describe("decodeBase64File", () => {
  it("decodes padded, unpadded and line-wrapped base64", () => {
    expect([...decodeBase64File("AAEC/w==")]).toEqual([0, 1, 2, 255]);
    expect([...decodeBase64File("AAEC/w")]).toEqual([0, 1, 2, 255]);
    expect(new TextDecoder().decode(decodeBase64File("aGVs\r\nbG8="))).toBe("hello");
    expect(decodeBase64File("")).toHaveLength(0);
  });

  it("refuses anything but strict base64 with a 400", () => {
    expectApiError(() => decodeBase64File("aGVsbG8*"), 400, /base64/);
    expectApiError(() => decodeBase64File("aGVsbG8-"), 400); // base64url alphabet
    expectApiError(() => decodeBase64File("a"), 400, /length/);
    expectApiError(() => decodeBase64File("aGVsbG8=="), 400, /padding/);
    expectApiError(() => decodeBase64File("aGV=sbG8"), 400);
    expectApiError(() => decodeBase64File("aGVsbG9="), 400, /trailing bits/);
    expectApiError(() => decodeBase64File(123 as unknown as string), 400);
  });

  it("accepts exactly 1 MB and refuses more, naming the limit", () => {
    const exact = btoa("\0".repeat(MAX_BASE64_FILE_BYTES));
    expect(decodeBase64File(exact)).toHaveLength(MAX_BASE64_FILE_BYTES);
    expectApiError(
      () => decodeBase64File(btoa("\0".repeat(MAX_BASE64_FILE_BYTES + 1))),
      400,
      /1 MB limit \(1048576 bytes\)/,
    );
  });
});

describe("storeFile", () => {
  it("stores under the space's prefix by SHA-256, once per content", async () => {
    const bytes = await png(3, 2);
    const first = await storeFile(env, "space-dedup", bytes, "image/png");
    const expected = [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))]
      .map((b) => b.toString(16).padStart(2, "0"))
      .join("");
    expect(first).toEqual({
      hash: expected,
      size: bytes.length,
      contentType: "image/png",
      dimensions: { width: 3, height: 2 },
    });
    expect(fileKey("space-dedup", expected)).toBe(`spaces/space-dedup/files/${expected}`);
    const uploaded = (await env.STORAGE.head(fileKey("space-dedup", expected)))!.uploaded.getTime();
    const second = await storeFile(env, "space-dedup", bytes.slice(), "image/png");
    expect(second.hash).toBe(first.hash);
    const listing = await env.STORAGE.list({ prefix: "spaces/space-dedup/" });
    expect(listing.objects.map((o) => o.key)).toEqual([fileKey("space-dedup", expected)]);
    expect((await env.STORAGE.head(fileKey("space-dedup", expected)))!.uploaded.getTime()).toBe(uploaded);
    await storeFile(env, "space-dedup", text("other"), "text/plain");
    expect((await env.STORAGE.list({ prefix: "spaces/space-dedup/" })).objects).toHaveLength(2);
  });

  it("has no dimensions for non-images and defaults an empty type", async () => {
    const stored = await storeFile(env, "space-plain", text("hello"), " ");
    expect(stored).toEqual({
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      size: 5,
      contentType: "application/octet-stream",
    });
  });
});

describe("download URLs", () => {
  it("round-trips the bytes through R2 and the signed URL, without Authorization", async () => {
    const bytes = await png(40, 30);
    const stored = await storeFile(env, "space-dl", bytes, "image/png");
    const url = await signedDownloadURL(signer, {
      spaceId: "space-dl",
      hash: stored.hash,
      name: "diagram.png",
      contentType: "image/png",
      expiresInSeconds: 600,
    });
    expect(url.startsWith(`${ORIGIN}/v1/spaces/space-dl/files/${stored.hash}/download?`)).toBe(true);
    const res = await workerFetch(url);
    expect(res.status).toBe(200);
    expect(await bytesOf(res)).toEqual(bytes);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-length")).toBe(String(bytes.length));
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="diagram.png"; filename*=UTF-8''diagram.png`);
    expect(res.headers.get("etag")).toBe(`"${stored.hash}"`);
    const maxAge = Number(/max-age=(\d+)/.exec(res.headers.get("cache-control") ?? "")?.[1]);
    expect(maxAge).toBeGreaterThan(590);
    expect(maxAge).toBeLessThanOrEqual(600);
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
  });

  it("serves non-images as attachments with a safely quoted name and answers If-None-Match with 304", async () => {
    const bytes = text("%PDF-1.4 not really");
    const stored = await storeFile(env, "space-dl", bytes, "application/pdf");
    const name = 'rep"ort été\r\n.pdf';
    const url = await signedDownloadURL(signer, {
      spaceId: "space-dl",
      hash: stored.hash,
      name,
      contentType: "application/pdf",
    });
    const res = await workerFetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="rep_ort _t_.pdf"; filename*=UTF-8''rep%22ort%20%C3%A9t%C3%A9.pdf`,
    );
    expect(await bytesOf(res)).toEqual(bytes);
    const cached = await workerFetch(url, { headers: { "If-None-Match": `"${stored.hash}"` } });
    expect(cached.status).toBe(304);
  });

  it("uses the signed content type over the stored one (shared bytes, different uploads)", async () => {
    const stored = await storeFile(env, "space-dl", text("a,b\n1,2\n"), "text/plain");
    const url = await signedDownloadURL(signer, {
      spaceId: "space-dl",
      hash: stored.hash,
      name: "data.csv",
      contentType: "text/csv",
    });
    const res = await workerFetch(url);
    expect(res.headers.get("content-type")).toBe("text/csv");
    const forged = new URL(url);
    forged.searchParams.set("type", "text/html");
    expect((await workerFetch(forged)).status).toBe(403);
  });

  it("refuses an expired URL with 403 and the error body", async () => {
    const stored = await storeFile(env, "space-dl", text("old"), "text/plain");
    const url = await signedDownloadURL(signer, {
      spaceId: "space-dl",
      hash: stored.hash,
      name: "a.txt",
      expiresInSeconds: 60,
      now: Date.now() - 3600_000,
    });
    const res = await workerFetch(url);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { code: 403, message: "The download URL has expired" } });
  });

  it("refuses tampered URLs with 403", async () => {
    const stored = await storeFile(env, "space-dl", text("secret"), "text/plain");
    const other = await storeFile(env, "space-dl", text("other secret"), "text/plain");
    const url = new URL(await signedDownloadURL(signer, { spaceId: "space-dl", hash: stored.hash, name: "a.txt" }));
    const variants: URL[] = [];
    const edit = (fn: (u: URL) => void) => {
      const u = new URL(url);
      fn(u);
      variants.push(u);
    };
    edit((u) => u.searchParams.set("name", "b.txt"));
    edit((u) => u.searchParams.set("expires", String(Number(u.searchParams.get("expires")) + 3600)));
    edit((u) =>
      u.searchParams.set(
        "signature",
        u.searchParams.get("signature")!.replace(/^./, (c) => (c === "A" ? "B" : "A")),
      ),
    );
    edit((u) => u.searchParams.set("signature", "not-a-signature"));
    edit((u) => (u.pathname = u.pathname.replace(stored.hash, other.hash)));
    edit((u) => (u.pathname = u.pathname.replace("space-dl", "space-other")));
    for (const variant of variants) {
      const res = await workerFetch(variant);
      expect(res.status, variant.toString()).toBe(403);
      expect(((await res.json()) as any).error.code).toBe(403);
    }
    expect((await workerFetch(url)).status).toBe(200);
  });

  it("answers 404 for a correctly signed URL of a missing object", async () => {
    const hash = "0".repeat(64);
    const res = await workerFetch(await signedDownloadURL(signer, { spaceId: "space-dl", hash, name: "gone.bin" }));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 404, message: "File not found" } });
  });

  it("answers 400 for a malformed hash or missing query, never 500", async () => {
    expect((await workerFetch(`${ORIGIN}/v1/spaces/s/files/xyz/download?name=a&expires=1&signature=x`)).status).toBe(
      400,
    );
    expect((await workerFetch(`${ORIGIN}/v1/spaces/s/files/${"a".repeat(64)}/download`)).status).toBe(400);
    const huge = `${ORIGIN}/v1/spaces/s/files/${"a".repeat(64)}/download?name=a&expires=99999999999999999999&signature=x`;
    expect((await workerFetch(huge)).status).toBe(403);
  });

  it("is in the OpenAPI document as an anonymous operation", async () => {
    const doc = (await (await workerFetch(`${ORIGIN}/openapi.json`)).json()) as any;
    const op = doc.paths["/v1/spaces/{spaceId}/files/{fileHash}/download"].get;
    expect(op.operationId).toBe("downloadFile");
    expect(op.security).toContainEqual({});
  });
});

describe("contentDisposition", () => {
  it("quotes names safely", () => {
    expect(contentDisposition("attachment", "a.txt")).toBe(`attachment; filename="a.txt"; filename*=UTF-8''a.txt`);
    expect(contentDisposition("inline", '../../etc/"x".png')).toBe(
      `inline; filename="_x_.png"; filename*=UTF-8''%22x%22.png`,
    );
    expect(contentDisposition("attachment", "日本語.pdf")).toBe(
      `attachment; filename="___.pdf"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%E8%AA%9E.pdf`,
    );
    expect(contentDisposition("attachment", "\r\n")).toBe(`attachment; filename="download"; filename*=UTF-8''download`);
  });
});
