import { z } from "@hono/zod-openapi";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { ChangeRequestParams } from "../../wire/params";
import { importBody, importResponses } from "./schemas";
import { importInto } from "./handlers";

export const route = defineRoute({
  method: "post",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/import",
  operationId: "importContentInChangeRequestPageById",
  tags: ["imports"],
  summary: "Import content from a URL under a page of a change request",
  request: { params: ChangeRequestParams.extend({ pageId: z.string().min(1) }), body: importBody },
  responses: importResponses,
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await importInto(c), 201);
