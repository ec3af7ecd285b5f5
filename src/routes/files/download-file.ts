import { z } from "@hono/zod-openapi";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { fileKey, MAX_DOWNLOAD_URL_SECONDS, verifyDownloadSignature } from "../../content/files";
import { notFound } from "../../lib/errors";
import { signingSecret } from "../../services/access";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/files/{fileHash}/download",
  operationId: "downloadFile",
  tags: ["spaces"],
  summary: "Download a file through its signed URL",
  description:
    "The target of a file's `downloadURL`: streams the file's bytes. Needs no Authorization header; the URL's " +
    "`signature` and `expires` authorize it (403 when expired or tampered with).",
  anonymous: true,
  request: {
    params: z.object({
      spaceId: z.string().min(1).max(128),
      fileHash: z.string().regex(/^[0-9a-f]{64}$/, "must be a SHA-256 hex digest"),
    }),
    query: z.object({
      name: z.string().min(1).max(1024),
      type: z.string().max(255).optional(),
      expires: z.string().max(20),
      signature: z.string().max(256),
    }),
  },
  responses: {
    200: {
      description: "The file's bytes",
      content: { "application/octet-stream": { schema: z.string().openapi({ format: "binary" }) } },
    },
    304: { description: "Not modified (If-None-Match matched the ETag)" },
  },
});

/** `inline` or `attachment`, with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / RFC 5987). */
export function contentDisposition(kind: "inline" | "attachment", name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, "").replace(/^.*[\\/]/, "") || "download";
  const fallback = clean.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const { spaceId, fileHash } = c.req.valid("param");
  const query = c.req.valid("query");
  const secret = await signingSecret({ db: c.get("db"), env: c.env });
  const secondsLeft = await verifyDownloadSignature(secret, { spaceId, hash: fileHash, ...query });
  const etag = `"${fileHash}"`;
  const headers = new Headers({
    ETag: etag,
    "Cache-Control": `private, max-age=${Math.min(secondsLeft, MAX_DOWNLOAD_URL_SECONDS)}`,
    // Uploaded content (SVG, HTML) must never run as this origin's script.
    "Content-Security-Policy": "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
    "X-Content-Type-Options": "nosniff",
  });
  const ifNoneMatch = c.req.header("If-None-Match");
  if (ifNoneMatch?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag || tag.trim() === "*")) {
    if (await c.env.STORAGE.head(fileKey(spaceId, fileHash))) return new Response(null, { status: 304, headers });
  }
  const object = await c.env.STORAGE.get(fileKey(spaceId, fileHash));
  if (!object) throw notFound("File");
  const contentType = query.type || object.httpMetadata?.contentType || "application/octet-stream";
  headers.set("Content-Type", contentType);
  headers.set("Content-Length", String(object.size));
  headers.set(
    "Content-Disposition",
    contentDisposition(/^image\//i.test(contentType) ? "inline" : "attachment", query.name),
  );
  return new Response(object.body, { status: 200, headers });
};
