import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentFile } from "../../presenters/content";
import { readSignedFile } from "../../services/revisions";
import { json } from "../../http/responses";
import { ContentQuery } from "../../wire/content-query";
import { RevisionFileSchema } from "../../wire/revision";
import { RevisionParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/revisions/{revisionId}/files/{fileId}",
  operationId: "getFileInRevisionById",
  tags: ["revisions"],
  summary: "Get a file of a revision",
  request: { params: RevisionParams.extend({ fileId: z.string().min(1) }), query: ContentQuery },
  responses: { 200: json(RevisionFileSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await readSignedFile(ctx, p.spaceId, { kind: "revision" as const, revisionId: p.revisionId }, p.fileId);
  return c.json(presentFile(view), 200);
};
