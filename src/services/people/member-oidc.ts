import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { memberOidcProviders } from "../../db/schema";
import { badRequest, notFound } from "../../lib/errors";
import { openSealed, sealSecret, type MemberRole } from "../access";
import type { ServiceContext } from "../core";
import { authorizeSSO } from "./saml";

/**
 * An organization's OpenID Connect provider for its members (Quire's `/v1/orgs/{id}/sso/oidc`): one at most,
 * set and read by those who manage the organization's SSO, as its SAML providers are. Members sign in through it
 * as through a SAML provider (services/sso/member-oidc.ts). The client secret is sealed under its own info, like a
 * site's OpenID client secret, and never answered.
 */
export type MemberOidcProviderRow = typeof memberOidcProviders.$inferSelect;

export interface MemberOidcProviderInput {
  label: string;
  issuer: string;
  clientId: string;
  /** Required for a new client (another issuer or client id); absent keeps the stored one. */
  clientSecret?: string;
  /** Absent is `read`, as for a new SAML provider; null is a guest. */
  defaultRole?: MemberRole | null;
}

const SECRET_INFO = "quire member oidc provider secret v1";
/** What a member's sign-in asks for: the email (and whether the provider verified it) and a name. */
export const MEMBER_OIDC_SCOPES = ["openid", "email", "profile"];

async function readRow(db: Db, organizationId: string) {
  const [row] = await db
    .select()
    .from(memberOidcProviders)
    .where(eq(memberOidcProviders.organizationId, organizationId))
    .limit(1);
  return row;
}

export async function getMemberOidcProvider(ctx: ServiceContext, organizationId: string) {
  authorizeSSO(ctx, organizationId);
  const row = await readRow(ctx.db, organizationId);
  if (!row) throw notFound("OpenID Connect provider");
  return row;
}

/** Sets (creates or replaces) the provider; a new issuer or client id needs its own secret (400 otherwise). */
export async function setMemberOidcProvider(
  ctx: ServiceContext,
  organizationId: string,
  input: MemberOidcProviderInput,
): Promise<MemberOidcProviderRow> {
  authorizeSSO(ctx, organizationId);
  const issuer = input.issuer.replace(/\/+$/, "");
  const stored = await readRow(ctx.db, organizationId);
  // A secret belongs to its client: only the same issuer and client id keep the stored one.
  const keepsSecret = stored !== undefined && stored.issuer === issuer && stored.clientId === input.clientId;
  const clientSecret =
    input.clientSecret !== undefined
      ? await sealSecret(ctx, SECRET_INFO, input.clientSecret)
      : keepsSecret
        ? stored.clientSecret
        : null;
  if (!clientSecret) throw badRequest("body.clientSecret: is required for a new OpenID Connect client");
  const values = {
    label: input.label,
    issuer,
    clientId: input.clientId,
    clientSecret,
    defaultRole: input.defaultRole !== undefined ? input.defaultRole : "read",
    updatedAt: ctx.now,
  };
  const [row] = await ctx.db
    .insert(memberOidcProviders)
    .values({ organizationId, ...values, createdAt: ctx.now })
    .onConflictDoUpdate({ target: memberOidcProviders.organizationId, set: values })
    .returning();
  return row!;
}

export async function deleteMemberOidcProvider(ctx: ServiceContext, organizationId: string) {
  authorizeSSO(ctx, organizationId);
  await ctx.db.delete(memberOidcProviders).where(eq(memberOidcProviders.organizationId, organizationId));
}

/** The provider a member's sign-in uses (no caller: the sign-in establishes who it is), if the organization has one. */
export function memberOidcProviderForSignIn(db: Db, organizationId: string) {
  return readRow(db, organizationId);
}

/** The client secret, unsealed for the token exchange. */
export function openMemberOidcSecret(ctx: Pick<ServiceContext, "db" | "env">, sealed: string) {
  return openSealed(ctx, SECRET_INFO, sealed);
}
