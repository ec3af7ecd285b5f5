import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentSpace } from "../../presenters/space";
import { updateSpace } from "../../services/spaces";
import { SpaceParams } from "../../wire/params";
import { SpaceSchema, UpdateSpaceBody } from "../../wire/space";

export const route = defineRoute({
  method: "patch",
  path: "/spaces/{spaceId}",
  operationId: "updateSpaceById",
  tags: ["spaces"],
  summary: "Update a space",
  description: "Title, emoji, icon and language need `edit`; `editMode` and `defaultLevel` need `admin`.",
  request: {
    params: SpaceParams,
    body: { required: true, content: { "application/json": { schema: UpdateSpaceBody } } },
  },
  responses: {
    200: json(SpaceSchema, "The space has been updated"),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const view = await updateSpace(ctx, c.req.valid("param").spaceId, c.req.valid("json"));
  return c.json(presentSpace(view, ctx.urls), 200);
};
