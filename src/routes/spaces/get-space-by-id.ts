import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentSpace } from "../../presenters/space";
import { getSpace } from "../../services/spaces";
import { SpaceParams } from "../../wire/params";
import { SpaceSchema } from "../../wire/space";

export const route = defineRoute({
  method: "get",
  path: "/spaces/{spaceId}",
  operationId: "getSpaceById",
  authInFirstRead: true,
  tags: ["spaces"],
  summary: "Get a space by its ID",
  description:
    "Anonymous callers may read spaces published on public and unlisted sites, on share-link sites with a share " +
    "key (`shareKey`), and on visitor-auth sites with a visitor JWT (`X-Quire-Visitor-Token`).",
  anonymous: true,
  request: {
    params: SpaceParams,
    query: z.object({
      shareKey: z
        .string()
        .max(200)
        .optional()
        .openapi({ description: "A share key of a share-link site that publishes the space." }),
    }),
  },
  responses: { 200: json(SpaceSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const view = await getSpace(ctx, c.req.valid("param").spaceId);
  return c.json(presentSpace(view, ctx.urls), 200);
};
