import { type AppRouteHandler, defineRoute } from "../../http/router";
import { ChangeRequestParams } from "../../wire/params";
import { importBody, importResponses } from "./schemas";
import { respondWithImport } from "./handlers";

export const route = defineRoute({
  method: "post",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content/import",
  operationId: "importContentInChangeRequest",
  tags: ["imports"],
  summary: "Import content from a URL into a change request",
  request: { params: ChangeRequestParams, body: importBody },
  responses: importResponses,
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param") as { spaceId: string; changeRequestId?: string; pageId?: string };
  return respondWithImport(
    c,
    p.spaceId,
    { changeRequest: p.changeRequestId, pageId: p.pageId },
    c.req.valid("json"),
  ) as never;
};
