import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { readReusableContentDocument } from "../../services/revisions";
import { json } from "../../http/responses";
import { ContentQuery } from "../../wire/content-query";
import { JSONDocumentSchema } from "../../wire/revision";
import { RevisionParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/revisions/{revisionId}/reusable-contents/{reusableContentId}/document",
  operationId: "getReusableContentDocumentInRevisionById",
  tags: ["revisions"],
  summary: "Get the document of a reusable content of a revision",
  request: { params: RevisionParams.extend({ reusableContentId: z.string().min(1) }), query: ContentQuery },
  responses: { 200: json(JSONDocumentSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  return c.json(
    await readReusableContentDocument(
      ctx,
      p.spaceId,
      { kind: "revision" as const, revisionId: p.revisionId },
      p.reusableContentId,
    ),
    200,
  );
};
