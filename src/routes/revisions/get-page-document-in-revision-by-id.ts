import { z } from "@hono/zod-openapi";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { ContentQuery, DocumentQuery } from "../../wire/content-query";
import { JSONDocumentSchema } from "../../wire/revision";
import { RevisionParams } from "../../wire/params";
import { getPageDocumentOn } from "../../http/content-handlers";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/document",
  operationId: "getPageDocumentInRevisionById",
  anonymous: true,
  tags: ["revisions"],
  summary: "Get the document of a page of a revision",
  request: {
    params: RevisionParams.extend({ pageId: z.string().min(1) }),
    query: ContentQuery.merge(DocumentQuery),
  },
  responses: { 200: json(JSONDocumentSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await getPageDocumentOn(c), 200);
