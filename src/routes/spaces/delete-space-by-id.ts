import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { deleteSpace } from "../../services/spaces";
import { SpaceParams } from "../../wire/params";

export const route = defineRoute({
  method: "delete",
  path: "/spaces/{spaceId}",
  operationId: "deleteSpaceById",
  tags: ["spaces"],
  summary: "Delete a space",
  description: "Moves the space to the trash (admins). Deleted spaces are permanently removed after 7 days.",
  request: { params: SpaceParams },
  responses: { 204: { description: "Deleted (or did not exist)" } },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  await deleteSpace(serviceContext(c), c.req.valid("param").spaceId);
  return c.body(null, 204);
};
