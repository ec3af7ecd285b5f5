import { z } from "@hono/zod-openapi";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { ChangeRequestParams } from "../../wire/params";
import { ContentQuery } from "../../wire/content-query";
import { ReusableContentSchema } from "../../wire/revision";
import { getReusableContentOn } from "../../http/content-handlers";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content/reusable-contents/{reusableContentId}",
  operationId: "getReusableContentInChangeRequestById",
  tags: ["change-request-content"],
  summary: "Get a reusable content of a change request",
  request: { params: ChangeRequestParams.extend({ reusableContentId: z.string().min(1) }), query: ContentQuery },
  responses: { 200: json(ReusableContentSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await getReusableContentOn(c), 200);
