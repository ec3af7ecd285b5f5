import { type AppRouteHandler, defineRoute } from "../../http/router";
import { ChangeRequestParams } from "../../wire/params";
import { importBody, importResponses } from "./schemas";
import { importInto } from "./handlers";

export const route = defineRoute({
  method: "post",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content/import",
  operationId: "importContentInChangeRequest",
  tags: ["imports"],
  summary: "Import content from a URL into a change request",
  request: { params: ChangeRequestParams, body: importBody },
  responses: importResponses,
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await importInto(c), 201);
