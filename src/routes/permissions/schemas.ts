import { z } from "@hono/zod-openapi";
import { listEnvelope, MemberRoleOrGuestSchema, MemberRoleSchema, PageQuery } from "../../wire/common";
import { UserSchema } from "../../wire/user";
import { TeamSchema } from "../../wire/team";
import { CollectionParams, SiteParams, SpaceParams } from "../../wire/params";

export const SpaceUserParams = SpaceParams.extend({ userId: z.string().min(1).max(128) });
export const SpaceTeamParams = SpaceParams.extend({ teamId: z.string().min(1).max(128) });
export const CollectionUserParams = CollectionParams.extend({ userId: z.string().min(1).max(128) });
export const CollectionTeamParams = CollectionParams.extend({ teamId: z.string().min(1).max(128) });
export const SiteUserParams = SiteParams.extend({ userId: z.string().min(1).max(128) });
export const SiteTeamParams = SiteParams.extend({ teamId: z.string().min(1).max(128) });

const Ids = z.array(z.string().min(1).max(128)).min(1).max(100);

export const InviteBody = z
  .object({ role: MemberRoleOrGuestSchema, users: Ids.optional(), teams: Ids.optional() })
  .refine((b) => b.users !== undefined || b.teams !== undefined, { message: "give users or teams", path: ["users"] })
  .openapi("InviteUsersAndTeams");

export const UpdatePermissionBody = z.object({ role: MemberRoleOrGuestSchema.optional() });

/** The request bodies of invite-to-* and update-*-permission-in-* (space and collection alike). */
export const inviteBody = { required: true, content: { "application/json": { schema: InviteBody } } } as const;
export const updatePermissionBody = {
  required: true,
  content: { "application/json": { schema: UpdatePermissionBody } },
} as const;

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
export const TeamPermissionList = listEnvelope(
  z.object({ permission: MemberRoleSchema, team: TeamSchema }),
  "TeamContentPermissionList",
);
export const AggregateQuery = PageQuery.extend({ role: MemberRoleSchema.optional() });
export { PageQuery };
