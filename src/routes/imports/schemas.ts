import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { serviceContext } from "../../http/context";
import type { AppEnv } from "../../http/app-env";
import { IMPORT_SOURCES, importContent, type ImportTarget } from "../../services/imports";
import { json } from "../../http/responses";

export const ImportContentBody = z
  .object({
    url: z.url({ protocol: /^https?$/ }).max(2048),
    source: z.enum(IMPORT_SOURCES),
  })
  .openapi("ImportContent");

export const ImportContentResultSchema = z
  .object({ revision: z.string(), importedResources: z.number().int(), totalResources: z.number().int() })
  .openapi("ImportContentResult");

export const importBody = { required: true, content: { "application/json": { schema: ImportContentBody } } } as const;

export const importResponses = {
  201: {
    ...json(ImportContentResultSchema, "Content imported in a new revision"),
    headers: z.object({ Location: z.string().openapi({ description: "The new revision" }) }),
  },
  413: json(
    z.object({ error: z.object({ code: z.number(), message: z.string() }) }),
    "The source is larger than the import bounds",
  ),
  422: json(
    z.object({ error: z.object({ code: z.number(), message: z.string() }) }),
    "The source could not be fetched or read",
  ),
};

/** Shared handler body: runs the import and answers 201 with the revision's location. */
export async function respondWithImport(
  c: Context<AppEnv>,
  spaceId: string,
  target: ImportTarget,
  body: z.infer<typeof ImportContentBody>,
) {
  const ctx = serviceContext(c);
  const result = await importContent(ctx, spaceId, target, body);
  c.header("Location", `${ctx.urls.api}/v1/spaces/${spaceId}/revisions/${result.revision}`);
  return c.json(result, 201);
}
