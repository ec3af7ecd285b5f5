import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentFile } from "../../presenters/content";
import { readSignedFile } from "../../services/revisions";
import { json } from "../../http/responses";
import { ChangeRequestParams } from "../../wire/params";
import { ContentQuery } from "../../wire/content-query";
import { RevisionFileSchema } from "../../wire/revision";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}",
  operationId: "getFileInChangeRequestById",
  tags: ["change-request-content"],
  summary: "Get a file of a change request",
  request: { params: ChangeRequestParams.extend({ fileId: z.string().min(1) }), query: ContentQuery },
  responses: { 200: json(RevisionFileSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await readSignedFile(
    ctx,
    p.spaceId,
    { kind: "change-request" as const, ref: p.changeRequestId },
    p.fileId,
  );
  return c.json(presentFile(view), 200);
};
