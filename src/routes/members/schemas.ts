import { z } from "@hono/zod-openapi";
import { SpaceSchema } from "../../wire/space";
import { ROLES } from "../../services/access";
import { MemberRoleOrGuestSchema, MemberRoleSchema, listEnvelope, PageQuery } from "../../wire/common";

export const MemberParams = z.object({ organizationId: z.string(), userId: z.string() });
export const OrderSchema = z
  .enum(["asc", "desc"])
  .default("desc")
  .openapi({ description: "An order for the items in the list" });

export const MemberListQuery = PageQuery.extend({
  order: OrderSchema,
  role: z
    .enum([...ROLES, "guest"])
    .optional()
    .openapi({ description: "The Role to filter the member list by" }),
  search: z
    .string()
    .max(512)
    .optional()
    .openapi({ description: "A query to filter the member list (displayName and email)" }),
  sort: z.enum(["joinedAt", "lastSeenAt"]).default("joinedAt").openapi({
    description: "The property to sort by. When sorting by lastSeenAt, only members seen at least once are listed.",
  }),
});

export const UpdateMemberBody = z
  .object({ role: MemberRoleOrGuestSchema.optional() })
  .openapi("UpdateOrganizationMember");

export const PingResponse = z
  .object({
    gitbookVisitorClaims: z.string().optional().openapi({ description: "HS256 JWT for visitor authentication" }),
  })
  .openapi("OrganizationPing");

/**
 * A member-space item: the member's effective role on a space, and the space as the caller sees it.
 */
export const MemberContentPermissionSchema = z
  .object({ permission: MemberRoleSchema, space: SpaceSchema })
  .openapi("MemberContentPermission");
export const MemberSpacesQuery = PageQuery.extend({ order: OrderSchema });
export const MemberSpaceList = listEnvelope(MemberContentPermissionSchema, "MemberContentPermissionList");
