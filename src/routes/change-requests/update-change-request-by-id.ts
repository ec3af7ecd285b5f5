import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { presentChangeRequest } from "../../presenters/change-request";
import { updateChangeRequest } from "../../services/change-requests";
import { json } from "../../http/responses";
import { ChangeRequestParams } from "../../wire/params";
import {
  ChangeRequestDescriptionInput,
  ChangeRequestFormatQuery,
  ChangeRequestSchema,
  descriptionMarkdown,
} from "../../wire/change-request";

export const route = defineRoute({
  method: "patch",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}",
  operationId: "updateChangeRequestById",
  tags: ["change-requests"],
  summary: "Update a change request's subject, description or status",
  request: {
    params: ChangeRequestParams,
    query: ChangeRequestFormatQuery,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.object({
            subject: z.string().max(100).optional(),
            description: ChangeRequestDescriptionInput.optional(),
            status: z.enum(["draft", "open", "archived"]).optional(),
          }),
        },
      },
    },
  },
  responses: { 200: json(ChangeRequestSchema, "The change request has been updated") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const p = c.req.valid("param");
  const { description, ...body } = c.req.valid("json");
  const patch = { ...body, ...(description !== undefined ? { description: descriptionMarkdown(description) } : {}) };
  const updated = await updateChangeRequest(ctx, p.spaceId, p.changeRequestId, patch);
  return c.json(presentChangeRequest(ctx, updated, c.req.valid("query")), 200);
};
