import { badRequest } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { authorize, type ChainLink, can, loadCollection, organizationAccess } from "../access";
import { requireUser, type ServiceContext } from "../core";
import { type ContentPosition, placementKey } from "./placement";

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

/**
 * Where a new space or collection goes: into `parent` (or the top level), last among its siblings, with the
 * fields every new item of the tree starts with. The caller must be a member who may create there.
 */
export async function newTreeItem(
  ctx: ServiceContext,
  organizationId: string,
  input: { parent?: string; title?: string },
) {
  const caller = requireUser(ctx.caller);
  authorize(organizationAccess(caller, organizationId), "organization.view", "Organization");
  const { parentId, chain } = await targetContainer(ctx, organizationId, input.parent ?? null);
  const sortKey = await placementKey(ctx.db, { organizationId, parentId, self: null });
  const fields = {
    id: newId(),
    organizationId,
    parentId,
    title: input.title?.trim() || "Untitled",
    defaultLevel: "inherit" as const,
    sortKey,
    createdBy: caller.userId,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    deletedAt: null,
  };
  return { caller, chain, fields };
}

/**
 * Where a space or collection moves: into `input.parent` (undefined: where it is; null: the top level) at
 * `input.position` (default: last), with the new parent's chain. Staying in its collection needs no new right.
 */
export async function movedTreeItem(
  ctx: ServiceContext,
  item: { id: string; organizationId: string; parentId: string | null },
  currentChain: ChainLink[],
  input: { parent?: string | null; position?: ContentPosition },
) {
  const parent = input.parent === undefined ? item.parentId : input.parent;
  const target =
    parent === item.parentId && parent !== null
      ? { parentId: parent, chain: currentChain }
      : await targetContainer(ctx, item.organizationId, parent);
  const sortKey = await placementKey(ctx.db, {
    organizationId: item.organizationId,
    parentId: target.parentId,
    self: item.id,
    position: input.position,
  });
  return { ...target, sortKey };
}
