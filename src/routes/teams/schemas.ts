import { z } from "@hono/zod-openapi";
import { PageQuery } from "../../wire/common";
import { TeamRoleSchema } from "../../wire/team";

export const TeamParams = z.object({ organizationId: z.string(), teamId: z.string() });
export const TeamMemberParams = TeamParams.extend({ userId: z.string() });

export const TeamListQuery = PageQuery.extend({
  owner: z.string().optional().openapi({ description: "A member's id: only teams they can manage are listed" }),
  title: z
    .string()
    .max(64)
    .optional()
    .openapi({ description: "Only teams whose title contains this (case-insensitive)" }),
});

export const AddTeamMemberBody = z.object({ role: TeamRoleSchema.optional() });
