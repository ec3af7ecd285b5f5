import { z } from "@hono/zod-openapi";
import { ContentImportSourceSchema, ContentImportTargetSchema } from "../../wire/import-run";
import { OrganizationParams } from "../../wire/params";

export const ImportRunParams = OrganizationParams.extend({ importRunId: z.string().min(1).max(128) });

export const StartImportRunBody = z
  .object({
    source: ContentImportSourceSchema,
    target: ContentImportTargetSchema,
    site: z.string().min(1).max(128).optional(),
    enhance: z.boolean().optional().openapi({ description: "Accepted; Quire imports the content as it is" }),
  })
  .openapi("StartImportRunRequest");
