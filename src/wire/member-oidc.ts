import { z } from "@hono/zod-openapi";
import { MemberRoleOrGuestSchema, TimestampSchema } from "./common";
import { ClientIdSchema, ClientSecretSchema, IssuerSchema } from "./site-access";

// Quire: an organization's OpenID Connect provider for its members (beside its SAML providers).

export const SetMemberOidcProviderBody = z
  .object({
    label: z.string().trim().min(1).max(30),
    issuer: IssuerSchema,
    clientId: ClientIdSchema,
    clientSecret: ClientSecretSchema.optional().openapi({
      description:
        "Required for a new client (another issuer or client id); absent keeps the stored one. Never answered.",
    }),
    defaultRole: MemberRoleOrGuestSchema.optional().openapi({
      description: "The role of people created at their first sign-in (default `read`; null: guest).",
    }),
  })
  .openapi("QuireSetOrganizationOIDCProvider");
export type SetOrganizationOIDCProvider = z.infer<typeof SetMemberOidcProviderBody>;

export const MemberOidcProviderSchema = z
  .object({
    object: z.literal("oidc-provider"),
    label: z.string(),
    issuer: z.string(),
    clientId: z.string(),
    clientSecretSet: z.boolean(),
    defaultRole: MemberRoleOrGuestSchema,
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
    service: z
      .object({ redirectURL: z.string(), startURL: z.string() })
      .openapi({ description: "The redirect URI to register at the provider, and where members start signing in." }),
    urls: z.object({ location: z.string() }),
  })
  .openapi("QuireOrganizationOIDCProvider");
export type OrganizationOIDCProvider = z.infer<typeof MemberOidcProviderSchema>;
