import { eq, sql } from "drizzle-orm";
import { copyRevisionStatements, initialRevisionStatements } from "../../content/store";
import { type Batchable, batch } from "../../db/batch";
import { spaces } from "../../db/schema";
import { notFound, preconditionFailed } from "../../lib/errors";
import { base62, newId, randomBytes } from "../../lib/ids";
import {
  announce,
  contentEventStatements,
  type NewContentEvent,
  requireCredential,
  requireUser,
  type ServiceContext,
} from "../core";
import {
  organizationAccess,
  authorize,
  can,
  type Access,
  type DefaultLevel,
  type SpaceRow,
  spaceAccess,
  type SpaceWithAccess,
  toStoredLevel,
  loadSpace,
} from "../access";
import { movedTreeItem, newTreeItem } from "./containers";
import { type ContentPosition, placementKey } from "./placement";
import { isPublished, transferredVisibility, unpublishFromOtherOrganizations } from "./publication";
import type { PublishedPlace } from "./site-publication";
import { spaceCounters, type SpaceCounters } from "./space-counters";
import { type ApplyTemplateInput, templateFirstRevisionStatements } from "./templates";

/** What presenters get: the row, the caller's access (same function as authorization) and the counters. */
export interface SpaceView {
  row: SpaceRow;
  access: Access;
  counters: SpaceCounters;
  /** Where the space is read once published (single-space reads only; lists leave it out). */
  published?: PublishedPlace;
}

export const RESTORE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

export async function spaceView(ctx: ServiceContext, row: SpaceRow, access: Access): Promise<SpaceView> {
  const counters = (await spaceCounters(ctx, [row.id])).get(row.id)!;
  return { row, access, counters };
}

/** A live space the caller can see (404 otherwise, including deleted spaces). */
async function visibleSpace(ctx: ServiceContext, spaceId: string): Promise<SpaceWithAccess> {
  return checkVisible(ctx, await loadSpace(ctx, spaceId));
}

export function checkVisible(ctx: ServiceContext, found: SpaceWithAccess | undefined): SpaceWithAccess {
  if (!found || found.row.deletedAt !== null) {
    requireCredential(ctx.caller);
    throw notFound("Space");
  }
  if (!can(found.access, "space.view")) requireCredential(ctx.caller);
  authorize(found.access, "space.view", "Space");
  return found;
}

export interface CreateSpaceInput {
  title?: string;
  emoji?: string;
  parent?: string;
  language?: string;
  editMode?: "live" | "locked";
  /** A built-in template whose pages become the space's first revision. */
  template?: ApplyTemplateInput;
}

/**
 * A space's creation as statements not yet run, for a caller that writes it in its own batch (a site's copy or
 * template, attached in the same transaction): `landed()`, once the batch has run, announces its first content
 * and gives the view.
 */
export interface PlannedSpace {
  row: SpaceRow;
  statements: Batchable[];
  landed(): Promise<SpaceView>;
}

export async function createSpace(
  ctx: ServiceContext,
  organizationId: string,
  input: CreateSpaceInput,
): Promise<SpaceView> {
  const planned = await planSpace(ctx, organizationId, input);
  await batch(ctx.db, planned.statements);
  return planned.landed();
}

/** createSpace's statements (see PlannedSpace). */
export async function planSpace(
  ctx: ServiceContext,
  organizationId: string,
  input: CreateSpaceInput,
): Promise<PlannedSpace> {
  const { caller, chain, fields } = await newTreeItem(ctx, organizationId, input);
  const row: SpaceRow = {
    ...fields,
    emoji: input.emoji ?? null,
    iconUrl: null,
    visibility: "private",
    language: input.language ?? null,
    editMode: input.editMode ?? "live",
    revisionId: newId(),
    shareKey: base62(randomBytes(16)),
  };
  const first = { spaceId: row.id, revisionId: row.revisionId, createdBy: caller.userId };
  const revision = input.template
    ? await templateFirstRevisionStatements(ctx, { ...first, template: input.template })
    : await initialRevisionStatements(ctx.db, { ...first, now: ctx.now });
  // A template's pages are content like any other write to main (search indexes them); an empty space has
  // nothing for anyone to react to (the daily search sweep records its empty index).
  const event = input.template ? contentEventStatements(ctx, mainContentOf(row)) : undefined;
  return {
    row,
    statements: [ctx.db.insert(spaces).values(row), ...revision, event?.statements],
    async landed() {
      if (event) await announce(ctx, [event.queued]);
      return spaceView(ctx, row, spaceAccess(caller, row, chain).access);
    },
  };
}

