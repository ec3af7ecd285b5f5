import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentToken } from "../../presenters/token";
import { createOwnToken } from "../../services/people";
import { CreatedApiTokenSchema } from "../../wire/api-token";

export const route = defineRoute({
  method: "post",
  path: "/user/tokens",
  operationId: "createApiToken",
  tags: ["users"],
  summary: "Create a personal API token (Quire)",
  description: "The secret is returned once in `token`; only its SHA-256 is stored.",
  request: {
    body: {
      required: true,
      content: { "application/json": { schema: z.object({ label: z.string().trim().min(1).max(50) }) } },
    },
  },
  responses: {
    201: json(CreatedApiTokenSchema, "The token has been created"),
  },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { row, secret } = await createOwnToken(ctx, c.req.valid("json").label);
  return c.json({ ...presentToken(row), token: secret }, 201);
};
