import { z } from "@hono/zod-openapi";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { receiveUpload } from "../../services/storage";

export const route = defineRoute({
  method: "put",
  path: "/orgs/{organizationId}/storage/upload/{uploadId}",
  operationId: "uploadStorageFile",
  tags: ["storage"],
  summary: "Upload a file to a signed upload URL",
  description:
    "The target of generateStorageUploadURL's `url` (Quire's own): the request's body is the file. Needs no " +
    "Authorization header: the URL's `signature` and `expires` authorize it (403 when tampered with or expired). " +
    "One use only (409 after), at most the declared size (413).",
  anonymous: true,
  request: {
    params: z.object({ organizationId: z.string().min(1).max(64), uploadId: z.string().regex(/^[A-Za-z0-9]{1,64}$/) }),
    query: z.object({ expires: z.string().max(20), signature: z.string().max(256) }),
  },
  responses: {
    204: { description: "The file is stored" },
    409: { description: "The upload URL was already used" },
    413: { description: "The file is larger than the URL allows" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const { organizationId, uploadId } = c.req.valid("param");
  await receiveUpload(
    { db: c.get("db"), env: c.env, now: Date.now() },
    {
      organizationId,
      uploadId,
      ...c.req.valid("query"),
      body: c.req.raw.body,
      contentLength: c.req.header("content-length"),
    },
  );
  return c.body(null, 204);
};
