import { z } from "@hono/zod-openapi";
import { ComputedDocumentSource, ComputedRevisionSource } from "../content/computed";
import { ReusableContentSchema, RevisionFileSchema, RevisionPageSchema } from "./revision";
import { named } from "./named-schema";

const Seed = z
  .string()
  .min(1)
  .max(256)
  .openapi({ description: "Seed of the computation: the same seed gives the same ids." });

export const ComputedRevisionBody = z
  .object({ source: named(ComputedRevisionSource, "ComputedContentSourceRevisionOpenAPI"), seed: Seed })
  .openapi("ComputedRevisionRequest");

export const ComputedDocumentBody = z
  .object({ source: named(ComputedDocumentSource, "ComputedContentSourceDocumentOpenAPI"), seed: Seed })
  .openapi("ComputedDocumentRequest");

export const ComputedRevisionSchema = z
  .object({
    pages: z.array(RevisionPageSchema),
    files: z.array(RevisionFileSchema),
    reusableContents: z.array(ReusableContentSchema),
    reason: z
      .string()
      .optional()
      .openapi({ description: "Why nothing was computed (unknown, unprocessed or unreadable spec)." }),
  })
  .openapi("ComputedRevision");
export type ComputedRevision = z.infer<typeof ComputedRevisionSchema>;
