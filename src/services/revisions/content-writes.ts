import { and, eq, type SQL, sql } from "drizzle-orm";
import { applyChanges, type PageOutcome } from "../../content/apply";
import type { ContentChangeInput } from "../../content/changes";
import { computedSpecSlugsOf } from "../../content/computed";
import type { FileEntry, Snapshot } from "../../content/model";
import { contentInsertStatements, serializeSnapshot, type StoredSnapshot } from "../../content/snapshot-store";
import { type Statement, batch } from "../../db/batch";
import { inBatch } from "../../db/client";
import { changeRequests, type RevisionGit, spaces } from "../../db/schema";
import { ApiError, conflict, forbidden } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { contentDeps } from "./content-deps";
import { loadContents, loadSnapshot, rememberCommitted, type ChangeRequestRow } from "./content-load";
import { announce, contentEventStatements, requireActor, type ServiceContext } from "../core";
import { withSpaceWriteTurn } from "./write-turns";

const ATTEMPTS = 3;

export interface ContentWriteResult {
  changeRequest: ChangeRequestRow;
  outcomes: PageOutcome[];
  insertedFiles: FileEntry[];
}

/** What a write made (its pages' outcomes, the files it inserted), before its batch runs. */
export type WrittenContent = Pick<ContentWriteResult, "outcomes" | "insertedFiles">;

export interface ContentWriteOptions {
  /**
   * The caller's own statements for the commit's batch, built on what the write made and on the commit's guard
   * (they must write nothing unless it holds): a job's progress lands with the content or not at all.
   */
  alongside?: (written: WrittenContent, guard: SQL) => Statement[];
}

/**
 * Applies a batch of content changes to a change request as one new revision. All or nothing: an invalid
 * change answers 400 and nothing is written. Concurrent writes to the same change request never overwrite
 * each other and are not refused: they take turns in the space (withSpaceWriteTurn); the head still moves by
 * compare-and-set, and a race lost to a writer without a turn re-applies the batch on the new head.
 */
export function writeChangeRequestContent(
  ctx: ServiceContext,
  spaceId: string,
  ref: string,
  changes: ContentChangeInput[],
  options: ContentWriteOptions = {},
): Promise<ContentWriteResult> {
  return withSpaceWriteTurn(ctx, spaceId, (turnCtx) => applyToChangeRequest(turnCtx, spaceId, ref, changes, options));
}

async function applyToChangeRequest(
  ctx: ServiceContext,
  spaceId: string,
  ref: string,
  changes: ContentChangeInput[],
  options: ContentWriteOptions,
): Promise<ContentWriteResult> {
  // People and installation tokens (`space:content:write`); an integration is no contributor (no user row).
  const caller = requireActor(ctx.caller);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { changeRequest, snapshots } = await loadContents(ctx, spaceId, [{ kind: "change-request", ref }], {
      action: "space.edit",
    });
    const cr = changeRequest!;
    if (cr.status === "merged" || cr.status === "archived") {
      throw conflict(`The change request is ${cr.status}; its content can no longer change`);
    }
    const head = snapshots[0];
    const deps = contentDeps(ctx, spaceId, {
      revertSource: (revisionId) =>
        loadSnapshot(ctx, spaceId, revisionId ?? cr.revisionMergedAncestor ?? cr.revisionInitial),
    });
    const applied = await applyChanges(head, changes, deps);
    const revisionId = newId();
    const moved = await commitRevision(ctx, spaceId, head, applied.snapshot, applied.bodies, {
      revisionId,
      type: "edits",
      parents: [head.revision.id],
      changeRequestId: cr.id,
      casChangeRequest: { id: cr.id, expectedRevision: head.revision.id },
      extra: (guard) => [
        ...(caller.userId === null
          ? []
          : [
              inBatch(
                ctx.db,
                ctx.db.run(sql`INSERT OR IGNORE INTO change_request_contributors (change_request_id, user_id, space_id)
            SELECT ${cr.id}, ${caller.userId}, ${spaceId} WHERE ${guard}`),
              ),
            ]),
        ...(options.alongside?.(applied, guard) ?? []),
      ],
    });
    if (moved.committed)
      return { changeRequest: moved.changeRequest!, outcomes: applied.outcomes, insertedFiles: applied.insertedFiles };
  }
  throw new ApiError(409, "The change request kept changing while this batch was applied; retry");
}

