import { and, eq } from "drizzle-orm";
import { batch } from "../../db/batch";
import { organizationMembers } from "../../db/schema";
import { callerGrantsOf, memberGrantsQuery, type MemberRole } from "../access";
import { type JobContext, jobServiceContext, type ServiceContext } from "../core";
import type { ImportRunView } from "./runs";

/**
 * The run's writes are made as the user who started it, with their access as it is now: a requester who lost
 * `edit` on the space (or left the organization) can no longer write through the run, which then fails.
 */
export async function requesterContext(ctx: JobContext, run: ImportRunView): Promise<ServiceContext> {
  const base = jobServiceContext(ctx, run.createdBy);
  if (!run.createdBy) return base;
  const [members, grantRows] = await batch(ctx.db, [
    ctx.db
      .select({ role: organizationMembers.role })
      .from(organizationMembers)
      .where(
        and(
          eq(organizationMembers.organizationId, run.organizationId),
          eq(organizationMembers.userId, run.createdBy),
          eq(organizationMembers.disabled, false),
        ),
      )
      .limit(1),
    memberGrantsQuery(ctx.db, run.organizationId, run.createdBy),
  ]);
  const memberships = new Map<string, MemberRole>(
    members[0] ? [[run.organizationId, members[0].role as MemberRole]] : [],
  );
  return {
    ...base,
    caller: { kind: "user", userId: run.createdBy, tokenId: "", memberships, grants: callerGrantsOf(grantRows) },
  };
}
