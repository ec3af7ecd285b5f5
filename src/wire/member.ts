import { z } from "@hono/zod-openapi";
import { MemberRoleOrGuestSchema, TimestampSchema, listEnvelope } from "./common";
import { UserSchema } from "./user";

export const OrganizationMemberSchema = z
  .object({
    object: z.literal("member"),
    id: z.string(),
    role: MemberRoleOrGuestSchema,
    user: UserSchema,
    disabled: z.boolean(),
    joinedAt: TimestampSchema,
    lastSeenAt: TimestampSchema.optional(),
    sso: z.boolean(),
    spaces: z.number(),
    teams: z.number(),
  })
  .openapi("OrganizationMember");

export const MemberList = listEnvelope(OrganizationMemberSchema, "OrganizationMemberList");
