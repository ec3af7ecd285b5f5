import { z } from "@hono/zod-openapi";

/**
 * The reference's JSONDocument as Quire answers it: blocks converted from stored markdown. Its own module so that
 * both revision.ts (page documents) and change-request.ts (descriptions) name it without importing each other.
 */
export const JSONDocumentSchema = z
  .object({ object: z.literal("document"), data: z.record(z.string(), z.unknown()), nodes: z.array(z.any()) })
  .openapi("JSONDocument");
