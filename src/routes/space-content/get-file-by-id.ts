import { z } from "@hono/zod-openapi";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { ContentQuery } from "../../wire/content-query";
import { RevisionFileSchema } from "../../wire/revision";
import { SpaceParams } from "../../wire/params";
import { getFileOn } from "../../http/content-handlers";

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

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await getFileOn(c), 200);
