import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentUser } from "../../presenters/user";
import { getAuthenticatedUser } from "../../services/people";
import { UserSchema } from "../../wire/user";

export const route = defineRoute({
  method: "get",
  path: "/user",
  operationId: "getAuthenticatedUser",
  authInFirstRead: true,
  tags: ["users"],
  summary: "Get profile of authenticated user",
  responses: { 200: json(UserSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  return c.json(presentUser(await getAuthenticatedUser(ctx), ctx.urls), 200);
};
