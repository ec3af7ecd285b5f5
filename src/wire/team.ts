import { z } from "@hono/zod-openapi";
import { TimestampSchema, listEnvelope, PageQuery } from "./common";
import { OrganizationMemberSchema } from "./member";

export const TeamRoleSchema = z.enum(["owner", "member"]).openapi("TeamMemberRole");
export const TeamSchema = z
  .object({
    object: z.literal("team"),
    id: z.string(),
    title: z.string(),
    members: z.number().int(),
    spaces: z.number(),
    createdAt: TimestampSchema,
    permissions: z.object({ admin: z.boolean(), view: z.boolean() }),
  })
  .openapi("OrganizationTeam");
export type OrganizationTeam = z.infer<typeof TeamSchema>;

export const TeamTitleSchema = z.string().trim().min(1).max(64).openapi("OrganizationTeamTitle");

export const TeamList = listEnvelope(TeamSchema, "OrganizationTeamList");

export const CreateTeamBody = z
  .object({ title: TeamTitleSchema, members: z.array(z.string().min(1)).max(1000).optional() })
  .openapi("CreateOrganizationTeam");
export type CreateOrganizationTeam = z.infer<typeof CreateTeamBody>;

export const UpdateTeamBody = z.object({ title: TeamTitleSchema }).openapi("UpdateOrganizationTeam");
export type UpdateOrganizationTeam = z.infer<typeof UpdateTeamBody>;

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
export type UpdateMembersInOrganizationTeam = z.infer<typeof UpdateTeamMembersBody>;

export const TeamMemberSchema = z
  .object({
    organization: OrganizationMemberSchema,
    team: z.object({ role: TeamRoleSchema }),
    permissions: z.object({ view: z.boolean() }),
  })
  .openapi("OrganizationTeamMember");
export type OrganizationTeamMember = z.infer<typeof TeamMemberSchema>;
export const TeamMemberList = listEnvelope(TeamMemberSchema, "OrganizationTeamMemberList");

/** listTeamsForOrganizationMember (a members operation; its schemas live with the team ones). */
export const MemberTeamsQuery = PageQuery.extend({
  title: z
    .string()
    .max(64)
    .optional()
    .openapi({ description: "Only teams whose title contains this (case-insensitive)" }),
});
export const MemberTeamList = listEnvelope(
  z.object({ team: TeamSchema, member: z.object({ role: TeamRoleSchema }) }),
  "OrganizationMemberTeamList",
);
