import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { json } from "../../http/responses";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { computeDocument } from "../../services/revisions";
import { JSONDocumentSchema } from "../../wire/revision";
import { SpaceParams } from "../../wire/params";
import { ComputedDocumentBody } from "../../wire/computed";

export const route = defineRoute({
  method: "post",
  path: "/spaces/{spaceId}/content/computed/document",
  operationId: "getComputedDocument",
  tags: ["space-content"],
  summary: "Get a space computed document",
  description:
    "One document generated from a `builtin:openapi` source: `props.doc` `operations` (the operations of the " +
    "tag named by `page`), `info` (the spec's info and servers) or `models`. An unknown, unprocessed or " +
    "unreadable spec, or an unknown tag, gives an empty document with the reason in `data.reason`.",
  request: {
    params: SpaceParams,
    query: z.object({ schema: z.enum(["current", "next"]).optional() }),
    body: { required: true, content: { "application/json": { schema: ComputedDocumentBody } } },
  },
  responses: { 200: json(JSONDocumentSchema, "Document computed") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  return c.json(await computeDocument(ctx, c.req.valid("param").spaceId, c.req.valid("json")), 200);
};
