import { z } from "@hono/zod-openapi";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { ContentQuery } from "../../wire/content-query";
import { RevisionFileSchema } from "../../wire/revision";
import { RevisionParams } from "../../wire/params";
import { getFileOn } from "../../http/content-handlers";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/revisions/{revisionId}/files/{fileId}",
  operationId: "getFileInRevisionById",
  anonymous: true,
  tags: ["revisions"],
  summary: "Get a file of a revision",
  request: { params: RevisionParams.extend({ fileId: z.string().min(1) }), query: ContentQuery },
  responses: { 200: json(RevisionFileSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await getFileOn(c), 200);
