import { and, eq, isNotNull, sql } from "drizzle-orm";
import { memberOidcProviders, organizations, samlProviders, teams } from "../../db/schema";
import { badRequest, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { keysetPage, type Page, type PageRequest } from "../../lib/pagination";
import { requireUser, type ServiceContext } from "../core";
import { organizationAccess, authorize, type Access, type MemberRole } from "../access";
import { teamSelection, type TeamView } from "./teams";

export type SamlProviderRow = typeof samlProviders.$inferSelect;
export interface SamlProviderView {
  provider: SamlProviderRow;
  /** The default team, with its counts, or null. */
  defaultTeam: TeamView | null;
  /** The caller's organization role (for the default team's permissions). */
  access: Access;
}

export interface SamlProviderInput {
  label?: string;
  entityID?: string;
  certificate?: string;
  ssoURL?: string;
  defaultTeam?: string;
  defaultRole?: MemberRole;
}

/** Those who manage the organization's SSO (its SAML providers, its members' OpenID provider: member-oidc.ts). */
export function authorizeSSO(ctx: ServiceContext, organizationId: string) {
  const access = organizationAccess(ctx.caller, organizationId);
  authorize(access, "organization.manageSSO", "Organization");
  return access;
}

/**
 * Providers with their default team (left join, counts included), in one statement. The team's columns are
 * aliased: D1 returns rows keyed by column name, and `id`, `created_at`, … would collide with the provider's.
 */
function selectProviders(ctx: ServiceContext) {
  const caller = requireUser(ctx.caller);
  const team = teamSelection(caller.userId);
  return ctx.db
    .select({
      provider: samlProviders,
      teamId: sql<string | null>`${teams.id}`.as("team_id"),
      teamTitle: sql<string | null>`${teams.title}`.as("team_title"),
      teamCreatedAt: sql<number | null>`${teams.createdAt}`.as("team_created_at"),
      teamUpdatedAt: sql<number | null>`${teams.updatedAt}`.as("team_updated_at"),
      members: team.members,
      callerRole: team.callerRole,
    })
    .from(samlProviders)
    .leftJoin(teams, eq(teams.id, samlProviders.defaultTeamId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectProviders>["all"]>>[number];
const toView =
  (access: Access) =>
  (r: Selected): SamlProviderView => ({
    provider: r.provider,
    defaultTeam:
      r.teamId !== null
        ? {
            team: {
              id: r.teamId,
              organizationId: r.provider.organizationId,
              title: r.teamTitle ?? "",
              createdAt: Number(r.teamCreatedAt),
              updatedAt: Number(r.teamUpdatedAt),
            },
            members: r.members,
            callerRole: r.callerRole,
          }
        : null,
    access,
  });

export async function listSamlProviders(
  ctx: ServiceContext,
  organizationId: string,
  page: PageRequest,
): Promise<Page<SamlProviderView>> {
  const access = authorizeSSO(ctx, organizationId);
  const filter = eq(samlProviders.organizationId, organizationId);
  const result = await keysetPage<Selected>(ctx.db, {
    page,
    keys: [
      { column: samlProviders.createdAt, direction: "asc", value: (r) => r.provider.createdAt },
      { column: samlProviders.id, direction: "asc", value: (r) => r.provider.id },
    ],
    rows: (after, orderBy, limit) =>
      selectProviders(ctx)
        .where(and(filter, after))
        .orderBy(...orderBy)
        .limit(limit),
    count: ctx.db.select({ count: sql<number>`count(*)` }).from(samlProviders).where(filter),
  });
  return { ...result, items: result.items.map(toView(access)) };
}

async function readProvider(ctx: ServiceContext, organizationId: string, providerId: string, access: Access) {
  const [row] = await selectProviders(ctx)
    .where(and(eq(samlProviders.id, providerId), eq(samlProviders.organizationId, organizationId)))
    .limit(1);
  if (!row) throw notFound("SAML provider");
  return toView(access)(row);
}

export function getSamlProvider(ctx: ServiceContext, organizationId: string, providerId: string) {
  return readProvider(ctx, organizationId, providerId, authorizeSSO(ctx, organizationId));
}

/** `defaultTeam` must name a team of the organization (400 naming the field otherwise). */
async function checkDefaultTeam(ctx: ServiceContext, organizationId: string, teamId: string | undefined) {
  if (teamId === undefined) return;
  const [team] = await ctx.db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.organizationId, organizationId)))
    .limit(1);
  if (!team) throw badRequest("body.defaultTeam: is not a team of this organization");
}

export async function createSamlProvider(
  ctx: ServiceContext,
  organizationId: string,
  input: SamlProviderInput & { label: string },
): Promise<SamlProviderView> {
  const access = authorizeSSO(ctx, organizationId);
  await checkDefaultTeam(ctx, organizationId, input.defaultTeam);
  const id = newId();
  await ctx.db.insert(samlProviders).values({
    id,
    organizationId,
    label: input.label,
    entityId: input.entityID ?? null,
    certificate: input.certificate ?? null,
    ssoUrl: input.ssoURL ?? null,
    defaultTeamId: input.defaultTeam ?? null,
    // Without a default role, people signing in through the provider join as readers.
    defaultRole: input.defaultRole !== undefined ? input.defaultRole : "read",
    createdAt: ctx.now,
    updatedAt: ctx.now,
  });
  return readProvider(ctx, organizationId, id, access);
}

export async function updateSamlProvider(
  ctx: ServiceContext,
  organizationId: string,
  providerId: string,
  patch: SamlProviderInput,
): Promise<SamlProviderView> {
  const access = authorizeSSO(ctx, organizationId);
  await checkDefaultTeam(ctx, organizationId, patch.defaultTeam);
  const set: Partial<SamlProviderRow> = { updatedAt: ctx.now };
  if (patch.label !== undefined) set.label = patch.label;
  if (patch.entityID !== undefined) set.entityId = patch.entityID;
  if (patch.certificate !== undefined) set.certificate = patch.certificate;
  if (patch.ssoURL !== undefined) set.ssoUrl = patch.ssoURL;
  if (patch.defaultTeam !== undefined) set.defaultTeamId = patch.defaultTeam;
  if (patch.defaultRole !== undefined) set.defaultRole = patch.defaultRole;
  await ctx.db
    .update(samlProviders)
    .set(set)
    .where(and(eq(samlProviders.id, providerId), eq(samlProviders.organizationId, organizationId)));
  return readProvider(ctx, organizationId, providerId, access);
}

export async function deleteSamlProvider(ctx: ServiceContext, organizationId: string, providerId: string) {
  authorizeSSO(ctx, organizationId);
  await ctx.db
    .delete(samlProviders)
    .where(and(eq(samlProviders.id, providerId), eq(samlProviders.organizationId, organizationId)));
}

/** A provider is usable for sign-in once the IdP's entity id, certificate and sign-in URL are all set. */
export function samlStatus(row: SamlProviderRow): "active" | "pending" {
  return row.entityId && row.certificate && row.ssoUrl ? "active" : "pending";
}

/** A sign-in option of an organization: one of its active SAML providers, or its members' OpenID provider. */
export type SSOLogin = { kind: "saml"; id: string; label: string } | { kind: "oidc"; id: "oidc"; label: string };

/**
 * The sign-in options of an organization, for a login page: readable by anyone, member or not, with or
 * without a token (so no `authorize`: there is nothing to protect beyond labels and start URLs). Only active
 * SAML providers are listed, then the OpenID provider if there is one. One batch: the organization left-joined to
 * its active providers, so an unknown organization (no row at all) is told apart from one without providers (one
 * row of nulls), and its OpenID provider's label.
 */
export async function listSSOLogins(ctx: ServiceContext, organizationId: string): Promise<SSOLogin[]> {
  const [rows, oidc] = await ctx.db.batch([
    ctx.db
      .select({ id: samlProviders.id, label: samlProviders.label })
      .from(organizations)
      .leftJoin(
        samlProviders,
        and(
          eq(samlProviders.organizationId, organizations.id),
          isNotNull(samlProviders.entityId),
          isNotNull(samlProviders.certificate),
          isNotNull(samlProviders.ssoUrl),
        ),
      )
      .where(eq(organizations.id, organizationId))
      .orderBy(samlProviders.createdAt, samlProviders.id),
    ctx.db
      .select({ label: memberOidcProviders.label })
      .from(memberOidcProviders)
      .where(eq(memberOidcProviders.organizationId, organizationId))
      .limit(1),
  ]);
  if (!rows.length) throw notFound("Organization");
  return [
    ...rows.flatMap((r) =>
      r.id !== null && r.label !== null ? [{ kind: "saml" as const, id: r.id, label: r.label }] : [],
    ),
    ...oidc.map((r) => ({ kind: "oidc" as const, id: "oidc" as const, label: r.label })),
  ];
}
