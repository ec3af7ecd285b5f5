import { z } from "@hono/zod-openapi";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { ContentQuery, DocumentQuery } from "../../wire/content-query";
import { JSONDocumentSchema } from "../../wire/revision";
import { RevisionParams } from "../../wire/params";
import { getReusableContentDocumentOn } from "../../http/content-handlers";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/revisions/{revisionId}/reusable-contents/{reusableContentId}/document",
  operationId: "getReusableContentDocumentInRevisionById",
  anonymous: true,
  tags: ["revisions"],
  summary: "Get the document of a reusable content of a revision",
  request: {
    params: RevisionParams.extend({ reusableContentId: z.string().min(1) }),
    query: ContentQuery.merge(DocumentQuery),
  },
  responses: { 200: json(JSONDocumentSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await getReusableContentDocumentOn(c), 200);
