import { and, eq, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import { inBatch } from "../../db/client";
import { changeRequests, users } from "../../db/schema";
import { conflict } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { keysetPage, type PageRequest } from "../../lib/pagination";
import { requireUser, type ServiceContext } from "../core";
import {
  type ChangeRequestRow,
  type AuthorColumns,
  authorColumns,
  authorOf,
  type ChangeRequestStatus,
  changeRequestView,
  loadSpaceAndChangeRequest,
  openCommentsColumn,
} from "../revisions";

/** Opens a change request on the space's current revision; numbers count from 1 per space. */
export async function createChangeRequest(ctx: ServiceContext, spaceId: string, subject: string | undefined) {
  const caller = requireUser(ctx.caller);
  const { space } = await loadSpaceAndChangeRequest(ctx, spaceId, undefined, "space.edit");
  const id = newId();
  const revision = space.row.revisionId;
  const [, inserted, author] = await batch(ctx.db, [
    inBatch(
      ctx.db,
      ctx.db.run(sql`INSERT INTO change_requests (id, space_id, number, status, subject, created_by, revision_id,
        revision_initial, created_at, updated_at)
      SELECT ${id}, ${spaceId}, COALESCE(MAX(number), 0) + 1, 'open', ${subject ?? ""}, ${caller.userId}, ${revision},
        ${revision}, ${ctx.now}, ${ctx.now}
      FROM change_requests WHERE space_id = ${spaceId}`),
    ),
    ctx.db.select().from(changeRequests).where(eq(changeRequests.id, id)).limit(1),
    ctx.db.select().from(users).where(eq(users.id, caller.userId)).limit(1),
  ]);
  return changeRequestView(inserted[0], author[0], space, 0);
}

export interface ChangeRequestListQuery extends PageRequest {
  status?: ChangeRequestStatus;
  contributor?: string;
}

export async function listChangeRequests(ctx: ServiceContext, spaceId: string, query: ChangeRequestListQuery) {
  const { space } = await loadSpaceAndChangeRequest(ctx, spaceId, undefined, "space.viewContent");
  const filter = and(
    eq(changeRequests.spaceId, spaceId),
    eq(changeRequests.status, query.status ?? "open"),
    query.contributor
      ? sql`(${changeRequests.createdBy} = ${query.contributor} OR EXISTS (SELECT 1 FROM change_request_contributors c
          WHERE c.change_request_id = ${changeRequests.id} AND c.user_id = ${query.contributor}))`
      : undefined,
  );
  type Row = { cr: ChangeRequestRow; openComments: number } & AuthorColumns;
  const page = await keysetPage<Row>(ctx.db, {
    page: query,
    keys: [{ column: changeRequests.number, direction: "desc", value: (r) => r.cr.number }],
    rows: (after, orderBy, limit) =>
      ctx.db
        .select({ cr: changeRequests, ...authorColumns, openComments: openCommentsColumn })
        .from(changeRequests)
        .leftJoin(users, eq(users.id, changeRequests.createdBy))
        .where(and(filter, after))
        .orderBy(...orderBy)
        .limit(limit),
    count: ctx.db.select({ count: sql<number>`count(*)` }).from(changeRequests).where(filter),
  });
  return { ...page, items: page.items.map((r) => changeRequestView(r.cr, authorOf(r), space, r.openComments)) };
}

/**
 * Changes the subject, the description (markdown, "" for none) and/or the status (draft, open, archived). A merged
 * change request keeps its status; its subject and description can still change.
 */
export async function updateChangeRequest(
  ctx: ServiceContext,
  spaceId: string,
  ref: string,
  patch: { subject?: string; description?: string; status?: Exclude<ChangeRequestStatus, "merged"> },
) {
  const { view: current, space } = await loadSpaceAndChangeRequest(ctx, spaceId, ref, "space.edit");
  const row = current!.row;
  if (patch.status !== undefined && row.status === "merged") {
    throw conflict("A merged change request cannot change status");
  }
  const [updated] = await ctx.db
    .update(changeRequests)
    .set({
      ...(patch.subject !== undefined ? { subject: patch.subject } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      ...(patch.status !== undefined && row.status !== "merged" ? { status: patch.status } : {}),
      updatedAt: ctx.now,
    })
    // A merge may land between the read and this write: a merged change request never changes status again.
    .where(
      and(
        eq(changeRequests.id, row.id),
        patch.status !== undefined ? sql`${changeRequests.status} <> 'merged'` : undefined,
      ),
    )
    .returning();
  if (!updated) throw conflict("A merged change request cannot change status");
  return changeRequestView(updated, current!.author, space, current!.comments);
}
