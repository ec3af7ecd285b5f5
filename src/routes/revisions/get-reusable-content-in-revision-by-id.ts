import { z } from "@hono/zod-openapi";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { ContentQuery } from "../../wire/content-query";
import { ReusableContentSchema } from "../../wire/revision";
import { RevisionParams } from "../../wire/params";
import { getReusableContentOn } from "../../http/content-handlers";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}/revisions/{revisionId}/reusable-contents/{reusableContentId}",
  operationId: "getReusableContentInRevisionById",
  anonymous: true,
  tags: ["revisions"],
  summary: "Get a reusable content of a revision",
  request: { params: RevisionParams.extend({ reusableContentId: z.string().min(1) }), query: ContentQuery },
  responses: { 200: json(ReusableContentSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.json(await getReusableContentOn(c), 200);
