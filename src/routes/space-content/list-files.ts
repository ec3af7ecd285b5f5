import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { PageQuery as PageRequestQuery } from "../../wire/common";
import { presentFileList } from "../../presenters/content";
import { listFiles } from "../../services/revisions";
import { json } from "../../http/responses";
import { ContentQuery } from "../../wire/content-query";
import { FileList } from "../../wire/revision";
import { SpaceParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/content/files",
  operationId: "listFiles",
  anonymous: true,
  tags: ["space-content"],
  summary: "List all space files",
  request: { params: SpaceParams, query: ContentQuery.extend(PageRequestQuery.shape) },
  responses: { 200: json(FileList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await listFiles(ctx, p.spaceId, { kind: "main" as const }, c.req.valid("query"));
  return c.json(presentFileList(view), 200);
};
