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

/** An issuer or endpoint: https, or http on a local host only (tests and development). */
export const IssuerSchema = z
  .string()
  .max(2048)
  .url()
  .refine((u) => {
    try {
      const url = new URL(u);
      if (url.username || url.password || url.search || url.hash) return false;
      if (url.protocol === "https:") return true;
      return url.protocol === "http:" && ["localhost", "127.0.0.1"].includes(url.hostname);
    } catch {
      return false;
    }
  }, "must be an https URL (http only on localhost) without credentials, query or fragment");

export const ClientIdSchema = z.string().min(1).max(512);
/** An OpenID client secret: at most 1 KiB. */
export const ClientSecretSchema = z
  .string()
  .min(1)
  .max(1024)
  .refine((s) => new TextEncoder().encode(s).length <= 1024, "at most 1 KiB");

/** A visitor claim's name, and the ID token claim (a dotted path) it is read from. */
const ClaimNameSchema = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, "a claim name ([A-Za-z_][A-Za-z0-9_]*)");
const ClaimPathSchema = z
  .string()
  .regex(/^[A-Za-z_:$][A-Za-z0-9_:$-]{0,63}(\.[A-Za-z_:$][A-Za-z0-9_:$-]{0,63}){0,7}$/, "a dotted claim path");

export const IdentityProviderInputSchema = z
  .discriminatedUnion("type", [
    z.object({
      type: z.literal("oidc"),
      issuer: IssuerSchema,
      clientId: ClientIdSchema,
      /** Required the first time; absent keeps the stored one. */
      clientSecret: ClientSecretSchema.optional(),
      scopes: z
        .array(z.string().regex(/^[\x21\x23-\x5B\x5D-\x7E]{1,64}$/, "a scope token"))
        .max(20)
        .refine((s) => s.includes("openid"), "must include openid")
        .optional(),
      claims: z
        .record(ClaimNameSchema, ClaimPathSchema)
        .refine((r) => Object.keys(r).length <= 32, "at most 32 claims")
        .optional(),
    }),
    z.object({ type: z.literal("saml"), provider: z.string().min(1).max(64) }),
  ])
  .openapi("QuireSiteIdentityProviderInput", {
    description:
      "Quire: sign visitors in through an OpenID Connect provider or one of the organization's SAML providers.",
  });

export const IdentityProviderViewSchema = z
  .discriminatedUnion("type", [
    z.object({
      type: z.literal("oidc"),
      issuer: z.string(),
      clientId: z.string(),
      clientSecretSet: z.boolean(),
      scopes: z.array(z.string()),
      claims: z.record(z.string(), z.string()),
    }),
    z.object({ type: z.literal("saml"), provider: z.string() }),
  ])
  .openapi("QuireSiteIdentityProvider");

export const PublishingAuthSchema = z
  .object({
    object: z.literal("publishing-auth"),
    backend: BackendSchema,
    privateKey: z.string().openapi({ description: "Signs (HS256) the visitor JWTs that open a visitor-auth site." }),
    fallbackURL: z.string().optional(),
    integration: z.string().optional(),
    identityProvider: IdentityProviderViewSchema.optional().openapi({
      description: "Quire: the identity provider visitors sign in with (never its secret).",
    }),
    redirectURL: z.string().optional().openapi({
      description:
        "Quire: the redirect URI to register at the OpenID provider (on a live custom host, the same path there).",
    }),
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
    identityProvider: IdentityProviderInputSchema.nullable().optional(),
  })
  .openapi("SitePublishingAuthUpdate");

export type ShareLink = z.infer<typeof ShareLinkSchema>;
export type ShareLinkList = z.infer<typeof ShareLinkList>;
export type CreateSiteShareLink = z.infer<typeof CreateShareLinkBody>;
export type UpdateSiteShareLink = z.infer<typeof UpdateShareLinkBody>;
export type SitePublishingAuth = z.infer<typeof PublishingAuthSchema>;
export type SitePublishingAuthUpdate = z.infer<typeof UpdatePublishingAuthBody>;
export type IdentityProviderInput = z.infer<typeof IdentityProviderInputSchema>;
export type IdentityProviderView = z.infer<typeof IdentityProviderViewSchema>;
