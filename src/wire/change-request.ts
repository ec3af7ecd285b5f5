import { z } from "@hono/zod-openapi";
import { listEnvelope } from "./common";
import { UserSchema } from "./user";

export const ChangeRequestSchema = z
  .object({
    object: z.literal("change-request"),
    id: z.string(),
    number: z.number(),
    status: z.enum(["draft", "open", "archived", "merged"]),
    subject: z.string(),
    createdBy: UserSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
    mergedAt: z.string().optional(),
    space: z.string().openapi({ description: "ID of the space in which the change request was created." }),
    revision: z.string(),
    revisionInitial: z.string(),
    revisionMergedAncestor: z.string().optional(),
    revisionMerged: z.string().optional(),
    comments: z.number(),
    outdated: z.boolean(),
    urls: z.object({ app: z.string(), location: z.string() }),
  })
  .openapi("ChangeRequest");
export type ChangeRequest = z.infer<typeof ChangeRequestSchema>;

export const ChangeRequestListSchema = listEnvelope(ChangeRequestSchema, "ChangeRequestList");
