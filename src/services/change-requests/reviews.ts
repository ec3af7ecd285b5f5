import { and, eq, inArray, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import {
  changeRequestRequestedReviewers,
  changeRequestReviews,
  organizationMembers,
  revisions,
  users,
} from "../../db/schema";
import { badRequest, forbidden } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { keysetPage, type Page, type PageRequest } from "../../lib/pagination";
import {
  callerGrantsOf,
  memberGrantsQuery,
  authorize,
  can,
  type MemberRole,
  type SpaceWithAccess,
  spaceAccess,
} from "../access";
import { type CommentRecord, getComment, type LoadedScope, postComment } from "../comments";
import { type CallerGrants, requireUser, type ServiceContext } from "../core";
import type { UserRow } from "../people";
import { type ChangeRequestView, loadSpaceAndChangeRequest } from "../revisions";

export type ReviewRow = typeof changeRequestReviews.$inferSelect;
export type RequestedReviewerRow = typeof changeRequestRequestedReviewers.$inferSelect;

export interface ReviewView {
  row: ReviewRow;
  reviewer: UserRow;
  requestedBy?: UserRow;
  /** The change request's head moved past the reviewed revision. */
  outdated: boolean;
  comment?: { loaded: LoadedScope; record: CommentRecord };
}

export interface RequestedReviewerView {
  row: RequestedReviewerRow;
  user: UserRow;
  requestedBy: UserRow;
}

export interface ContributorView {
  user: UserRow;
  count: number;
  updatedAt: number;
}

async function usersById(ctx: ServiceContext, ids: (string | null | undefined)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (!wanted.length) return new Map<string, UserRow>();
  const rows = await ctx.db.select().from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}

/** A user's access on the space, by the one permission function, from their membership and grants. */
function accessOf(space: SpaceWithAccess, userId: string, role: MemberRole | undefined, grants: CallerGrants) {
  const memberships = new Map<string, MemberRole>(role === undefined ? [] : [[space.row.organizationId, role]]);
  return spaceAccess({ kind: "user", userId, tokenId: "", memberships, grants }, space.row, space.chain).access;
}

async function changeRequestOf(
  ctx: ServiceContext,
  spaceId: string,
  ref: string,
  action: "space.viewContent" | "space.edit" | "space.review",
) {
  const { space, view } = await loadSpaceAndChangeRequest(ctx, spaceId, ref, action);
  return { space, cr: view as ChangeRequestView };
}

/**
 * requestReviewersForChangeRequest: anyone with `edit` asks users who may review (`review` and up on the
 * space; 400 naming those who may not). Asking again keeps the first request.
 */
export async function requestReviewers(
  ctx: ServiceContext,
  spaceId: string,
  ref: string,
  input: { users: string[] },
): Promise<RequestedReviewerView[]> {
  const caller = requireUser(ctx.caller);
  const { space, cr } = await changeRequestOf(ctx, spaceId, ref, "space.edit");
  const wanted = [...new Set(input.users)];
  const organizationId = space.row.organizationId;
  const [memberships, grantRows] = await batch(ctx.db, [
    ctx.db
      .select({
        userId: organizationMembers.userId,
        role: organizationMembers.role,
        disabled: organizationMembers.disabled,
      })
      .from(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, organizationId), inArray(organizationMembers.userId, wanted))),
    wanted.map((id) => memberGrantsQuery(ctx.db, organizationId, id)),
  ]);
  const roles = new Map(memberships.filter((m) => !m.disabled).map((m) => [m.userId, m.role as MemberRole]));
  const grantsOf = new Map(wanted.map((id, i) => [id, callerGrantsOf(grantRows[i]!)]));
  const refused = wanted.filter(
    (id) => !roles.has(id) || !can(accessOf(space, id, roles.get(id), grantsOf.get(id)!), "space.review"),
  );
  if (refused.length) throw badRequest(`users: ${refused.join(", ")} cannot review this change request`);
  const rows: RequestedReviewerRow[] = wanted.map((userId) => ({
    changeRequestId: cr.row.id,
    userId,
    spaceId,
    requestedBy: caller.userId,
    revisionId: cr.row.revisionId,
    createdAt: ctx.now,
  }));
  await batch(ctx.db, [ctx.db.insert(changeRequestRequestedReviewers).values(rows).onConflictDoNothing()]);
  const stored = await ctx.db
    .select()
    .from(changeRequestRequestedReviewers)
    .where(
      and(
        eq(changeRequestRequestedReviewers.changeRequestId, cr.row.id),
        inArray(changeRequestRequestedReviewers.userId, wanted),
      ),
    );
  const people = await usersById(ctx, [...stored.map((r) => r.userId), ...stored.map((r) => r.requestedBy)]);
  return stored.map((row) => ({ row, user: people.get(row.userId)!, requestedBy: people.get(row.requestedBy)! }));
}

