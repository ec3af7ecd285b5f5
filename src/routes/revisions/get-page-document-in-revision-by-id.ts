import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { readPageDocument } from "../../services/revisions";
import { queryBoolean } from "../../wire/common";
import { json } from "../../http/responses";
import { ContentQuery, computedOpt } from "../../wire/content-query";
import { JSONDocumentSchema } from "../../wire/revision";
import { RevisionParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/document",
  operationId: "getPageDocumentInRevisionById",
  tags: ["revisions"],
  summary: "Get the document of a page of a revision",
  request: {
    params: RevisionParams.extend({ pageId: z.string().min(1) }),
    query: ContentQuery.extend({ evaluated: queryBoolean(false) }),
  },
  responses: { 200: json(JSONDocumentSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  return c.json(
    await readPageDocument(
      ctx,
      p.spaceId,
      { kind: "revision" as const, revisionId: p.revisionId },
      p.pageId,
      computedOpt(c),
    ),
    200,
  );
};
