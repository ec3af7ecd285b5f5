import { z } from "@hono/zod-openapi";
import { listEnvelope, PageQuery } from "../../wire/common";
import { OrganizationMemberSchema } from "../../wire/member";
import { TeamRoleSchema, TeamSchema } from "../../wire/team";

export const TeamParams = z.object({ organizationId: z.string(), teamId: z.string() });
export const TeamMemberParams = TeamParams.extend({ userId: z.string() });

export const TeamTitleSchema = z.string().trim().min(1).max(64).openapi("OrganizationTeamTitle");

export const TeamList = listEnvelope(TeamSchema, "OrganizationTeamList");

export const TeamListQuery = PageQuery.extend({
  owner: z.string().optional().openapi({ description: "A member's id: only teams they can manage are listed" }),
  title: z
    .string()
    .max(64)
    .optional()
    .openapi({ description: "Only teams whose title contains this (case-insensitive)" }),
});

export const CreateTeamBody = z
  .object({ title: TeamTitleSchema, members: z.array(z.string().min(1)).max(1000).optional() })
  .openapi("CreateOrganizationTeam");

export const UpdateTeamBody = z.object({ title: TeamTitleSchema }).openapi("UpdateOrganizationTeam");

export const UpdateTeamMembersBody = z
  .object({
    add: z.array(z.string().min(1)).max(1000).optional(),
    memberships: z.record(z.string(), z.object({ role: TeamRoleSchema })).optional(),
    remove: z.array(z.string().min(1)).max(1000).optional(),
  })
  .refine((b) => Object.keys(b.memberships ?? {}).length <= 1000, {
    message: "must have at most 1000 entries",
    path: ["memberships"],
  })
  .openapi("UpdateMembersInOrganizationTeam");

export const AddTeamMemberBody = z.object({ role: TeamRoleSchema.optional() });

export const TeamMemberSchema = z
  .object({
    organization: OrganizationMemberSchema,
    team: z.object({ role: TeamRoleSchema }),
    permissions: z.object({ view: z.boolean() }),
  })
  .openapi("OrganizationTeamMember");
export const TeamMemberList = listEnvelope(TeamMemberSchema, "OrganizationTeamMemberList");
