import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentUser } from "../../presenters/user";
import { updateOwnProfile } from "../../services/people";
import { UserSchema } from "../../wire/user";

const UpdateUserBody = z.object({
  displayName: z.string().trim().min(1).max(64).optional(),
  photoURL: z.url().max(2048).optional(),
});

export const route = defineRoute({
  method: "patch",
  path: "/users/{userId}",
  operationId: "updateUserById",
  tags: ["users"],
  summary: "Update a user by its ID (your own profile only)",
  request: {
    params: z.object({ userId: z.string() }),
    body: { required: true, content: { "application/json": { schema: UpdateUserBody } } },
  },
  responses: {
    200: json(UserSchema, "The user has been updated"),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const user = await updateOwnProfile(ctx, c.req.valid("param").userId, c.req.valid("json"));
  return c.json(presentUser(user, ctx.urls), 200);
};
