import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentImportRun } from "../../presenters/import-run";
import { cancelImportRun } from "../../services/imports";
import { ContentImportRunSchema } from "../../wire/import-run";
import { ImportRunParams } from "./run-schemas";

export const route = defineRoute({
  method: "post",
  path: "/org/{organizationId}/imports/{importRunId}/cancel",
  operationId: "cancelImportRun",
  tags: ["imports"],
  summary: "Cancel an import run",
  description:
    "`edit` on the target space. A pending run is cancelled at once; a running one stops before its next page " +
    "(`cancelRequested`), keeping the pages imported so far. 400 for a run that is over.",
  request: { params: ImportRunParams },
  responses: { 200: json(ContentImportRunSchema, "Import run canceled successfully.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const { organizationId, importRunId } = c.req.valid("param");
  return c.json(presentImportRun(await cancelImportRun(ctx, organizationId, importRunId), ctx.urls), 200);
};
