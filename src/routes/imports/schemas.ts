import { z } from "@hono/zod-openapi";
import { json } from "../../http/responses";
import { ImportContentBody, ImportContentResultSchema } from "../../wire/import";

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
