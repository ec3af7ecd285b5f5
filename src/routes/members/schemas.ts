import { z } from "@hono/zod-openapi";
import { ROLES } from "../../services/access";
import { PageQuery } from "../../wire/common";

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

export const MemberSpacesQuery = PageQuery.extend({ order: OrderSchema });
