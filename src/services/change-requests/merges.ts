import { mergeSnapshots, type MergeConflict } from "../../content/merge";
import type { StoredSnapshot } from "../../content/snapshot-store";
import { ApiError, conflict, forbidden } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { contentDeps, loadContents, commitRevision, withSpaceWriteTurn } from "../revisions";
import type { ServiceContext } from "../core";

const ATTEMPTS = 3;

export interface MergeResult {
  result: "merge" | "update" | "conflicts";
  revision: string;
  conflicts?: MergeConflict[];
}

/** Nodes known from either side, so the serialized result only sends what is really new. */
function sharedBase(primary: StoredSnapshot, other: StoredSnapshot): StoredSnapshot {
  return { ...primary, nodeHashes: new Set([...primary.nodeHashes, ...other.nodeHashes]) };
}

/**
 * Merges a change request into the space's primary content: a three-way merge of the change request's head
 * (ours) and main (theirs) from their last common revision. Conflicts change nothing. Merges into one space
 * take turns (withSpaceWriteTurn), so concurrent merges of disjoint change requests all merge; the space's
 * revision still moves by compare-and-set, and a race lost to a writer without a turn retries on the new main.
 */
export function mergeChangeRequest(ctx: ServiceContext, spaceId: string, ref: string): Promise<MergeResult> {
  return withSpaceWriteTurn(ctx, spaceId, (turnCtx) => mergeIntoMain(turnCtx, spaceId, ref));
}

async function mergeIntoMain(ctx: ServiceContext, spaceId: string, ref: string): Promise<MergeResult> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const loaded = await loadContents(
      ctx,
      spaceId,
      [{ kind: "change-request", ref }, { kind: "main" }, { kind: "merge-base", ref }],
      {
        action: "space.merge",
      },
    );
    const cr = loaded.changeRequest!;
    const [head, main, base] = loaded.snapshots;
    if (cr.status === "merged") throw conflict("The change request is already merged");
    if (cr.status === "archived") throw conflict("An archived change request cannot be merged; reopen it first");
    if (loaded.space.row.editMode === "locked") throw forbidden("The space is locked: its content cannot change");

    const deps = contentDeps(ctx, spaceId);
    const merged =
      base.revision.id === main.revision.id
        ? { kind: "merged" as const, snapshot: head, bodies: new Map<string, string>() }
        : await mergeSnapshots(base, head, main, deps);
    if (merged.kind === "conflicts")
      return { result: "conflicts", revision: main.revision.id, conflicts: merged.conflicts };

    const revisionId = newId();
    const done = await commitRevision(ctx, spaceId, sharedBase(main, head), merged.snapshot, merged.bodies, {
      revisionId,
      type: "merge",
      parents: [main.revision.id, head.revision.id],
      changeRequestId: null,
      mergedFrom: cr.id,
      casSpace: {
        expectedRevision: main.revision.id,
        mergedChangeRequest: { id: cr.id, expectedRevision: head.revision.id },
      },
    });
    if (done.committed) return { result: "merge", revision: revisionId };
  }
  throw new ApiError(409, "The space kept changing while merging; retry");
}

/** Brings main's changes into the change request (the same three-way merge in the other direction), in the space's write turn. */
export function updateChangeRequestFromMain(ctx: ServiceContext, spaceId: string, ref: string): Promise<MergeResult> {
  return withSpaceWriteTurn(ctx, spaceId, (turnCtx) => updateFromMain(turnCtx, spaceId, ref));
}

async function updateFromMain(ctx: ServiceContext, spaceId: string, ref: string): Promise<MergeResult> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const loaded = await loadContents(
      ctx,
      spaceId,
      [{ kind: "change-request", ref }, { kind: "main" }, { kind: "merge-base", ref }],
      {
        action: "space.edit",
      },
    );
    const cr = loaded.changeRequest!;
    const [head, main, base] = loaded.snapshots;
    if (cr.status === "merged") throw conflict("The change request is already merged");
    if (base.revision.id === main.revision.id) return { result: "update", revision: head.revision.id };

    const merged = await mergeSnapshots(base, head, main, contentDeps(ctx, spaceId));
    if (merged.kind === "conflicts")
      return { result: "conflicts", revision: head.revision.id, conflicts: merged.conflicts };

    const revisionId = newId();
    const done = await commitRevision(ctx, spaceId, sharedBase(head, main), merged.snapshot, merged.bodies, {
      revisionId,
      type: "update",
      parents: [head.revision.id, main.revision.id],
      changeRequestId: cr.id,
      casChangeRequest: { id: cr.id, expectedRevision: head.revision.id, mergedAncestor: main.revision.id },
    });
    if (done.committed) return { result: "update", revision: revisionId };
  }
  throw new ApiError(409, "The change request kept changing while updating; retry");
}
