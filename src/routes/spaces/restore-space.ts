import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentSpace } from "../../presenters/space";
import { restoreSpace } from "../../services/spaces";
import { SpaceParams } from "../../wire/params";
import { SpaceSchema } from "../../wire/space";

export const route = defineRoute({
  method: "post",
  path: "/spaces/{spaceId}/restore",
  operationId: "restoreSpace",
  tags: ["spaces"],
  summary: "Restore a deleted space",
  description: "Only spaces deleted in the last 7 days can be restored (412 otherwise).",
  request: { params: SpaceParams },
  responses: { 200: json(SpaceSchema, "Space restored") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  return c.json(presentSpace(await restoreSpace(ctx, c.req.valid("param").spaceId), ctx.urls), 200);
};
