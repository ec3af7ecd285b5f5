import { type AppRouteHandler, defineRoute } from "../../http/router";
import { inviteBody } from "./schemas";
import { SpaceParams } from "../../wire/params";
import { inviteTo } from "./handlers";

export const route = defineRoute({
  method: "post",
  path: "/spaces/{spaceId}/permissions",
  operationId: "inviteToSpace",
  tags: ["spaces"],
  summary: "Invite users or teams to a space",
  description:
    "Grants `role` on the space (and, for a collection, everything under it) to members of its organization (guests included) and its teams; 400 naming any other. `role: null` takes the grant back. Needs `admin` on the space.",
  request: {
    params: SpaceParams,
    body: inviteBody,
  },
  responses: {
    204: { description: "OK" },
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => c.body(null, await inviteTo(c));
