import { z } from "@hono/zod-openapi";
import { TimestampSchema } from "./common";

export const UserSchema = z
  .object({
    object: z.literal("user"),
    id: z.string(),
    displayName: z.string(),
    email: z.string().optional(),
    photoURL: z.string().optional(),
    urls: z.object({ location: z.string() }),
  })
  .openapi("User");
export type User = z.infer<typeof UserSchema>;

/** A user with how many times they contributed (revisions, replies) and when last. */
export const UserContributorSchema = z
  .object({ updatedAt: TimestampSchema, count: z.number().int(), user: UserSchema })
  .openapi("UserContributor");
export type UserContributor = z.infer<typeof UserContributorSchema>;
