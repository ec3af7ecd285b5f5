import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { errorResponses } from "../../http/errors";
import { json } from "../../http/responses";
import { presentSpace } from "../../presenters/space";
import { transferSpace } from "../../services/spaces";
import { SpaceParams } from "../../wire/params";
import { SpaceSchema, TransferBody } from "../../wire/space";

export const route = defineRoute({
  method: "post",
  path: "/spaces/{spaceId}/transfer",
  operationId: "transferSpace",
  tags: ["spaces"],
  summary: "Transfer a space",
  description:
    "Moves the space (admins) to the top level of another organization where the caller has `create`. 412 for its own organization.",
  request: {
    params: SpaceParams,
    body: { required: true, content: { "application/json": { schema: TransferBody } } },
  },
  responses: {
    200: json(SpaceSchema, "Space transferred"),
    ...errorResponses(409, 412),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const view = await transferSpace(ctx, c.req.valid("param").spaceId, c.req.valid("json").organization);
  return c.json(presentSpace(view, ctx.urls), 200);
};
