import { and, eq, sql } from "drizzle-orm";
import { applyChanges, type PageOutcome } from "../content/apply";
import type { ContentChangeInput } from "../content/changes";
import type { FileEntry } from "../content/model";
import { contentInsertStatements, serializeSnapshot, type StoredSnapshot } from "../content/snapshot-store";
import { inBatch } from "../db/client";
import { changeRequestContributors, changeRequests, revisions } from "../db/schema";
import { ApiError, conflict } from "../lib/errors";
import { newId } from "../lib/ids";
import { contentDeps } from "./content-deps";
import { requireUser, type ServiceContext } from "./context";
import { loadContents, loadSnapshot, type ChangeRequestRow } from "./content-load";

const ATTEMPTS = 3;

export interface ContentWriteResult {
  changeRequest: ChangeRequestRow;
  outcomes: PageOutcome[];
  insertedFiles: FileEntry[];
}

/**
 * Applies a batch of content changes to a change request as one new revision. All or nothing: an invalid
 * change answers 400 and nothing is written. Concurrent writes to the same change request never overwrite
 * each other: the head moves by compare-and-set, and a lost race re-applies the batch on the new head.
 */
export async function writeChangeRequestContent(
  ctx: ServiceContext,
  spaceId: string,
  ref: string,
  changes: ContentChangeInput[],
): Promise<ContentWriteResult> {
  const caller = requireUser(ctx.caller);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { changeRequest, snapshots } = await loadContents(ctx, spaceId, [{ kind: "change-request", ref }], { action: "space.edit" });
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
      extra: [
        ctx.db
          .insert(changeRequestContributors)
          .values({ changeRequestId: cr.id, userId: caller.userId, spaceId })
          .onConflictDoNothing(),
      ],
    });
    if (moved) return { changeRequest: moved, outcomes: applied.outcomes, insertedFiles: applied.insertedFiles };
  }
  throw new ApiError(409, "The change request kept changing while this batch was applied; retry");
}

interface CommitOptions {
  revisionId: string;
  type: "edits" | "merge" | "update";
  parents: string[];
  changeRequestId: string | null;
  mergedFrom?: string;
  /** Move a change request's head from expectedRevision (and optionally record main's revision). */
  casChangeRequest?: { id: string; expectedRevision: string; mergedAncestor?: string };
  /** Move the space's primary revision from expectedRevision, marking a change request merged. */
  casSpace?: { expectedRevision: string; mergedChangeRequest: string };
  extra?: unknown[];
}

/**
 * Writes a snapshot as a new revision in one batch: new nodes and bodies, the revision row, and the
 * compare-and-set that moves the change request's head or the space's primary content. Returns the updated
 * change request, or undefined when the compare-and-set lost a race (nothing visible changed).
 */
export async function commitRevision(
  ctx: ServiceContext,
  spaceId: string,
  base: StoredSnapshot,
  next: import("../content/model").Snapshot,
  bodies: Map<string, string>,
  opts: CommitOptions,
): Promise<ChangeRequestRow | undefined> {
  const write = await serializeSnapshot(next, base);
  const guard = opts.casSpace
    ? sql`EXISTS (SELECT 1 FROM spaces WHERE id = ${spaceId} AND revision_id = ${opts.casSpace.expectedRevision})`
    : sql`EXISTS (SELECT 1 FROM change_requests WHERE id = ${opts.casChangeRequest!.id} AND revision_id = ${opts.casChangeRequest!.expectedRevision})`;
  const statements: unknown[] = [
    ...contentInsertStatements(ctx.db, spaceId, write.nodes, bodies),
    inBatch(ctx.db, ctx.db.run(sql`INSERT INTO revisions (id, space_id, type, parents, merged_from, change_request_id, root_node, files_node,
        reusables_node, variables, created_by, created_at)
      SELECT ${opts.revisionId}, ${spaceId}, ${opts.type}, ${JSON.stringify(opts.parents)}, ${opts.mergedFrom ?? null},
        ${opts.changeRequestId}, ${write.rootNode}, ${write.filesNode}, ${write.reusablesNode}, ${JSON.stringify(next.variables)},
        ${ctx.caller.kind === "user" ? ctx.caller.userId : null}, ${ctx.now}
      WHERE ${guard}`)),
    ...(opts.extra ?? []),
  ];
  if (opts.casSpace) {
    statements.push(
      ctx.db
        .update(changeRequests)
        .set({ status: "merged", revisionMerged: opts.revisionId, mergedAt: ctx.now, updatedAt: ctx.now })
        .where(and(eq(changeRequests.id, opts.casSpace.mergedChangeRequest), sql`${guard}`))
        .returning(),
      inBatch(ctx.db, ctx.db.run(sql`UPDATE spaces SET revision_id = ${opts.revisionId}, updated_at = ${ctx.now}
        WHERE id = ${spaceId} AND revision_id = ${opts.casSpace.expectedRevision}`)),
    );
  } else {
    const cas = opts.casChangeRequest!;
    statements.push(
      ctx.db
        .update(changeRequests)
        .set({
          revisionId: opts.revisionId,
          updatedAt: ctx.now,
          ...(cas.mergedAncestor ? { revisionMergedAncestor: cas.mergedAncestor } : {}),
        })
        .where(and(eq(changeRequests.id, cas.id), eq(changeRequests.revisionId, cas.expectedRevision)))
        .returning(),
    );
  }
  const results = (await ctx.db.batch(statements as never)) as unknown[];
  const updated = results[results.length - (opts.casSpace ? 2 : 1)] as ChangeRequestRow[];
  return updated[0];
}

