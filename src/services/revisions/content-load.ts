import { and, eq, or, type Placeholder, sql, type SQL } from "drizzle-orm";
import { batch, type Statement } from "../../db/batch";
import type { Db } from "../../db/client";
import { type Placeholders, reusableStatements } from "../../db/reusable";
import { changeRequests, revisions } from "../../db/schema";
import { assembleSnapshot, revisionNodesQuery, type StoredSnapshot } from "../../content/snapshot-store";
import { notFound } from "../../lib/errors";
import { type Caller, requireCredential, type ServiceContext } from "../core";
import { cachedSnapshot, cacheSnapshot, lastRevisionOf, rememberRevisionOf } from "./snapshot-cache";
import {
  type Action,
  authorize,
  can,
  readsAsVisitor,
  type SpaceWithAccess,
  spaceRead,
  withSpaceAccess,
} from "../access";

export type ChangeRequestRow = typeof changeRequests.$inferSelect;

/** Which content to read: the space's primary content, a change request's head, or one revision. */
export type ContentTarget =
  | { kind: "main" }
  | { kind: "change-request"; ref: string }
  /** The last common revision of a change request and main (its merge base). */
  | { kind: "merge-base"; ref: string }
  | { kind: "revision"; revisionId: string };

export interface LoadedContent {
  space: SpaceWithAccess;
  changeRequest?: ChangeRequestRow;
  snapshot: StoredSnapshot;
}

export interface LoadedContents {
  space: SpaceWithAccess;
  changeRequest?: ChangeRequestRow;
  snapshots: StoredSnapshot[];
}

/** `{changeRequestId}` is the id or the per-space number. */
export function changeRequestWhere(spaceId: string, ref: string): SQL {
  const number = /^\d{1,9}$/.test(ref) ? Number(ref) : -1;
  return and(eq(changeRequests.spaceId, spaceId), or(eq(changeRequests.id, ref), eq(changeRequests.number, number)))!;
}

export function revisionIdSql(spaceId: string, target: ContentTarget) {
  switch (target.kind) {
    case "main":
      return sql`SELECT revision_id FROM spaces WHERE id = ${spaceId}`;
    case "change-request":
    case "merge-base": {
      const number = /^\d{1,9}$/.test(target.ref) ? Number(target.ref) : -1;
      const column =
        target.kind === "merge-base" ? sql`COALESCE(revision_merged_ancestor, revision_initial)` : sql`revision_id`;
      return sql`SELECT ${column} FROM change_requests WHERE space_id = ${spaceId} AND (id = ${target.ref} OR number = ${number})`;
    }
    case "revision":
      return sql`SELECT ${target.revisionId}`;
  }
}

/** A revision's row and every node of its content; `revisionId` is an SQL expression naming it (no rows: none). */
function revisionReads(db: Db, spaceId: string | Placeholder, revisionId: SQL) {
  return [
    db
      .select()
      .from(revisions)
      .where(and(sql`${revisions.id} = (${revisionId})`, eq(revisions.spaceId, spaceId)))
      .limit(1),
    revisionNodesQuery(db, spaceId, revisionId),
  ] as const;
}

// The primary content's reads (the hot page reads), their SQL built once per isolate.
const mainRevisionReads = reusableStatements((db, p: Placeholders<{ spaceId: string }>) =>
  revisionReads(db, p.spaceId, sql`SELECT revision_id FROM spaces WHERE id = ${p.spaceId}`),
);
/** Reads a space with the caller's access and authorizes `action` (404 for deleted or invisible spaces). */
export function checkSpace(space: SpaceWithAccess | undefined, action: Action, caller?: Caller): SpaceWithAccess {
  if (caller && !(space && space.row.deletedAt === null && can(space.access, "space.view"))) {
    requireCredential(caller);
  }
  if (!space || space.row.deletedAt !== null) throw notFound("Space");
  authorize(space.access, action, "Space");
  return space;
}

/** Where a target's revision id is named, once the first batch is back: the space row, or the change request. */
export function namedRevision(target: ContentTarget, space: { revisionId: string }, cr: ChangeRequestRow | undefined) {
  switch (target.kind) {
    case "main":
      return space.revisionId;
    case "change-request":
      return cr?.revisionId;
    case "merge-base":
      return cr ? (cr.revisionMergedAncestor ?? cr.revisionInitial) : undefined;
    case "revision":
      return target.revisionId;
  }
}

/** The key under which the isolate remembers which revision a target named last time. */
export function pointerOf(spaceId: string, target: ContentTarget) {
  return target.kind === "revision" ? undefined : `${spaceId}:${target.kind}:${"ref" in target ? target.ref : ""}`;
}

/**
 * After this isolate moved main (no `changeRequest`) or a change request's head: what they name now, so that its
 * next read here does not expect the snapshot it moved on from (which would cost a round trip to find out).
 */
export function rememberCommitted(spaceId: string, revisionId: string, changeRequest?: ChangeRequestRow) {
  if (!changeRequest) {
    rememberRevisionOf(pointerOf(spaceId, { kind: "main" })!, revisionId);
    return;
  }
  const mergeBase = changeRequest.revisionMergedAncestor ?? changeRequest.revisionInitial;
  for (const ref of [changeRequest.id, String(changeRequest.number)]) {
    rememberRevisionOf(pointerOf(spaceId, { kind: "change-request", ref })!, changeRequest.revisionId);
    if (mergeBase) rememberRevisionOf(pointerOf(spaceId, { kind: "merge-base", ref })!, mergeBase);
  }
}