/** getRequestedReviewersByChangeRequestId: readers of the space, oldest request first. */
export async function listRequestedReviewers(
  ctx: ServiceContext,
  spaceId: string,
  ref: string,
  page: PageRequest,
): Promise<Page<RequestedReviewerView>> {
  requireUser(ctx.caller);
  const { cr } = await changeRequestOf(ctx, spaceId, ref, "space.viewContent");
  const where = eq(changeRequestRequestedReviewers.changeRequestId, cr.row.id);
  const found = await keysetPage(ctx.db, {
    page,
    keys: [
      {
        column: changeRequestRequestedReviewers.createdAt,
        direction: "asc",
        value: (r: RequestedReviewerRow) => r.createdAt,
      },
      {
        column: changeRequestRequestedReviewers.userId,
        direction: "asc",
        value: (r: RequestedReviewerRow) => r.userId,
      },
    ],
    rows: (after, orderBy, limit) =>
      ctx.db
        .select()
        .from(changeRequestRequestedReviewers)
        .where(and(where, after))
        .orderBy(...orderBy)
        .limit(limit),
    count: ctx.db.select({ count: sql<number>`count(*)` }).from(changeRequestRequestedReviewers).where(where),
  });
  const people = await usersById(ctx, [...found.items.map((r) => r.userId), ...found.items.map((r) => r.requestedBy)]);
  return {
    ...found,
    items: found.items.map((row) => ({
      row,
      user: people.get(row.userId)!,
      requestedBy: people.get(row.requestedBy)!,
    })),
  };
}

/** removeRequestedReviewerFromChangeRequest: `edit` and up; false when the user was not requested. */
export async function removeRequestedReviewer(ctx: ServiceContext, spaceId: string, ref: string, userId: string) {
  const { cr } = await changeRequestOf(ctx, spaceId, ref, "space.edit");
  const [removed] = await batch(ctx.db, [
    ctx.db
      .delete(changeRequestRequestedReviewers)
      .where(
        and(
          eq(changeRequestRequestedReviewers.changeRequestId, cr.row.id),
          eq(changeRequestRequestedReviewers.userId, userId),
        ),
      )
      .returning({ userId: changeRequestRequestedReviewers.userId }),
  ]);
  return removed.length > 0;
}

/**
 * submitChangeRequestReview: `review` and up, against the change request's current revision; the author may
 * not approve their own change request (403). A comment, if any, is posted as a change-request comment. The
 * reviewer leaves the requested list.
 */
