import { z } from "@hono/zod-openapi";

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
