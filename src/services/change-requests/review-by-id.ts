import { and, eq, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import { changeRequestReviews, changeRequests, users } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { spaceRead, withSpaceAccess } from "../access";
import { getComment } from "../comments";
import { requireUser, type ServiceContext } from "../core";
import { changeRequestWhere, checkSpace } from "../revisions";
import type { ReviewView } from "./reviews";

/**
 * getChangeRequestReviewById: readers of the space; the review as `listReviews` presents it. The space, the
 * change request, the review and its people come in one round trip; a review of another change request (or
 * space) is not found. Its comment, if any, is read as `listReviews` reads it.
 */
export async function getReview(
  ctx: ServiceContext,
  spaceId: string,
  ref: string,
  reviewId: string,
): Promise<ReviewView> {
  requireUser(ctx.caller);
  const reviewWhere = and(eq(changeRequestReviews.id, reviewId), eq(changeRequestReviews.spaceId, spaceId));
  const [spaceRows, crRows, reviewRows, people] = await batch(ctx.db, [
    spaceRead(ctx.db, spaceId),
    ctx.db
      .select({ id: changeRequests.id, revisionId: changeRequests.revisionId })
      .from(changeRequests)
      .where(changeRequestWhere(spaceId, ref))
      .limit(1),
    ctx.db.select().from(changeRequestReviews).where(reviewWhere).limit(1),
    ctx.db
      .select()
      .from(users)
      .where(
        sql`${users.id} IN (SELECT reviewer_id FROM change_request_reviews WHERE id = ${reviewId} AND space_id = ${spaceId}
          UNION SELECT requested_by FROM change_request_reviews WHERE id = ${reviewId} AND space_id = ${spaceId})`,
      ),
  ]);
  checkSpace(await withSpaceAccess(ctx, spaceRows), "space.viewContent");
  const cr = crRows[0];
  if (!cr) throw notFound("Change request");
  const row = reviewRows[0];
  const reviewer = people.find((u) => u.id === row?.reviewerId);
  if (!row || row.changeRequestId !== cr.id || !reviewer) throw notFound("Change request review");
  const comment = row.commentId
    ? await getComment(ctx, { spaceId, changeRequest: cr.id }, row.commentId).catch(() => undefined)
    : undefined;
  return {
    row,
    reviewer,
    requestedBy: row.requestedBy ? people.find((u) => u.id === row.requestedBy) : undefined,
    outdated: row.revisionId !== cr.revisionId,
    comment,
  };
}
