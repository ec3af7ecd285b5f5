import { type AppRouteHandler, defineRoute } from "../../http/router";
import { PageQuery as PageRequestQuery } from "../../wire/common";
import { json } from "../../http/responses";
import { ChangeRequestParams } from "../../wire/params";
import { ContentQuery } from "../../wire/content-query";
import { FileList } from "../../wire/revision";
import { listFilesOn } from "../../http/content-handlers";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content/files",
  operationId: "listFilesInChangeRequestById",
  tags: ["change-request-content"],
  summary: "List the files of a change request",
  request: { params: ChangeRequestParams, query: ContentQuery.extend(PageRequestQuery.shape) },
  responses: { 200: json(FileList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await listFilesOn(c), 200);