/**
 * Reads that a caller may add to the first batch, given the snapshots the isolate expects each target to have
 * (undefined where it has none in memory); their rows come back as `alongside`, unchecked: the caller uses them
 * only if the loaded snapshot is the one it expected.
 */
export type AlongsideReads = (expected: (StoredSnapshot | undefined)[]) => Statement[];

/**
 * One D1 round trip: the space, its collection chain, the change request named by `changeRequestRef` (if any),
 * and for each target its revision's snapshot: from this isolate's cache when the revision it names is there
 * (revisions are immutable), else its revision row and every node of its content. Authorizes `action` on the space.
 *
 * For a target whose snapshot the isolate expects (the revision it named last time here), the batch reads nothing
 * more: the space row (or the change request row) names the target's revision. Only a target that moved on since
 * then costs a second round trip, once per isolate after each move (unless the new revision's snapshot is cached),
 * where reading its revision in the first batch would cost two statements on every read.
 */
export async function loadContents(
  ctx: ServiceContext,
  spaceId: string,
  targets: ContentTarget[],
  opts: { action?: Action; changeRequestRef?: string; alongside?: AlongsideReads } = {},
): Promise<LoadedContents & { alongside: unknown[]; expected: (StoredSnapshot | undefined)[] }> {
  const crTarget = targets.find((t): t is Extract<ContentTarget, { ref: string }> => "ref" in t);
  const crRef = opts.changeRequestRef ?? crTarget?.ref;
  const expected = targets.map((target) => {
    const pointer = pointerOf(spaceId, target);
    const revisionId = target.kind === "revision" ? target.revisionId : pointer && lastRevisionOf(pointer);
    return revisionId ? cachedSnapshot(revisionId, spaceId) : undefined;
  });
  const reads = targets.map((target, i) => {
    // The batch's change request row names only `crRef`'s revisions: another change request's target is read.
    if (expected[i] && (!("ref" in target) || target.ref === crRef)) return undefined;
    if (target.kind === "main") return mainRevisionReads(ctx.db, { spaceId });
    return revisionReads(ctx.db, spaceId, revisionIdSql(spaceId, target));
  });
  const [spaceRows, crRows, contents, alongside] = await batch(ctx.db, [
    spaceRead(ctx.db, spaceId),
    crRef ? ctx.db.select().from(changeRequests).where(changeRequestWhere(spaceId, crRef)).limit(1) : undefined,
    reads,
    opts.alongside?.(expected) ?? [],
  ]);
  const space = checkSpace(await withSpaceAccess(ctx, spaceRows), opts.action ?? "space.viewContent", ctx.caller);
  const changeRequest = crRows?.[0];
  if (crRef && !changeRequest) throw notFound("Change request");
  const snapshots = await Promise.all(
    targets.map(async (target, i) => {
      const read = contents[i];
      let snapshot: StoredSnapshot | undefined;
      if (read) {
        const [[revision], nodes] = read;
        if (revision) snapshot = cachedRead(revision, nodes);
      } else {
        const named = namedRevision(target, space.row, changeRequest);
        if (named === expected[i]!.revision.id) snapshot = expected[i];
        else if (named) snapshot = await loadSnapshot(ctx, spaceId, named);
      }
      if (!snapshot) throw notFound("Revision");
      // Visitors read the space's published history by revision, never a change request's unmerged work.
      if (target.kind === "revision" && snapshot.revision.changeRequestId && readsAsVisitor(ctx.caller, space)) {
        throw notFound("Revision");
      }
      const pointer = pointerOf(spaceId, target);
      if (pointer) rememberRevisionOf(pointer, snapshot.revision.id);
      return snapshot;
    }),
  );
  return { space, changeRequest, snapshots, alongside: alongside as unknown[], expected };
}

/** A snapshot assembled from its revision's row and nodes, kept in the isolate's cache. */
function cachedRead(revision: Parameters<typeof assembleSnapshot>[0], nodes: Parameters<typeof assembleSnapshot>[1]) {
  const snapshot = assembleSnapshot(revision, nodes);
  cacheSnapshot(
    snapshot,
    nodes.reduce((bytes, node) => bytes + node.data.length, 0),
  );
  return snapshot;
}

/** loadContents for a single target. */
export async function loadContent(
  ctx: ServiceContext,
  spaceId: string,
  target: ContentTarget,
  opts: { action?: Action } = {},
): Promise<LoadedContent> {
  const { space, changeRequest, snapshots } = await loadContents(ctx, spaceId, [target], opts);
  return { space, changeRequest, snapshot: snapshots[0] };
}

/** Reads another revision's snapshot of the same space (e.g. a merge base) in one round trip. */
export async function loadSnapshot(ctx: ServiceContext, spaceId: string, revisionId: string): Promise<StoredSnapshot> {
  const cached = cachedSnapshot(revisionId, spaceId);
  if (cached) return cached;
  const [revisionRows, nodes] = await batch(ctx.db, [
    ctx.db
      .select()
      .from(revisions)
      .where(and(eq(revisions.id, revisionId), eq(revisions.spaceId, spaceId)))
      .limit(1),
    revisionNodesQuery(ctx.db, spaceId, sql`SELECT ${revisionId}`),
  ]);
  if (!revisionRows[0]) throw notFound("Revision");
  return cachedRead(revisionRows[0], nodes);
}
