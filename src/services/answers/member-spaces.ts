import { and, eq, type SQL, sql } from "drizzle-orm";
import { spaces } from "../../db/schema";
import { authorize, organizationTree } from "../access";
import { memberRole, requireUser, type ServiceContext } from "../core";
import { visibleSpaces } from "../spaces";

/**
 * The organization's live spaces a member can read, as the organization search decides it (a condition on
 * `spaces`): for vector matches and recommended questions of organization asks. Non-members: 401/404.
 */
export async function memberReadableSpaces(ctx: ServiceContext, organizationId: string): Promise<SQL | undefined> {
  const caller = requireUser(ctx.caller);
  const role = memberRole(caller, organizationId);
  authorize(role, "organization.view", "Organization");
  const tree = await organizationTree(ctx.db, organizationId);
  const visible = visibleSpaces(role, tree, caller.grants);
  return and(
    eq(spaces.organizationId, organizationId),
    sql`${spaces.deletedAt} IS NULL`,
    visible ? sql`(${visible} OR ${spaces.visibility} = 'public')` : undefined,
  );
}
