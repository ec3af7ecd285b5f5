import { type AppRouteHandler, defineRoute } from "../../http/router";
import { SpaceParams } from "../../wire/params";
import { importBody, importResponses } from "./schemas";
import { importInto } from "./handlers";

export const route = defineRoute({
  method: "post",
  path: "/spaces/{spaceId}/content/import",
  operationId: "importContent",
  tags: ["imports"],
  summary: "Import content from a URL into the space (one new revision)",
  request: { params: SpaceParams, body: importBody },
  responses: importResponses,
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await importInto(c), 201);
