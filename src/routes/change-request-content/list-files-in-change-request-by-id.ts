import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { PageQuery as PageRequestQuery } from "../../wire/common";
import { presentFileList } from "../../presenters/content";
import { listFiles } from "../../services/revisions";
import { json } from "../../http/responses";
import { ChangeRequestParams } from "../../wire/params";
import { ContentQuery } from "../../wire/content-query";
import { FileList } from "../../wire/revision";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content/files",
  operationId: "listFilesInChangeRequestById",
  tags: ["change-request-content"],
  summary: "List the files of a change request",
  request: { params: ChangeRequestParams, query: ContentQuery.extend(PageRequestQuery.shape) },
  responses: { 200: json(FileList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await listFiles(
    ctx,
    p.spaceId,
    { kind: "change-request" as const, ref: p.changeRequestId },
    c.req.valid("query"),
  );
  return c.json(presentFileList(view), 200);
};
