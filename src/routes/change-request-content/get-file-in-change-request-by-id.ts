import { z } from "@hono/zod-openapi";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { ChangeRequestParams } from "../../wire/params";
import { ContentQuery } from "../../wire/content-query";
import { RevisionFileSchema } from "../../wire/revision";
import { getFileOn } from "../../http/content-handlers";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}",
  operationId: "getFileInChangeRequestById",
  tags: ["change-request-content"],
  summary: "Get a file of a change request",
  request: { params: ChangeRequestParams.extend({ fileId: z.string().min(1) }), query: ContentQuery },
  responses: { 200: json(RevisionFileSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await getFileOn(c), 200);
