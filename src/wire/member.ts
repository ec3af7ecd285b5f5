import { z } from "@hono/zod-openapi";
import { MemberRoleOrGuestSchema, MemberRoleSchema, TimestampSchema, listEnvelope } from "./common";
import { SpaceSchema } from "./space";
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
export type OrganizationMember = z.infer<typeof OrganizationMemberSchema>;

export const MemberList = listEnvelope(OrganizationMemberSchema, "OrganizationMemberList");

export const UpdateMemberBody = z
  .object({ role: MemberRoleOrGuestSchema.optional() })
  .openapi("UpdateOrganizationMember");
export type UpdateOrganizationMember = z.infer<typeof UpdateMemberBody>;

export const PingResponse = z
  .object({
    gitbookVisitorClaims: z.string().optional().openapi({ description: "HS256 JWT for visitor authentication" }),
  })
  .openapi("OrganizationPing");
export type OrganizationPing = z.infer<typeof PingResponse>;

/**
 * A member-space item: the member's effective role on a space, and the space as the caller sees it.
 */
export const MemberContentPermissionSchema = z
  .object({ permission: MemberRoleSchema, space: SpaceSchema })
  .openapi("MemberContentPermission");
export type MemberContentPermission = z.infer<typeof MemberContentPermissionSchema>;
export const MemberSpaceList = listEnvelope(MemberContentPermissionSchema, "MemberContentPermissionList");
