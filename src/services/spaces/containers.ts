import { badRequest } from "../../lib/errors";
import { authorize, type ChainLink, can, loadCollection, organizationAccess } from "../access";
import type { ServiceContext } from "../core";

/**
 * The container a space or collection is created or moved into, with the caller's right to create there.
 * `parent` null is the organization's top level. A parent that does not exist, is deleted, belongs to
 * another organization or is invisible is the caller's error (400, naming the field).
 */
export async function targetContainer(ctx: ServiceContext, organizationId: string, parent: string | null) {
  if (parent === null) {
    authorize(organizationAccess(ctx.caller, organizationId), "organization.createContent", "Organization");
    return { parentId: null, chain: [] as ChainLink[] };
  }
  const found = await loadCollection(ctx.db, ctx.caller, parent);
  if (
    !found ||
    found.row.deletedAt !== null ||
    found.row.organizationId !== organizationId ||
    !can(found.access, "collection.view")
  ) {
    throw badRequest(`body.parent: no collection "${parent}" in this organization`);
  }
  authorize(found.access, "collection.create", "Collection");
  return { parentId: parent, chain: found.chain };
}
