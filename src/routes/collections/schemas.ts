import { z } from "@hono/zod-openapi";
import { queryBoolean, listEnvelope, PageQuery } from "../../wire/common";
import { DefaultLevelSchema } from "../../wire/space";
import { CollectionDescriptionSchema, CollectionSchema, CollectionTitleSchema } from "../../wire/collection";

export const CollectionList = listEnvelope(CollectionSchema, "CollectionList");

export const CreateCollectionBody = z
  .object({ title: CollectionTitleSchema.optional(), parent: z.string().min(1).optional() })
  .openapi("CreateCollection");

export const UpdateCollectionBody = z
  .object({
    title: CollectionTitleSchema.optional(),
    description: CollectionDescriptionSchema.optional(),
    defaultLevel: DefaultLevelSchema.optional(),
  })
  .openapi("UpdateCollection");

export const ListCollectionsQuery = PageQuery.extend({ nested: queryBoolean(true) });
