import { z } from "@hono/zod-openapi";
import { listEnvelope, TimestampSchema } from "./common";

// A site's share links and its publishing auth (visitor authentication).

const ShareLinkNameSchema = z.string().max(50).openapi("ShareLinkName");

export const ShareLinkSchema = z
  .object({
    object: z.literal("share-link"),
    id: z.string(),
    createdAt: TimestampSchema,
    name: ShareLinkNameSchema,
    active: z.boolean(),
    key: z.string().openapi({ description: "Quire: the share key (`shareKey`) that opens the site." }),
    urls: z.object({ published: z.string() }),
  })
  .openapi("ShareLink");
export const ShareLinkList = listEnvelope(ShareLinkSchema, "ShareLinkList");

export const CreateShareLinkBody = z.object({ name: ShareLinkNameSchema }).openapi("CreateSiteShareLink");
export const UpdateShareLinkBody = z
  .object({ active: z.boolean().optional(), name: ShareLinkNameSchema.optional() })
  .openapi("UpdateSiteShareLink");

const BackendSchema = z.enum(["custom", "integration"]);

export const PublishingAuthSchema = z
  .object({
    object: z.literal("publishing-auth"),
    backend: BackendSchema,
    privateKey: z.string().openapi({ description: "Signs (HS256) the visitor JWTs that open a visitor-auth site." }),
    fallbackURL: z.string().optional(),
    integration: z.string().optional(),
  })
  .openapi("SitePublishingAuth");

export const UpdatePublishingAuthBody = z
  .object({
    backend: BackendSchema,
    fallbackURL: z
      .string()
      .max(2048)
      .url()
      .refine((u) => /^https?:/i.test(u), "must be an http(s) URL")
      .nullable()
      .optional(),
  })
  .openapi("SitePublishingAuthUpdate");

export type ShareLink = z.infer<typeof ShareLinkSchema>;
export type ShareLinkList = z.infer<typeof ShareLinkList>;
export type CreateSiteShareLink = z.infer<typeof CreateShareLinkBody>;
export type UpdateSiteShareLink = z.infer<typeof UpdateShareLinkBody>;
export type SitePublishingAuth = z.infer<typeof PublishingAuthSchema>;
export type SitePublishingAuthUpdate = z.infer<typeof UpdatePublishingAuthBody>;
