import { z } from "@hono/zod-openapi";
import { IMPORT_SOURCES } from "../../services/imports";
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