/**
 * Applies content changes straight to the space's primary content as one `edits` revision (imports and
 * templates into main). Needs `edit`; a locked space refuses with 403. Runs in the space's write turn;
 * races with writers without a turn retry on the new main.
 */
export function writeMainContent(
  ctx: ServiceContext,
  spaceId: string,
  changes: ContentChangeInput[],
  options: ContentWriteOptions = {},
): Promise<MainWriteResult> {
  return withSpaceWriteTurn(ctx, spaceId, (turnCtx) => applyToMain(turnCtx, spaceId, changes, options));
}

type MainWriteResult = { revisionId: string; outcomes: PageOutcome[]; insertedFiles: FileEntry[] };

async function applyToMain(
  ctx: ServiceContext,
  spaceId: string,
  changes: ContentChangeInput[],
  options: ContentWriteOptions,
): Promise<MainWriteResult> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { space, snapshots } = await loadContents(ctx, spaceId, [{ kind: "main" }], { action: "space.edit" });
    if (space.row.editMode === "locked") throw forbidden("The space is locked: its content cannot change");
    const main = snapshots[0];
    const applied = await applyChanges(main, changes, contentDeps(ctx, spaceId));
    const revisionId = newId();
    const done = await commitRevision(ctx, spaceId, main, applied.snapshot, applied.bodies, {
      revisionId,
      type: "edits",
      parents: [main.revision.id],
      changeRequestId: null,
      casSpace: { expectedRevision: main.revision.id },
      extra: options.alongside && ((guard) => options.alongside!(applied, guard)),
    });
    if (done.committed) return { revisionId, outcomes: applied.outcomes, insertedFiles: applied.insertedFiles };
  }
  throw new ApiError(409, "The space kept changing while this content was written; retry");
}

interface CommitOptions {
  revisionId: string;
  type: "edits" | "merge" | "update";
  parents: string[];
  changeRequestId: string | null;
  mergedFrom?: string;
  /** Move a change request's head from expectedRevision (and optionally record main's revision). */
  casChangeRequest?: { id: string; expectedRevision: string; mergedAncestor?: string };
  /** Move the space's primary revision from expectedRevision (and mark a change request merged, from its head). */
  casSpace?: { expectedRevision: string; mergedChangeRequest?: { id: string; expectedRevision: string } };
  /** More statements for the same batch, built on the commit's guard (write nothing unless it holds). */
  extra?: (guard: SQL) => Statement[];
  /** The Git commit the revision comes from (Git sync). */
  git?: RevisionGit;
  /** A revision on its own: neither main nor a change request moves (Git sync's `standalone` import). */
  standalone?: boolean;
}

export interface CommitResult {
  /** False when the compare-and-set lost a race: nothing visible changed, the caller may retry. */
  committed: boolean;
  /** The change request as updated by the commit (its head moved, or it was merged). */
  changeRequest?: ChangeRequestRow;
}

/**
 * Writes a snapshot as a new revision in one batch: new nodes and bodies, the revision row, and the
 * compare-and-set that moves the change request's head or the space's primary content. Nothing is visible
 * unless the compare-and-set wins (the revision insert and every update are guarded by it).
 */
