import { serviceContext } from "../../http/context";
import { type AppRouteHandler, defineRoute } from "../../http/router";
import { json } from "../../http/responses";
import { presentImportRun } from "../../presenters/import-run";
import { startImportRun } from "../../services/imports";
import { ContentImportRunSchema } from "../../wire/import-run";
import { OrganizationParams } from "../../wire/params";
import { StartImportRunBody } from "../../wire/import-run";

export const route = defineRoute({
  method: "post",
  path: "/org/{organizationId}/imports",
  operationId: "startImportRun",
  tags: ["imports"],
  summary: "Import content into a space from a website or uploaded files",
  description:
    "Runs as a queue job: a website (its page and the same-site pages it links to, within the import bounds) or " +
    "up to 50 files uploaded with generateStorageUploadURL (kind `import_file`: .html, .md, .txt, .docx, .zip), " +
    "written page by page into `target.space` (`edit` needed) or, without it, a new space (`create` needed). " +
    "Private and loopback hosts are refused (400).",
  request: {
    params: OrganizationParams,
    body: { required: true, content: { "application/json": { schema: StartImportRunBody } } },
  },
  responses: { 201: json(ContentImportRunSchema, "Import run created successfully.") },
});

export const handler: AppRouteHandler<typeof route> = async (c) => {
  const ctx = serviceContext(c);
  const run = await startImportRun(ctx, c.req.valid("param").organizationId, c.req.valid("json"));
  return c.json(presentImportRun(run, ctx.urls), 201);
};
