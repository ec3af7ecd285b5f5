import { and, eq, type SQL, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import { changeRequests, users } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { type SpaceWithAccess, spaceRead, withSpaceAccess } from "../access";
import type { ServiceContext } from "../core";
import { changeRequestWhere, type ChangeRequestRow, checkSpace } from "./content-load";

// A change request as a content target is read here, below the change-requests domain (which creates, lists,
// merges and reviews them): revisions read the change request a merge revision merged.

export type ChangeRequestStatus = "draft" | "open" | "archived" | "merged";

/** A change request with what its presenter needs: the author and whether main moved past its base. */
export interface ChangeRequestView {
  row: ChangeRequestRow;
  author: typeof users.$inferSelect | undefined;
  mainRevision: string;
  space: SpaceWithAccess;
  /** Open (not resolved) comments on the change request, replies excluded (as the space's `comments`). */
  comments: number;
}

/** The change request's open-comment count as a column of a statement that selects change requests (qualified by
 * hand: drizzle leaves columns unqualified in single-table selects, and `comments` has an `id` too). */
export const openCommentsColumn =
  sql<number>`(SELECT count(*) FROM comments oc WHERE oc.change_request_id = ${sql.identifier("change_requests")}.${sql.identifier("id")}
  AND oc.parent_id IS NULL AND oc.resolved_at IS NULL)`.as("open_comments");

/**
 * The author's columns, aliased: in a D1 batch rows come keyed by column name, and users' `id`, `created_at`…
 * would overwrite the change request's.
 */
export const authorColumns = {
  authorId: sql<string | null>`${users.id}`.as("author_id"),
  authorEmail: sql<string | null>`${users.email}`.as("author_email"),
  authorName: sql<string | null>`${users.displayName}`.as("author_name"),
  authorPhoto: sql<string | null>`${users.photoUrl}`.as("author_photo"),
};
export type AuthorColumns = {
  authorId: string | null;
  authorEmail: string | null;
  authorName: string | null;
  authorPhoto: string | null;
};

export function authorOf(row: AuthorColumns): ChangeRequestView["author"] {
  if (!row.authorId) return undefined;
  return {
    id: row.authorId,
    email: row.authorEmail ?? "",
    displayName: row.authorName ?? "",
    photoUrl: row.authorPhoto,
    createdAt: 0,
    updatedAt: 0,
  };
}

/** The space and (optionally) one change request in one round trip; authorizes `action`. */
export async function loadSpaceAndChangeRequest(
  ctx: ServiceContext,
  spaceId: string,
  ref: string | undefined,
  action: Parameters<typeof checkSpace>[1],
) {
  const [spaceRows, crRows] = await batch(ctx.db, [
    spaceRead(ctx.db, spaceId),
    changeRequestViewRead(ctx, spaceId, ref),
  ]);
  const space = checkSpace(await withSpaceAccess(ctx, spaceRows), action);
  if (ref !== undefined && !crRows[0]) throw notFound("Change request");
  const found = crRows[0];
  return { space, view: found ? changeRequestViewOf(found, space) : undefined };
}

/**
 * The statement reading one change request (none without `ref`) as its view needs it, to ride a batch. `ref` is
 * its id or number, or an SQL expression giving its id (e.g. what a revision row names).
 */
export function changeRequestViewRead(ctx: Pick<ServiceContext, "db">, spaceId: string, ref: string | SQL | undefined) {
  const where =
    ref === undefined
      ? sql`0`
      : typeof ref === "string"
        ? changeRequestWhere(spaceId, ref)
        : and(eq(changeRequests.spaceId, spaceId), sql`${changeRequests.id} = (${ref})`);
  return ctx.db
    .select({ cr: changeRequests, ...authorColumns, openComments: openCommentsColumn })
    .from(changeRequests)
    .leftJoin(users, eq(users.id, changeRequests.createdBy))
    .where(where)
    .limit(1);
}

/** The view of a row `changeRequestViewRead` found, in its space (read and authorized by the caller). */
export function changeRequestViewOf(
  found: Awaited<ReturnType<typeof changeRequestViewRead>>[number],
  space: SpaceWithAccess,
): ChangeRequestView {
  return changeRequestView(found.cr, authorOf(found), space, found.openComments);
}

export function changeRequestView(
  row: ChangeRequestRow,
  author: ChangeRequestView["author"],
  space: SpaceWithAccess,
  comments: number,
): ChangeRequestView {
  return { row, author, mainRevision: space.row.revisionId, space, comments: Number(comments) };
}

export async function getChangeRequest(ctx: ServiceContext, spaceId: string, ref: string) {
  const { view } = await loadSpaceAndChangeRequest(ctx, spaceId, ref, "space.viewContent");
  return view!;
}
