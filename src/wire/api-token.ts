import { z } from "@hono/zod-openapi";
import { listEnvelope } from "./common";

export const ApiTokenSchema = z
  .object({
    object: z.literal("api-token"),
    id: z.string(),
    label: z.string(),
    prefix: z.string().openapi({ description: "The first characters of the token, to recognise it" }),
    createdAt: z.string(),
    lastUsedAt: z.string().optional(),
  })
  .openapi("ApiToken");
export type ApiToken = z.infer<typeof ApiTokenSchema>;

export const CreatedApiTokenSchema = ApiTokenSchema.extend({
  token: z.string().openapi({ description: "The secret. Shown only in this response; store it now." }),
}).openapi("CreatedApiToken");
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>;

export const ApiTokenList = listEnvelope(ApiTokenSchema, "ApiTokenList");
