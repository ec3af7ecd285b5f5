import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentPageListJson } from "../../presenters/content";
import { listPages } from "../../services/revisions";
import { encodedJson, json } from "../../http/responses";
import { ContentQuery, computedOpt } from "../../wire/content-query";
import { PagesSchema } from "../../wire/revision";
import { RevisionParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/revisions/{revisionId}/pages",
  operationId: "listPagesInRevisionById",
  tags: ["revisions"],
  summary: "List the pages of a revision",
  request: { params: RevisionParams, query: ContentQuery },
  responses: { 200: json(PagesSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await listPages(ctx, p.spaceId, { kind: "revision" as const, revisionId: p.revisionId }, computedOpt(c));
  return encodedJson(c, presentPageListJson(ctx, p.spaceId, view));
};
