import { type AppRouteHandler, defineRoute } from "../../http/router";
import { LinkList, LinkQuery } from "../../wire/links";
import { json } from "../../http/responses";
import { SpaceParams } from "../../wire/params";
import { listLinksOn } from "../../http/content-handlers";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/links",
  operationId: "listSpaceLinks",
  tags: ["spaces"],
  summary: "Get all links in a space with their status and where they appear",
  request: { params: SpaceParams, query: LinkQuery },
  responses: { 200: json(LinkList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await listLinksOn(c), 200);
