import { z } from "@hono/zod-openapi";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { ChangeRequestParams } from "../../wire/params";
import { PageQuery } from "../../wire/content-query";
import { RevisionPageSchema } from "../../wire/revision";
import { getPageOn } from "../../http/content-handlers";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content/path/{pagePath}",
  operationId: "getPageInChangeRequestByPath",
  tags: ["change-request-content"],
  summary: "Get a page of a change request by its path",
  request: { params: ChangeRequestParams.extend({ pagePath: z.string().min(1) }), query: PageQuery },
  responses: { 200: json(RevisionPageSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await getPageOn(c), 200);
