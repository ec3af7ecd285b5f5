import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { readIntegrationImage } from "../../services/integrations";
import { IntegrationParams } from "./schemas";

export const route = defineRoute({
  method: "get",
  path: "/integrations/{integrationName}/images/{imageHash}",
  operationId: "getIntegrationImage",
  tags: ["integrations"],
  summary: "An integration's icon or preview image (Quire)",
  description:
    "The target of an integration's `urls.icon` and `previewImages`: the image's bytes, by content hash " +
    "(immutable). Anyone may read the images of public and unlisted integrations.",
  anonymous: true,
  request: {
    params: IntegrationParams.extend({
      imageHash: z.string().regex(/^[0-9a-f]{64}$/, "must be a SHA-256 hex digest"),
    }),
  },
  responses: {
    200: {
      description: "The image's bytes",
      content: { "application/octet-stream": { schema: z.string().openapi({ format: "binary" }) } },
    },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const object = await readIntegrationImage(serviceContext(c), p.integrationName, p.imageHash);
  return new Response(object.body, {
    headers: {
      "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
      "Cache-Control": "public, max-age=31536000, immutable",
      ETag: `"${p.imageHash}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
};
