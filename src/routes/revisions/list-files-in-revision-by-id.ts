import { type AppRouteHandler, defineRoute } from "../../http/router";
import { PageQuery as PageRequestQuery } from "../../wire/common";
import { json } from "../../http/responses";
import { ContentQuery } from "../../wire/content-query";
import { FileList } from "../../wire/revision";
import { RevisionParams } from "../../wire/params";
import { listFilesOn } from "../../http/content-handlers";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/revisions/{revisionId}/files",
  operationId: "listFilesInRevisionById",
  anonymous: true,
  tags: ["revisions"],
  summary: "List the files of a revision",
  request: { params: RevisionParams, query: ContentQuery.extend(PageRequestQuery.shape) },
  responses: { 200: json(FileList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await listFilesOn(c), 200);
