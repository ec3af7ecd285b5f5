import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { errorResponses } from "../../http/errors";
import { json } from "../../http/responses";
import { presentSpace } from "../../presenters/space";
import { moveSpace } from "../../services/spaces";
import { MoveBody, SpaceSchema } from "../../wire/space";
import { SpaceParams } from "../../wire/params";

export const route = defineRoute({
  method: "post",
  path: "/spaces/{spaceId}/move",
  operationId: "moveSpace",
  tags: ["spaces"],
  summary: "Move a space to a new position",
  description:
    "`parent`: a collection, or null for the top level (omitted: unchanged). `position`: before/after a sibling in the target parent (default: last).",
  request: {
    params: SpaceParams,
    body: { required: false, content: { "application/json": { schema: MoveBody } } },
  },
  responses: {
    200: json(SpaceSchema, "Space moved"),
    ...errorResponses(409),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const view = await moveSpace(ctx, c.req.valid("param").spaceId, c.req.valid("json") ?? {});
  return c.json(presentSpace(view, ctx.urls), 200);
};
