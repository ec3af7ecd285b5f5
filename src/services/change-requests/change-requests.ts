import { and, eq, type SQL, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import { inBatch } from "../../db/client";
import { changeRequests, users } from "../../db/schema";
import { conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { keysetPage, type PageRequest } from "../../lib/pagination";
import { requireUser, type ServiceContext } from "../core/context";
import { changeRequestWhere, checkSpace, type ChangeRequestRow } from "../revisions/content-load";
import type { SpaceWithAccess } from "../access/space-access";
import { spaceRead, withSpaceAccess } from "../access/space-read";

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
const authorColumns = {
  authorId: sql<string | null>`${users.id}`.as("author_id"),
  authorEmail: sql<string | null>`${users.email}`.as("author_email"),
  authorName: sql<string | null>`${users.displayName}`.as("author_name"),
  authorPhoto: sql<string | null>`${users.photoUrl}`.as("author_photo"),
};
type AuthorColumns = {
  authorId: string | null;
  authorEmail: string | null;
  authorName: string | null;
  authorPhoto: string | null;
};

function authorOf(row: AuthorColumns): ChangeRequestView["author"] {
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
  return view(found.cr, authorOf(found), space, found.openComments);
}

function view(
  row: ChangeRequestRow,
  author: ChangeRequestView["author"],
  space: SpaceWithAccess,
  comments: number,
): ChangeRequestView {
  return { row, author, mainRevision: space.row.revisionId, space, comments: Number(comments) };
}

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
  return view(inserted[0], author[0], space, 0);
}

export async function getChangeRequest(ctx: ServiceContext, spaceId: string, ref: string) {
  const { view } = await loadSpaceAndChangeRequest(ctx, spaceId, ref, "space.viewContent");
  return view!;
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
  return { ...page, items: page.items.map((r) => view(r.cr, authorOf(r), space, r.openComments)) };
}

/** Changes the subject and/or status (draft, open, archived). A merged change request keeps its status. */
export async function updateChangeRequest(
  ctx: ServiceContext,
  spaceId: string,
  ref: string,
  patch: { subject?: string; status?: Exclude<ChangeRequestStatus, "merged"> },
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
  return view(updated, current!.author, space, current!.comments);
}
