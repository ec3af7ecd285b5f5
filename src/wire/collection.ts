import { z } from "@hono/zod-openapi";
import { listEnvelope } from "./common";
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
export type Collection = z.infer<typeof CollectionSchema>;

export const CollectionList = listEnvelope(CollectionSchema, "CollectionList");
export type CollectionList = z.infer<typeof CollectionList>;

export const CreateCollectionBody = z
  .object({ title: CollectionTitleSchema.optional(), parent: z.string().min(1).optional() })
  .openapi("CreateCollection");
export type CreateCollection = z.infer<typeof CreateCollectionBody>;

export const UpdateCollectionBody = z
  .object({
    title: CollectionTitleSchema.optional(),
    description: CollectionDescriptionSchema.optional(),
    defaultLevel: DefaultLevelSchema.optional(),
  })
  .openapi("UpdateCollection");
export type UpdateCollection = z.infer<typeof UpdateCollectionBody>;
