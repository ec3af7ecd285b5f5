import { z } from "@hono/zod-openapi";
import { TimestampSchema, listEnvelope, PageQuery } from "./common";

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
