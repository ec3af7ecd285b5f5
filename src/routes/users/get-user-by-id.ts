import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentUser } from "../../presenters/user";
import { getVisibleUser } from "../../services/people";
import { UserSchema } from "../../wire/user";

export const route = defineRoute({
  method: "get",
  path: "/users/{userId}",
  operationId: "getUserById",
  tags: ["users"],
  summary: "Get a user by its ID",
  request: { params: z.object({ userId: z.string() }) },
  responses: { 200: json(UserSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const user = await getVisibleUser(ctx, c.req.valid("param").userId);
  return c.json(presentUser(user, ctx.urls), 200);
};
