import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentLinkList } from "../../presenters/links";
import { listLinks } from "../../services/links";
import { LinkList, LinkQuery } from "../../wire/links";
import { json } from "../../http/responses";
import { ChangeRequestParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/links",
  operationId: "listPageLinksInChangeRequest",
  tags: ["change-request-content"],
  summary: "List the links of a change request page",
  request: { params: ChangeRequestParams.extend({ pageId: z.string().min(1) }), query: LinkQuery },
  responses: { 200: json(LinkList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await listLinks(
    ctx,
    p.spaceId,
    { kind: "change-request", ref: p.changeRequestId },
    c.req.valid("query"),
    p.pageId,
  );
  return c.json(presentLinkList(ctx, view), 200);
};
