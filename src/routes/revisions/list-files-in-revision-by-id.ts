import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { PageQuery as PageRequestQuery } from "../../wire/common";
import { presentFileList } from "../../presenters/content";
import { listFiles } from "../../services/revisions";
import { json } from "../../http/responses";
import { ContentQuery } from "../../wire/content-query";
import { FileList } from "../../wire/revision";
import { RevisionParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/revisions/{revisionId}/files",
  operationId: "listFilesInRevisionById",
  tags: ["revisions"],
  summary: "List the files of a revision",
  request: { params: RevisionParams, query: ContentQuery.extend(PageRequestQuery.shape) },
  responses: { 200: json(FileList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await listFiles(
    ctx,
    p.spaceId,
    { kind: "revision" as const, revisionId: p.revisionId },
    c.req.valid("query"),
  );
  return c.json(presentFileList(view), 200);
};
