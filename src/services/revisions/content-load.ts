import { and, eq, or, sql, type SQL } from "drizzle-orm";
import { batch } from "../../db/batch";
import { changeRequests, revisions, spaces } from "../../db/schema";
import { assembleSnapshot, revisionNodesQuery, type StoredSnapshot } from "../../content/snapshot-store";
import { notFound } from "../../lib/errors";
import type { ServiceContext } from "../core/context";
import { authorize, type Action } from "../access/permissions";
import { chainQuery, spaceAccess, type SpaceWithAccess } from "../access/space-access";

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

function revisionIdSql(spaceId: string, target: ContentTarget) {
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

/** Reads a space with the caller's access and authorizes `action` (404 for deleted or invisible spaces). */
export function checkSpace(space: SpaceWithAccess | undefined, action: Action): SpaceWithAccess {
  if (!space || space.row.deletedAt !== null) throw notFound("Space");
  authorize(space.access, action, "Space");
  return space;
}

/**
 * One D1 round trip: the space, its collection chain, the change request named by `changeRequestRef` (if any),
 * and for each target its revision row and every node of its content. Authorizes `action` on the space.
 */
export async function loadContents(
  ctx: ServiceContext,
  spaceId: string,
  targets: ContentTarget[],
  opts: { action?: Action; changeRequestRef?: string; shareKey?: string } = {},
): Promise<LoadedContents> {
  const crTarget = targets.find((t): t is Extract<ContentTarget, { ref: string }> => "ref" in t);
  const crRef = opts.changeRequestRef ?? crTarget?.ref;
  const reads = targets.map((target) => {
    const revisionId = revisionIdSql(spaceId, target);
    return [
      ctx.db
        .select()
        .from(revisions)
        .where(and(sql`${revisions.id} = (${revisionId})`, eq(revisions.spaceId, spaceId)))
        .limit(1),
      revisionNodesQuery(ctx.db, spaceId, revisionId),
    ] as const;
  });
  const [spaceRows, chain, crRows, contents] = await batch(ctx.db, [
    ctx.db.select().from(spaces).where(eq(spaces.id, spaceId)).limit(1),
    chainQuery(ctx.db, sql`SELECT parent_id FROM spaces WHERE id = ${spaceId}`),
    ctx.db
      .select()
      .from(changeRequests)
      .where(crRef ? changeRequestWhere(spaceId, crRef) : sql`0`)
      .limit(1),
    reads,
  ]);
  const row = spaceRows[0];
  const space = checkSpace(
    row ? { row, chain, ...spaceAccess(ctx.caller, row, chain, opts.shareKey) } : undefined,
    opts.action ?? "space.view",
  );
  if (crRef && !crRows[0]) throw notFound("Change request");
  const snapshots = contents.map(([[revision], nodes]) => {
    if (!revision) throw notFound("Revision");
    return assembleSnapshot(revision, nodes);
  });
  return { space, changeRequest: crRows[0], snapshots };
}

/** loadContents for a single target. */
export async function loadContent(
  ctx: ServiceContext,
  spaceId: string,
  target: ContentTarget,
  opts: { action?: Action; shareKey?: string } = {},
): Promise<LoadedContent> {
  const { space, changeRequest, snapshots } = await loadContents(ctx, spaceId, [target], opts);
  return { space, changeRequest, snapshot: snapshots[0] };
}

/** Reads another revision's snapshot of the same space (e.g. a merge base) in one round trip. */
export async function loadSnapshot(ctx: ServiceContext, spaceId: string, revisionId: string): Promise<StoredSnapshot> {
  const [revisionRows, nodes] = await batch(ctx.db, [
    ctx.db
      .select()
      .from(revisions)
      .where(and(eq(revisions.id, revisionId), eq(revisions.spaceId, spaceId)))
      .limit(1),
    revisionNodesQuery(ctx.db, spaceId, sql`SELECT ${revisionId}`),
  ]);
  if (!revisionRows[0]) throw notFound("Revision");
  return assembleSnapshot(revisionRows[0], nodes);
}
