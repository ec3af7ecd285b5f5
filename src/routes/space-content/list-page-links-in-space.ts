import { z } from "@hono/zod-openapi";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { LinkList, LinkQuery } from "../../wire/links";
import { json } from "../../http/responses";
import { SpaceParams } from "../../wire/params";
import { listLinksOn } from "../../http/content-handlers";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/content/page/{pageId}/links",
  operationId: "listPageLinksInSpace",
  tags: ["space-content"],
  summary: "List the links of a space page",
  request: { params: SpaceParams.extend({ pageId: z.string().min(1) }), query: LinkQuery },
  responses: { 200: json(LinkList) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await listLinksOn(c), 200);
