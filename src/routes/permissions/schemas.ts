import { z } from "@hono/zod-openapi";
import { MemberRoleOrGuestSchema, MemberRoleSchema, PageQuery } from "../../wire/common";
import { CollectionParams, SiteParams, SpaceParams } from "../../wire/params";

export const SpaceUserParams = SpaceParams.extend({ userId: z.string().min(1).max(128) });
export const SpaceTeamParams = SpaceParams.extend({ teamId: z.string().min(1).max(128) });
export const CollectionUserParams = CollectionParams.extend({ userId: z.string().min(1).max(128) });
export const CollectionTeamParams = CollectionParams.extend({ teamId: z.string().min(1).max(128) });
export const SiteUserParams = SiteParams.extend({ userId: z.string().min(1).max(128) });
export const SiteTeamParams = SiteParams.extend({ teamId: z.string().min(1).max(128) });

import { InviteBody } from "../../wire/permission";

export const UpdatePermissionBody = z.object({ role: MemberRoleOrGuestSchema.optional() });

/** The request bodies of invite-to-* and update-*-permission-in-* (space and collection alike). */
export const inviteBody = { required: true, content: { "application/json": { schema: InviteBody } } } as const;
export const updatePermissionBody = {
  required: true,
  content: { "application/json": { schema: UpdatePermissionBody } },
} as const;

export const AggregateQuery = PageQuery.extend({ role: MemberRoleSchema.optional() });
export { PageQuery };
