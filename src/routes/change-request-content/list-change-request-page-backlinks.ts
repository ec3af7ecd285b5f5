import { z } from "@hono/zod-openapi";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { PageQuery } from "../../wire/common";
import { BacklinkList } from "../../wire/links";
import { json } from "../../http/responses";
import { ChangeRequestParams } from "../../wire/params";
import { listBacklinksOn } from "../../http/content-handlers";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/backlinks",
  operationId: "listChangeRequestPageBacklinks",
  tags: ["change-request-content"],
  summary: "List the pages linking to a change request page",
  request: { params: ChangeRequestParams.extend({ pageId: z.string().min(1) }), query: PageQuery },
  responses: { 200: json(BacklinkList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await listBacklinksOn(c), 200);