export async function commitRevision(
  ctx: ServiceContext,
  spaceId: string,
  base: StoredSnapshot,
  next: Snapshot,
  bodies: Map<string, string>,
  opts: CommitOptions,
): Promise<CommitResult> {
  const write = await serializeSnapshot(next, base);
  const computedSpecs = computedSpecSlugsOf(next);
  const writable = sql`status IN ('open', 'draft')`;
  const merging = opts.casSpace?.mergedChangeRequest;
  // What must still hold for anything to be written: main (and the merged change request's head) unchanged,
  // or the change request's head unchanged and the change request still open to writes.
  const guard = opts.standalone
    ? sql`1`
    : opts.casSpace
      ? sql`EXISTS (SELECT 1 FROM spaces WHERE id = ${spaceId} AND revision_id = ${opts.casSpace.expectedRevision})${
          merging
            ? sql` AND EXISTS (SELECT 1 FROM change_requests WHERE id = ${merging.id} AND revision_id = ${merging.expectedRevision} AND ${writable})`
            : sql``
        }`
      : sql`EXISTS (SELECT 1 FROM change_requests WHERE id = ${opts.casChangeRequest!.id} AND revision_id = ${opts.casChangeRequest!.expectedRevision} AND ${writable})`;
  const statements: Statement[] = [
    ...contentInsertStatements(ctx.db, spaceId, write.nodes, bodies),
    inBatch(
      ctx.db,
      ctx.db.run(sql`INSERT INTO revisions (id, space_id, type, parents, merged_from, change_request_id, root_node, files_node,
        reusables_node, locator_node, variables, created_by, created_at, git, computed_specs)
      SELECT ${opts.revisionId}, ${spaceId}, ${opts.type}, ${JSON.stringify(opts.parents)}, ${opts.mergedFrom ?? null},
        ${opts.changeRequestId}, ${write.rootNode}, ${write.filesNode}, ${write.reusablesNode}, ${write.locatorNode},
        ${JSON.stringify(next.variables)},
        ${ctx.caller.kind === "user" ? ctx.caller.userId : null}, ${ctx.now}, ${opts.git ? JSON.stringify(opts.git) : null},
        ${computedSpecs ? JSON.stringify(computedSpecs) : null}
      WHERE ${guard}`),
    ),
    ...(opts.extra?.(guard) ?? []),
  ];
  if (opts.standalone) {
    await batch(ctx.db, [statements]);
    return { committed: true };
  }
  if (opts.casSpace) {
    const { expectedRevision } = opts.casSpace;
    // Main moved: one `space.content.updated` event (search, integration events…), under the same
    // compare-and-set, written before the space moves (the guard reads the space's current revision).
    const event = contentEventStatements(
      ctx,
      {
        kind: "space.content.updated",
        organizationId: sql`(SELECT organization_id FROM spaces WHERE id = ${spaceId})`,
        spaceId,
        revisionId: opts.revisionId,
        changeRequestId: merging?.id ?? null,
      },
      guard,
    );
    const [, , moved, merged] = await batch(ctx.db, [
      statements,
      event.statements,
      ctx.db
        .update(spaces)
        .set({ revisionId: opts.revisionId, updatedAt: ctx.now })
        .where(and(eq(spaces.id, spaceId), eq(spaces.revisionId, expectedRevision), sql`${guard}`))
        .returning({ id: spaces.id }),
      // Runs after the space moved: marks the change request merged only if this very commit moved main.
      ctx.db
        .update(changeRequests)
        .set({ status: "merged", revisionMerged: opts.revisionId, mergedAt: ctx.now, updatedAt: ctx.now })
        .where(
          and(
            eq(changeRequests.id, merging?.id ?? ""),
            eq(changeRequests.revisionId, merging?.expectedRevision ?? ""),
            sql`EXISTS (SELECT 1 FROM spaces WHERE id = ${spaceId} AND revision_id = ${opts.revisionId})`,
          ),
        )
        .returning(),
    ]);
    if (moved.length > 0) {
      rememberCommitted(spaceId, opts.revisionId);
      await announce(ctx, [event.queued]);
    }
    return { committed: moved.length > 0, changeRequest: merged[0] };
  }
  const cas = opts.casChangeRequest!;
  const [, [updated]] = await batch(ctx.db, [
    statements,
    ctx.db
      .update(changeRequests)
      .set({
        revisionId: opts.revisionId,
        updatedAt: ctx.now,
        ...(cas.mergedAncestor ? { revisionMergedAncestor: cas.mergedAncestor } : {}),
      })
      .where(and(eq(changeRequests.id, cas.id), eq(changeRequests.revisionId, cas.expectedRevision), writable))
      .returning(),
  ]);
  if (updated) rememberCommitted(spaceId, opts.revisionId, updated);
  return { committed: Boolean(updated), changeRequest: updated };
}
