import { z } from "@hono/zod-openapi";
import { DefaultLevelSchema } from "./space";

export const CollectionTitleSchema = z.string().max(50).openapi("CollectionTitle");
export const CollectionDescriptionSchema = z.string().max(100).openapi("CollectionDescription");

export const CollectionSchema = z
  .object({
    object: z.literal("collection"),
    id: z.string(),
    title: CollectionTitleSchema,
    description: CollectionDescriptionSchema.optional(),
    organization: z.string(),
    parent: z.string().optional(),
    defaultLevel: DefaultLevelSchema,
    urls: z.object({ location: z.string(), app: z.string() }),
    permissions: z.object({ view: z.boolean(), admin: z.boolean(), viewInviteLinks: z.boolean(), create: z.boolean() }),
  })
  .openapi("Collection");
