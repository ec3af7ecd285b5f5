import { and, eq } from "drizzle-orm";
import { samlProviders } from "../../db/schema";
import { badRequest } from "../../lib/errors";
import { openSealed, sealSecret } from "../access";
import type { ServiceContext } from "../core";

/**
 * A visitor-auth site's identity provider: instead of a JWT minted by the customer's backend, visitors sign in
 * through an OpenID Connect provider or one of the organization's SAML providers (services/sso/site-*.ts), and
 * come back with the site's visitor cookie. Stored as JSON in `site_publishing_auth.identity_provider`; the OIDC
 * client secret is sealed apart, under its own info, and never answered.
 */
export type SiteIdentityProvider =
  | {
      type: "oidc";
      issuer: string;
      clientId: string;
      scopes: string[];
      /** Visitor claim name → ID token claim path (dotted). */
      claims: Record<string, string>;
    }
  | { type: "saml"; provider: string };

export type SiteIdentityProviderInput =
  | {
      type: "oidc";
      issuer: string;
      clientId: string;
      clientSecret?: string;
      scopes?: string[];
      claims?: Record<string, string>;
    }
  | { type: "saml"; provider: string };

export const DEFAULT_OIDC_SCOPES = ["openid", "email", "profile"];
const SECRET_INFO = "quire site identity provider secret v1";

/** The stored JSON read back; undefined for none or anything unreadable. */
export function parseIdentityProvider(json: string | null | undefined): SiteIdentityProvider | undefined {
  if (!json) return undefined;
  try {
    const value = JSON.parse(json) as SiteIdentityProvider;
    return value.type === "oidc" || value.type === "saml" ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The columns to set for a PATCH's `identityProvider` (null removes; the stored secret stays when none is sent). */
export async function identityProviderColumns(
  ctx: ServiceContext,
  organizationId: string,
  input: SiteIdentityProviderInput | null,
  stored: { identityProvider: string | null; identityProviderSecret: string | null },
): Promise<{ identityProvider: string | null; identityProviderSecret: string | null }> {
  if (input === null) return { identityProvider: null, identityProviderSecret: null };
  if (input.type === "saml") {
    // Only one of this organization's providers; another's reads as unknown (no hint that it exists).
    const [provider] = await ctx.db
      .select({ id: samlProviders.id })
      .from(samlProviders)
      .where(and(eq(samlProviders.id, input.provider), eq(samlProviders.organizationId, organizationId)))
      .limit(1);
    if (!provider) throw badRequest("body.identityProvider.provider: is not a SAML provider of this organization");
    return { identityProvider: JSON.stringify({ type: "saml", provider: provider.id }), identityProviderSecret: null };
  }
  const previous = parseIdentityProvider(stored.identityProvider);
  // A secret belongs to its client: a new issuer or client id needs its own.
  const keepsSecret =
    previous?.type === "oidc" && previous.issuer === input.issuer && previous.clientId === input.clientId;
  const secret =
    input.clientSecret !== undefined
      ? await sealSecret(ctx, SECRET_INFO, input.clientSecret)
      : keepsSecret
        ? stored.identityProviderSecret
        : null;
  if (!secret) throw badRequest("body.identityProvider.clientSecret: is required for a new OpenID Connect client");
  const value: SiteIdentityProvider = {
    type: "oidc",
    issuer: input.issuer.replace(/\/+$/, ""),
    clientId: input.clientId,
    scopes: input.scopes ?? DEFAULT_OIDC_SCOPES,
    claims: input.claims ?? {},
  };
  return { identityProvider: JSON.stringify(value), identityProviderSecret: secret };
}

/** The OIDC client secret, unsealed for the token exchange. */
export function openClientSecret(ctx: Pick<ServiceContext, "db" | "env">, sealed: string) {
  return openSealed(ctx, SECRET_INFO, sealed);
}
