import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentFile } from "../../presenters/content";
import { readSignedFile } from "../../services/revisions";
import { json } from "../../http/responses";
import { ContentQuery } from "../../wire/content-query";
import { RevisionFileSchema } from "../../wire/revision";
import { SpaceParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/content/files/{fileId}",
  operationId: "getFileById",
  anonymous: true,
  tags: ["space-content"],
  summary: "Get a space file by its ID",
  request: { params: SpaceParams.extend({ fileId: z.string().min(1) }), query: ContentQuery },
  responses: { 200: json(RevisionFileSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await readSignedFile(ctx, p.spaceId, { kind: "main" as const }, p.fileId);
  return c.json(presentFile(view), 200);
};
