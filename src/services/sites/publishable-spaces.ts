import { and, eq, inArray, isNull } from "drizzle-orm";
import { batch } from "../../db/batch";
import { spaces } from "../../db/schema";
import { badRequest } from "../../lib/errors";
import { authorize, organizationTreeRows, spaceAccess, treeFromRows } from "../access";
import { memberRole, type ServiceContext } from "../core";

/**
 * The live spaces `spaceIds` of the organization (in the order given, without repeats) that the caller may put on
 * a site. Publishing opens a space to the site's audience, so it needs what granting read needs: `space.admin`
 * on each (404 for a space the caller cannot see, 403 for one they see without admin). One that is not a live
 * space of the organization is a 400 naming `field`. One round trip: the spaces, with the organization's
 * collection tree (for their levels) unless the caller is an organization admin (admin everywhere).
 */
export async function publishableSpaces(
  ctx: ServiceContext,
  organizationId: string,
  spaceIds: readonly string[],
  field: string,
) {
  const wanted = [...new Set(spaceIds)];
  if (!wanted.length) return [];
  const orgAdmin = memberRole(ctx.caller, organizationId) === "admin";
  const [found, treeRows] = await batch(ctx.db, [
    ctx.db
      .select()
      .from(spaces)
      .where(and(eq(spaces.organizationId, organizationId), isNull(spaces.deletedAt), inArray(spaces.id, wanted))),
    orgAdmin ? undefined : organizationTreeRows(ctx.db, organizationId),
  ]);
  const byId = new Map(found.map((row) => [row.id, row]));
  const unknown = wanted.filter((id) => !byId.has(id));
  if (unknown.length) {
    throw badRequest(
      unknown.length === 1 && field !== "spaces"
        ? `${field}: is not a live space of the organization`
        : `${field}: ${unknown.join(", ")} are not live spaces of the organization`,
    );
  }
  const tree = treeFromRows(treeRows ?? []);
  return wanted.map((id) => {
    const row = byId.get(id)!;
    authorize(spaceAccess(ctx.caller, row, tree.chainOf(row.parentId)).access, "space.admin", "Space");
    return { id: row.id, title: row.title };
  });
}