export async function submitReview(
  ctx: ServiceContext,
  spaceId: string,
  ref: string,
  input: { status: ReviewRow["status"]; markdown?: string },
): Promise<ReviewView> {
  const caller = requireUser(ctx.caller);
  const { space, cr } = await changeRequestOf(ctx, spaceId, ref, "space.viewContent");
  authorize(space.access, "space.review", "Space");
  if (input.status === "approved" && cr.row.createdBy === caller.userId) {
    throw forbidden("The author of a change request cannot approve it");
  }
  const comment = input.markdown?.trim()
    ? await postComment(ctx, { spaceId, changeRequest: cr.row.id }, { markdown: input.markdown })
    : undefined;
  const [requested] = await batch(ctx.db, [
    ctx.db
      .select({ requestedBy: changeRequestRequestedReviewers.requestedBy })
      .from(changeRequestRequestedReviewers)
      .where(
        and(
          eq(changeRequestRequestedReviewers.changeRequestId, cr.row.id),
          eq(changeRequestRequestedReviewers.userId, caller.userId),
        ),
      ),
  ]);
  const requestedBy = requested[0]?.requestedBy ?? null;
  const row: ReviewRow = {
    id: newId(),
    spaceId,
    changeRequestId: cr.row.id,
    reviewerId: caller.userId,
    requestedBy,
    revisionId: cr.row.revisionId,
    status: input.status,
    commentId: comment?.record.comment.id ?? null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  await batch(ctx.db, [
    ctx.db
      .delete(changeRequestRequestedReviewers)
      .where(
        and(
          eq(changeRequestRequestedReviewers.changeRequestId, cr.row.id),
          eq(changeRequestRequestedReviewers.userId, caller.userId),
        ),
      ),
    ctx.db.insert(changeRequestReviews).values(row),
  ]);
  const people = await usersById(ctx, [caller.userId, requestedBy]);
  return {
    row,
    reviewer: people.get(caller.userId)!,
    requestedBy: requestedBy ? people.get(requestedBy) : undefined,
    outdated: false,
    comment,
  };
}

/** getReviewsByChangeRequestId: readers of the space, oldest first, each `outdated` once the head moved on. */
export async function listReviews(
  ctx: ServiceContext,
  spaceId: string,
  ref: string,
  page: PageRequest,
): Promise<Page<ReviewView>> {
  requireUser(ctx.caller);
  const { cr } = await changeRequestOf(ctx, spaceId, ref, "space.viewContent");
  const where = eq(changeRequestReviews.changeRequestId, cr.row.id);
  const found = await keysetPage(ctx.db, {
    page,
    keys: [
      { column: changeRequestReviews.createdAt, direction: "asc", value: (r: ReviewRow) => r.createdAt },
      { column: changeRequestReviews.id, direction: "asc", value: (r: ReviewRow) => r.id },
    ],
    rows: (after, orderBy, limit) =>
      ctx.db
        .select()
        .from(changeRequestReviews)
        .where(and(where, after))
        .orderBy(...orderBy)
        .limit(limit),
    count: ctx.db.select({ count: sql<number>`count(*)` }).from(changeRequestReviews).where(where),
  });
  const people = await usersById(ctx, [
    ...found.items.map((r) => r.reviewerId),
    ...found.items.map((r) => r.requestedBy),
  ]);
  const comments = await Promise.all(
    found.items.map((row) =>
      row.commentId
        ? getComment(ctx, { spaceId, changeRequest: cr.row.id }, row.commentId).catch(() => undefined)
        : undefined,
    ),
  );
  return {
    ...found,
    items: found.items.map((row, i) => ({
      row,
      reviewer: people.get(row.reviewerId)!,
      requestedBy: row.requestedBy ? people.get(row.requestedBy) : undefined,
      outdated: row.revisionId !== cr.row.revisionId,
      comment: comments[i],
    })),
  };
}

/** getContributorsByChangeRequestId: the users who wrote revisions of the change request, most recent first. */
export async function listContributors(ctx: ServiceContext, spaceId: string, ref: string): Promise<ContributorView[]> {
  requireUser(ctx.caller);
  const { cr } = await changeRequestOf(ctx, spaceId, ref, "space.viewContent");
  const rows = await ctx.db
    .select({
      userId: revisions.createdBy,
      count: sql<number>`count(*)`,
      updatedAt: sql<number>`max(${revisions.createdAt})`,
    })
    .from(revisions)
    .where(
      and(
        eq(revisions.spaceId, spaceId),
        eq(revisions.changeRequestId, cr.row.id),
        sql`${revisions.createdBy} IS NOT NULL`,
      ),
    )
    .groupBy(revisions.createdBy)
    .orderBy(sql`max(${revisions.createdAt}) DESC`);
  const people = await usersById(
    ctx,
    rows.map((r) => r.userId),
  );
  return rows
    .filter((r) => people.has(r.userId!))
    .map((r) => ({ user: people.get(r.userId!)!, count: Number(r.count), updatedAt: Number(r.updatedAt) }));
}
