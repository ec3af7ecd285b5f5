import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { updateChangeRequestFromMain } from "../../services/change-requests";
import { json } from "../../http/responses";
import { ChangeRequestParams } from "../../wire/params";

const UpdateResultSchema = z
  .object({
    revision: z.string(),
    result: z.enum(["update", "conflicts"]),
    conflicts: z
      .array(z.object({ page: z.string().optional(), file: z.string().optional(), reason: z.string() }))
      .optional(),
  })
  .openapi("UpdateResult");

export const route = defineRoute({
  method: "post",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/update",
  operationId: "updateChangeRequest",
  tags: ["change-requests"],
  summary: "Pull the primary content into the change request (three-way; conflicts change nothing)",
  request: { params: ChangeRequestParams },
  responses: { 200: json(UpdateResultSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const result = await updateChangeRequestFromMain(serviceContext(c), p.spaceId, p.changeRequestId);
  return c.json({ ...result, result: result.result === "conflicts" ? "conflicts" : "update" } as const, 200);
};
