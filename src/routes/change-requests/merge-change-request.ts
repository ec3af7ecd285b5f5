import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { mergeChangeRequest } from "../../services/change-requests";
import { json } from "../../http/responses";
import { ChangeRequestParams } from "../../wire/params";

export const MergeResultSchema = z
  .object({
    revision: z.string(),
    result: z.enum(["merge", "conflicts"]),
    conflicts: z
      .array(z.object({ page: z.string().optional(), file: z.string().optional(), reason: z.string() }))
      .optional(),
  })
  .openapi("MergeResult");

export const route = defineRoute({
  method: "post",
  path: "/spaces/{spaceId}/change-requests/{changeRequestId}/merge",
  operationId: "mergeChangeRequest",
  tags: ["change-requests"],
  summary: "Merge a change request (three-way; conflicts change nothing)",
  request: { params: ChangeRequestParams },
  responses: { 200: json(MergeResultSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const p = c.req.valid("param");
  const result = await mergeChangeRequest(serviceContext(c), p.spaceId, p.changeRequestId);
  return c.json({ ...result, result: result.result === "conflicts" ? "conflicts" : "merge" } as const, 200);
};
