import { z } from "@hono/zod-openapi";
import { IMPORT_SOURCES } from "../services/imports";

export const ImportContentBody = z
  .object({
    url: z.url({ protocol: /^https?$/ }).max(2048),
    source: z.enum(IMPORT_SOURCES),
  })
  .openapi("ImportContent");

export const ImportContentResultSchema = z
  .object({ revision: z.string(), importedResources: z.number().int(), totalResources: z.number().int() })
  .openapi("ImportContentResult");

export type ImportContent = z.infer<typeof ImportContentBody>;
export type ImportContentResult = z.infer<typeof ImportContentResultSchema>;
