import { and, eq, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { organizationEmailDomains, organizationMembers, organizations, users } from "../../db/schema";
import { conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { keysetPage, type PageRequest } from "../../lib/pagination";
import { requireUser, type ServiceContext } from "../core";
import { organizationAccess, authorize, type Access, type MemberRole } from "../access";

export type OrganizationRow = typeof organizations.$inferSelect;
export interface OrganizationWithAccess {
  row: OrganizationRow;
  access: Access;
}

/** Reads an organization the caller is a member of (404 otherwise). */
export async function getOrganization(ctx: ServiceContext, organizationId: string): Promise<OrganizationWithAccess> {
  const access = organizationAccess(ctx.caller, organizationId);
  authorize(access, "organization.view", "Organization");
  const [row] = await ctx.db.select().from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  if (!row) throw notFound("Organization");
  return { row, access };
}

export function listOrganizationsForCaller(ctx: ServiceContext, page: PageRequest) {
  const caller = requireUser(ctx.caller);
  const mine = and(eq(organizationMembers.userId, caller.userId), eq(organizationMembers.disabled, false));
  type Row = { organization: OrganizationRow; role: string | null; joinedAt: number };
  return keysetPage<Row>(ctx.db, {
    page,
    keys: [
      { column: organizationMembers.joinedAt, direction: "asc", value: (r) => r.joinedAt },
      { column: organizationMembers.organizationId, direction: "asc", value: (r) => r.organization.id },
    ],
    rows: (after, orderBy, limit) =>
      ctx.db
        .select({ organization: organizations, role: organizationMembers.role, joinedAt: organizationMembers.joinedAt })
        .from(organizationMembers)
        .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
        .where(and(mine, after))
        .orderBy(...orderBy)
        .limit(limit),
    count: ctx.db.select({ count: sql<number>`count(*)` }).from(organizationMembers).where(mine),
  });
}

export interface OrganizationPatch {
  title?: string;
  emailDomains?: string[];
  hostname?: string;
  defaultRole?: MemberRole;
  defaultContent?: { type: "site"; site: string } | null;
  logo?: string | null;
  sso?: boolean;
  ai?: boolean;
  inviteLinks?: boolean;
}

/** Updates an organization (admins only). Email domains and the hostname stay unique-indexed in one batch. */
export async function updateOrganization(
  ctx: ServiceContext,
  organizationId: string,
  patch: OrganizationPatch,
): Promise<OrganizationWithAccess> {
  const access = organizationAccess(ctx.caller, organizationId);
  authorize(access, "organization.admin", "Organization");
  const domains = patch.emailDomains ? [...new Set(patch.emailDomains.map((d) => d.trim().toLowerCase()))] : undefined;

  const set: Partial<OrganizationRow> = { updatedAt: ctx.now };
  if (patch.title !== undefined) set.title = patch.title;
  if (domains !== undefined) set.emailDomains = domains;
  if (patch.hostname !== undefined) set.hostname = patch.hostname;
  if (patch.defaultRole !== undefined) set.defaultRole = patch.defaultRole;
  if (patch.defaultContent !== undefined) set.defaultContentSiteId = patch.defaultContent?.site ?? null;
  if (patch.logo !== undefined) set.logoUrl = patch.logo;
  if (patch.sso !== undefined) set.sso = patch.sso;
  if (patch.ai !== undefined) set.ai = patch.ai;
  if (patch.inviteLinks !== undefined) set.inviteLinks = patch.inviteLinks;

  const update = ctx.db.update(organizations).set(set).where(eq(organizations.id, organizationId)).returning();
  let rows: OrganizationRow[];
  try {
    if (domains === undefined) {
      rows = await update;
    } else {
      const replaceDomains = [
        ctx.db.delete(organizationEmailDomains).where(eq(organizationEmailDomains.organizationId, organizationId)),
        ...domains.map((domain) => ctx.db.insert(organizationEmailDomains).values({ domain, organizationId })),
      ];
      [rows] = await batch(ctx.db, [update, replaceDomains]);
    }
  } catch (error) {
    // The unique index on hostname is the check (no read-then-write race, no extra round trip).
    if (patch.hostname !== undefined && isUniqueViolation(error, "organizations.hostname")) {
      throw conflict(`The hostname "${patch.hostname}" is already used by another organization`);
    }
    throw error;
  }
  if (!rows[0]) throw notFound("Organization");
  return { row: rows[0], access };
}

/**
 * Organizations that list an email domain. The caller sees every such organization when the domain is their
 * own email's domain (they could join), and otherwise only those they already belong to.
 */
export async function organizationsForEmailDomain(
  ctx: ServiceContext,
  domain: string,
): Promise<OrganizationWithAccess[]> {
  const caller = requireUser(ctx.caller);
  const wanted = domain.trim().toLowerCase();
  const rows = await ctx.db
    .select({ organization: organizations, callerEmail: users.email })
    .from(organizationEmailDomains)
    .innerJoin(organizations, eq(organizations.id, organizationEmailDomains.organizationId))
    .innerJoin(users, eq(users.id, caller.userId))
    .where(eq(organizationEmailDomains.domain, wanted))
    .orderBy(organizations.createdAt, organizations.id);
  return rows
    .filter((r) => r.callerEmail.endsWith(`@${wanted}`) || caller.memberships.has(r.organization.id))
    .map((r) => ({ row: r.organization, access: organizationAccess(caller, r.organization.id) }));
}

/** Resolves a subdomain to the organization that owns it. */
export async function getSubdomain(ctx: ServiceContext, subdomain: string) {
  requireUser(ctx.caller);
  const [row] = await ctx.db
    .select({ id: organizations.id, hostname: organizations.hostname })
    .from(organizations)
    .where(eq(organizations.hostname, subdomain.toLowerCase()))
    .limit(1);
  if (!row?.hostname) throw notFound("Subdomain");
  return { subdomain: row.hostname, organizationId: row.id };
}

/** Creates an organization with its first member (bootstrap, tests, later: sign-up). */
export async function createOrganization(
  db: Db,
  input: { title: string; ownerId: string; ownerRole?: MemberRole; emailDomains?: string[] },
  now: number,
): Promise<OrganizationRow> {
  const domains = [...new Set((input.emailDomains ?? []).map((d) => d.trim().toLowerCase()))];
  const row: OrganizationRow = {
    id: newId(),
    title: input.title,
    type: "business",
    useCase: null,
    communityType: null,
    emailDomains: domains,
    hostname: null,
    customHostname: null,
    defaultRole: "read",
    defaultContentSiteId: null,
    logoUrl: null,
    sso: false,
    ai: false,
    inviteLinks: true,
    createdAt: now,
    updatedAt: now,
  };
  await batch(db, [
    db.insert(organizations).values(row),
    db.insert(organizationMembers).values({
      organizationId: row.id,
      userId: input.ownerId,
      role: input.ownerRole === undefined ? "admin" : input.ownerRole,
      joinedAt: now,
    }),
    ...domains.map((domain) => db.insert(organizationEmailDomains).values({ domain, organizationId: row.id })),
  ]);
  return row;
}

/** Adds a user to an organization, or changes their role when already a member. */
export async function addMember(db: Db, organizationId: string, userId: string, role: MemberRole, now: number) {
  await db
    .insert(organizationMembers)
    .values({ organizationId, userId, role, joinedAt: now })
    .onConflictDoUpdate({ target: [organizationMembers.organizationId, organizationMembers.userId], set: { role } });
}
