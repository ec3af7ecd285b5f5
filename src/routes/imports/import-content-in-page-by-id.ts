import { z } from "@hono/zod-openapi";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { SpaceParams } from "../../wire/params";
import { importBody, importResponses } from "./schemas";
import { respondWithImport } from "./handlers";

export const route = defineRoute({
  method: "post",
  path: "/spaces/{spaceId}/content/page/{pageId}/import",
  operationId: "importContentInPageById",
  tags: ["imports"],
  summary: "Import content from a URL under a page of the space",
  request: { params: SpaceParams.extend({ pageId: z.string().min(1) }), body: importBody },
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
