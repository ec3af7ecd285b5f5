import { z } from "@hono/zod-openapi";
import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { mapPage } from "../../lib/pagination";
import { presentImportRun } from "../../presenters/import-run";
import { listImportRuns } from "../../services/imports";
import { PageQuery } from "../../wire/common";
import { ContentImportRunListSchema } from "../../wire/import-run";
import { OrganizationParams } from "../../wire/params";

const Id = z.string().min(1).max(128);

export const route = defineRoute({
  method: "get",
  path: "/org/{organizationId}/imports",
  operationId: "listImportRuns",
  tags: ["imports"],
  summary: "List the import runs of an organization",
  description: "Runs into the spaces the caller may see, most recent first. `active`: `pending` or `in-progress`.",
  request: {
    params: OrganizationParams,
    query: PageQuery.extend({
      space: Id.optional(),
      changeRequest: Id.optional(),
      site: Id.optional(),
      status: z.enum(["active", "pending", "in-progress", "completed", "failed", "cancelled"]).optional(),
    }),
  },
  responses: { 200: json(ContentImportRunListSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const page = await listImportRuns(ctx, c.req.valid("param").organizationId, c.req.valid("query"));
  return c.json(
    mapPage(page, (run) => presentImportRun(run, ctx.urls)),
    200,
  );
};
