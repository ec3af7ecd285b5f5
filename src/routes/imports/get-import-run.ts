import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentImportRun } from "../../presenters/import-run";
import { getImportRun } from "../../services/imports";
import { ContentImportRunSchema } from "../../wire/import-run";
import { ImportRunParams } from "./run-schemas";

export const route = defineRoute({
  method: "get",
  path: "/org/{organizationId}/imports/{importRunId}",
  operationId: "getImportRun",
  tags: ["imports"],
  summary: "Get an import run",
  description: "Its status, progress and pages; for members who may see the target space.",
  request: { params: ImportRunParams },
  responses: { 200: json(ContentImportRunSchema) },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId, importRunId } = c.req.valid("param");
  return c.json(presentImportRun(await getImportRun(ctx, organizationId, importRunId), ctx.urls), 200);
};