/** A new space's first content (a template's pages, a copy's): its main content moved, like a commit's. */
const mainContentOf = (row: SpaceRow): NewContentEvent => ({
  kind: "space.content.updated",
  organizationId: row.organizationId,
  spaceId: row.id,
  revisionId: row.revisionId,
});

export interface SpacePatch {
  title?: string;
  editMode?: "live" | "locked";
  defaultLevel?: DefaultLevel;
  language?: string;
  emoji?: string | null;
  icon?: string | null;
}

/** Title, emoji, icon and language need `edit`; `editMode` and `defaultLevel` change who may do what: `admin`. */
export async function updateSpace(ctx: ServiceContext, spaceId: string, patch: SpacePatch): Promise<SpaceView> {
  const found = await visibleSpace(ctx, spaceId);
  authorize(
    found.access,
    patch.defaultLevel !== undefined || patch.editMode !== undefined ? "space.admin" : "space.editMetadata",
    "Space",
  );
  const set: Partial<SpaceRow> = { updatedAt: ctx.now };
  if (patch.title !== undefined) set.title = patch.title.trim() || "Untitled";
  if (patch.editMode !== undefined) set.editMode = patch.editMode;
  if (patch.defaultLevel !== undefined) set.defaultLevel = toStoredLevel(patch.defaultLevel);
  if (patch.language !== undefined) set.language = patch.language;
  if (patch.emoji !== undefined) set.emoji = patch.emoji;
  if (patch.icon !== undefined) set.iconUrl = patch.icon;
  // An emoji and an icon are exclusive: setting one clears the other.
  if (patch.emoji && patch.icon === undefined) set.iconUrl = null;
  if (patch.icon && patch.emoji === undefined) set.emoji = null;
  const [row] = await ctx.db.update(spaces).set(set).where(eq(spaces.id, spaceId)).returning();
  if (!row) throw notFound("Space");
  return spaceView(ctx, row, spaceAccess(ctx.caller, row, found.chain).access);
}

/** Soft delete (admins). Deleting a space that does not exist, is invisible or is already deleted is a no-op. */
export async function deleteSpace(ctx: ServiceContext, spaceId: string): Promise<void> {
  requireUser(ctx.caller);
  const found = await loadSpace(ctx, spaceId);
  if (!found || found.row.deletedAt !== null || !can(found.access, "space.view")) return;
  authorize(found.access, "space.admin", "Space");
  await ctx.db.update(spaces).set({ deletedAt: ctx.now, updatedAt: ctx.now }).where(eq(spaces.id, spaceId));
}

/**
 * Restores a space deleted within the last 7 days (admins); 412 past that window. When its collection is
 * gone (deleted and not restored, or purged) it comes back at the organization's top level, last.
 */
export async function restoreSpace(ctx: ServiceContext, spaceId: string): Promise<SpaceView> {
  requireUser(ctx.caller);
  const found = await loadSpace(ctx, spaceId);
  if (!found) throw notFound("Space");
  authorize(found.access, "space.admin", "Space");
  const { row } = found;
  if (row.deletedAt === null) return spaceView(ctx, row, found.access);
  if (row.deletedAt < ctx.now - RESTORE_WINDOW_MS) {
    // Not bad input (400): a valid request the space's state no longer allows, a precondition.
    throw preconditionFailed("This space was deleted more than 7 days ago and can no longer be restored");
  }
  const parentAlive = row.parentId !== null && found.chain[0]?.id === row.parentId && found.chain[0].deletedAt === null;
  const set: Partial<SpaceRow> = { deletedAt: null, updatedAt: ctx.now };
  let chain = found.chain;
  if (row.parentId !== null && !parentAlive) {
    set.parentId = null;
    set.sortKey = await placementKey(ctx.db, { organizationId: row.organizationId, parentId: null, self: row.id });
    if (row.visibility === "in-collection") set.visibility = "private";
    chain = [];
  }
  const [updated] = await ctx.db.update(spaces).set(set).where(eq(spaces.id, spaceId)).returning();
  return spaceView(ctx, updated, spaceAccess(ctx.caller, updated, chain).access);
}

