import { type AppRouteHandler, defineRoute } from "../../http/router";
import { SpaceUserParams } from "./schemas";
import { removeFrom } from "./handlers";

export const route = defineRoute({
  method: "delete",
  path: "/spaces/{spaceId}/permissions/users/{userId}",
  operationId: "removeUserFromSpace",
  tags: ["spaces"],
  summary: "Remove a user from the space",
  description:
    "Takes back the user's grant on the space; 204 whether or not there was one. Needs `admin` on the space.",
  request: {
    params: SpaceUserParams,
  },
  responses: {
    204: { description: "The user no longer has a grant on the space" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  await removeFrom(c);
  return c.body(null, 204);
};
