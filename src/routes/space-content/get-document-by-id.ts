import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { readDocument } from "../../services/revisions";
import { json } from "../../http/responses";
import { JSONDocumentSchema } from "../../wire/revision";
import { SpaceParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/documents/{documentId}",
  operationId: "getDocumentById",
  anonymous: true,
  tags: ["space-content"],
  summary: "Get a document by its ID (a page's `documentId`)",
  request: {
    params: SpaceParams.extend({ documentId: z.string().min(1) }),
    query: z.object({ schema: z.enum(["current", "next"]).default("current") }),
  },
  responses: { 200: json(JSONDocumentSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  return c.json(await readDocument(serviceContext(c), p.spaceId, p.documentId), 200);
};