/** A new space with a copy of the source's current content, titled as a copy, placed right after it. */
export async function duplicateSpace(ctx: ServiceContext, spaceId: string): Promise<SpaceView> {
  const planned = await planSpaceCopy(ctx, spaceId);
  await batch(ctx.db, planned.statements);
  return planned.landed();
}

/** duplicateSpace's statements (see PlannedSpace). */
export async function planSpaceCopy(ctx: ServiceContext, spaceId: string): Promise<PlannedSpace> {
  const caller = requireUser(ctx.caller);
  const found = await visibleSpace(ctx, spaceId);
  const source = found.row;
  if (source.parentId === null) authorize(found.containerAccess, "organization.createContent", "Organization");
  else authorize(found.containerAccess, "collection.create", "Collection");
  const sortKey = await placementKey(ctx.db, {
    organizationId: source.organizationId,
    parentId: source.parentId,
    self: null,
    position: { after: { type: "space", space: source.id } },
  });
  const row: SpaceRow = {
    ...source,
    id: newId(),
    title: `${source.title.slice(0, 43)} (copy)`,
    sortKey,
    revisionId: newId(),
    shareKey: base62(randomBytes(16)),
    // A copy is on no site: it is published only once added to one.
    visibility: isPublished(source.visibility) ? "private" : source.visibility,
    createdBy: caller.userId,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    deletedAt: null,
  };
  const copy = copyRevisionStatements(ctx.db, {
    fromSpaceId: source.id,
    fromRevisionId: source.revisionId,
    toSpaceId: row.id,
    revisionId: row.revisionId,
    createdBy: caller.userId,
    now: ctx.now,
  });
  const event = contentEventStatements(ctx, mainContentOf(row));
  return {
    row,
    statements: [ctx.db.insert(spaces).values(row), ...copy, event.statements],
    async landed() {
      await announce(ctx, [event.queued]);
      return spaceView(ctx, row, spaceAccess(caller, row, found.chain).access);
    },
  };
}

/** Moves a space under `parent` (undefined: keep, null: top level) at `position` (default: last). */
export async function moveSpace(
  ctx: ServiceContext,
  spaceId: string,
  input: { parent?: string | null; position?: ContentPosition },
): Promise<SpaceView> {
  const found = await visibleSpace(ctx, spaceId);
  authorize(found.access, "space.create", "Space");
  const { row } = found;
  const target = await movedTreeItem(ctx, row, found.chain, input);
  const set: Partial<SpaceRow> = { parentId: target.parentId, sortKey: target.sortKey, updatedAt: ctx.now };
  if (target.parentId === null && row.visibility === "in-collection") set.visibility = "private";
  const [updated] = await ctx.db.update(spaces).set(set).where(eq(spaces.id, spaceId)).returning();
  return spaceView(ctx, updated, spaceAccess(ctx.caller, updated, target.chain).access);
}

/**
 * Transfers a space (admins) to the top level of another organization where the caller may create content.
 * The target must be another organization (412 for its own), visible to the caller (404) where they have
 * `create` (403). It leaves the old organization's sites, and is published only where the new one publishes it.
 */
export async function transferSpace(ctx: ServiceContext, spaceId: string, organizationId: string): Promise<SpaceView> {
  const found = await visibleSpace(ctx, spaceId);
  authorize(found.access, "space.admin", "Space");
  const { row } = found;
  // 412, not 400: the reference declares it for a space that cannot be transferred (CONTRACT §3).
  if (organizationId === row.organizationId) throw preconditionFailed("The space already belongs to this organization");
  authorize(organizationAccess(ctx.caller, organizationId), "organization.createContent", "Organization");
  const sortKey = await placementKey(ctx.db, { organizationId, parentId: null, self: row.id });
  // The old organization's sites let go of it in the same batch, and its visibility follows the new one's.
  const [, [updated]] = await batch(ctx.db, [
    unpublishFromOtherOrganizations(ctx.db, sql`${spaceId}`, organizationId),
    ctx.db
      .update(spaces)
      .set({
        organizationId,
        parentId: null,
        sortKey,
        updatedAt: ctx.now,
        visibility: transferredVisibility(organizationId, true),
      })
      .where(eq(spaces.id, spaceId))
      .returning(),
  ]);
  return spaceView(ctx, updated!, spaceAccess(ctx.caller, updated!, []).access);
}
