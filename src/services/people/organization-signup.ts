import { eq } from "drizzle-orm";
import { batch } from "../../db/batch";
import { organizationMembers, organizations, users } from "../../db/schema";
import { badRequest, forbidden, notFound } from "../../lib/errors";
import type { MemberRole } from "../access";
import { requireUser, type ServiceContext } from "../core";
import { createOrganization, type OrganizationWithAccess } from "./organizations";

/** ALLOW_ORGANIZATION_CREATION's values; anything else is read as `none` (a typo must not open sign-up). */
const CREATION_POLICIES = ["anyone", "admins", "none"] as const;
type CreationPolicy = (typeof CREATION_POLICIES)[number];

function creationPolicy(value: string | undefined): CreationPolicy {
  const policy = (value ?? "").trim() || "anyone";
  return (CREATION_POLICIES as readonly string[]).includes(policy) ? (policy as CreationPolicy) : "none";
}

/**
 * createOrganization: a person (not an integration) creates an organization and becomes its admin, as the
 * deployment allows (ALLOW_ORGANIZATION_CREATION). Bootstrap creates organizations without this check.
 */
export async function createOrganizationAsCaller(
  ctx: ServiceContext,
  input: { title: string; emailDomains?: string[] },
): Promise<OrganizationWithAccess> {
  const caller = requireUser(ctx.caller);
  const policy = creationPolicy(ctx.env.ALLOW_ORGANIZATION_CREATION);
  if (policy === "none") throw forbidden("Creating organizations is turned off on this deployment");
  if (policy === "admins" && ![...caller.memberships.values()].includes("admin")) {
    throw forbidden("Only admins of an organization may create organizations on this deployment");
  }
  const row = await createOrganization(
    ctx.db,
    { title: input.title, ownerId: caller.userId, emailDomains: input.emailDomains },
    ctx.now,
  );
  return { row, access: "admin" };
}

/**
 * joinOrganization: the caller joins an organization that lists their email's domain, with the organization's
 * default role. Accounts exist only through bootstrap or SSO, so the email is the one the operator or the
 * identity provider vouched for. Already a member: nothing changes (the role stays). 404 for an unknown
 * organization; 400 when it does not list the caller's domain.
 */
export async function joinOrganization(ctx: ServiceContext, organizationId: string): Promise<void> {
  const caller = requireUser(ctx.caller);
  if (caller.memberships.has(organizationId)) return;
  // The organization with its listed domains (at most 100: UpdateOrganization's limit) and the caller's email.
  const [found, callerRows] = await batch(ctx.db, [
    ctx.db
      .select({ defaultRole: organizations.defaultRole, emailDomains: organizations.emailDomains })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .limit(1),
    ctx.db.select({ email: users.email }).from(users).where(eq(users.id, caller.userId)).limit(1),
  ]);
  const organization = found[0];
  if (!organization) throw notFound("Organization");
  const domain = callerRows[0]?.email.split("@").pop()?.toLowerCase() ?? "";
  if (!organization.emailDomains.includes(domain)) {
    throw badRequest(`This organization does not accept members from the email domain "${domain}"`);
  }
  await ctx.db
    .insert(organizationMembers)
    .values({ organizationId, userId: caller.userId, role: organization.defaultRole as MemberRole, joinedAt: ctx.now })
    .onConflictDoNothing();
}
