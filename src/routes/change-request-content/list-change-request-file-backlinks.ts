import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { PageQuery } from "../../wire/common";
import { presentBacklinkList } from "../../presenters/links";
import { listBacklinks } from "../../services/links";
import { BacklinkList } from "../../wire/links";
import { json } from "../../http/responses";
import { ChangeRequestParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}/backlinks",
  operationId: "listChangeRequestFileBacklinks",
  tags: ["change-request-content"],
  summary: "List the pages linking to a change request file",
  request: { params: ChangeRequestParams.extend({ fileId: z.string().min(1) }), query: PageQuery },
  responses: { 200: json(BacklinkList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await listBacklinks(
    ctx,
    p.spaceId,
    { kind: "change-request", ref: p.changeRequestId },
    { file: p.fileId },
    c.req.valid("query"),
  );
  return c.json(presentBacklinkList(ctx, view), 200);
};
