import { z } from "@hono/zod-openapi";
import { listEnvelope, MemberRoleOrGuestSchema, MemberRoleSchema } from "./common";
import { TeamSchema } from "./team";
import { UserSchema } from "./user";

const Ids = z.array(z.string().min(1).max(128)).min(1).max(100);

export const InviteBody = z
  .object({ role: MemberRoleOrGuestSchema, users: Ids.optional(), teams: Ids.optional() })
  .refine((b) => b.users !== undefined || b.teams !== undefined, { message: "give users or teams", path: ["users"] })
  .openapi("InviteUsersAndTeams");

const PermissionSourceSchema = z.union([
  z.object({ kind: z.literal("organization"), role: MemberRoleSchema }),
  z.object({
    kind: z.enum(["user", "team"]),
    role: MemberRoleSchema,
    resource: z.object({ kind: z.enum(["space", "collection", "site"]), id: z.string() }),
    team: z.string().optional(),
  }),
]);

export const UserPermissionSchema = z
  .object({
    permission: MemberRoleSchema,
    user: UserSchema,
    through: z
      .array(PermissionSourceSchema)
      .optional()
      .openapi({
        description:
          "Quire, aggregate lists only: every source of a role on the content: the organization role (with " +
          "`defaultLevel`s), grants to the user, and grants to their teams (`team`), on the content or a collection above it.",
      }),
  })
  .openapi("UserContentPermission");
export const UserPermissionList = listEnvelope(UserPermissionSchema, "UserContentPermissionList");
const TeamPermissionSchema = z.object({ permission: MemberRoleSchema, team: TeamSchema });
export const TeamPermissionList = listEnvelope(TeamPermissionSchema, "TeamContentPermissionList");

export type InviteUsersAndTeams = z.infer<typeof InviteBody>;
export type UserContentPermission = z.infer<typeof UserPermissionSchema>;
export type TeamContentPermission = z.infer<typeof TeamPermissionSchema>;
