import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentLinkList } from "../../presenters/links";
import { listLinks } from "../../services/links";
import { LinkList, LinkQuery } from "../../wire/links";
import { json } from "../../http/responses";
import { SpaceParams } from "../../wire/params";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/links",
  operationId: "listSpaceLinks",
  tags: ["spaces"],
  summary: "Get all links in a space with their status and where they appear",
  request: { params: SpaceParams, query: LinkQuery },
  responses: { 200: json(LinkList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const view = await listLinks(ctx, p.spaceId, { kind: "main" }, c.req.valid("query"));
  return c.json(presentLinkList(ctx, view), 200);
};
