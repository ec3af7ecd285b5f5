import { and, eq, getTableColumns, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { changeRequests, spaces, users } from "../../db/schema";
import { keysetPage, type Page, type PageRequest, type SortKey } from "../../lib/pagination";
import {
  authorize,
  type ChainLink,
  type OrganizationTree,
  organizationTree,
  type SpaceRow,
  spaceAccess,
} from "../access";
import { memberRole, requireUser, type ServiceContext } from "../core";
import {
  type AuthorColumns,
  authorColumns,
  authorOf,
  type ChangeRequestRow,
  type ChangeRequestStatus,
  type ChangeRequestView,
  changeRequestView,
  openCommentsColumn,
} from "../revisions";
import { visibleSpaces } from "../spaces";

export interface OrganizationChangeRequestQuery extends PageRequest {
  status: ChangeRequestStatus[];
  creator?: string;
  contributor?: string;
  requestedReviewer?: string;
  site?: string;
  space?: string;
  /** Site topics and style-guide runs do not exist in Quire: any value matches nothing. */
  topic?: string;
  styleguideRun?: string;
  orderBy: "updatedAt" | "createdAt";
}

/**
 * The space's columns under names of their own: in a D1 batch rows come keyed by column name, and the space's
 * `id`, `created_at`… would overwrite the change request's.
 */
const spaceColumns = Object.fromEntries(
  Object.entries(getTableColumns(spaces)).map(([key, column]) => [
    key,
    sql`${column}`.mapWith(column).as(`crs_${column.name}`),
  ]),
) as { [K in keyof SpaceRow]: SQL.Aliased<SpaceRow[K]> };

type Row = { cr: ChangeRequestRow; openComments: number; space: SpaceRow } & AuthorColumns;

/** The space's collection chain from the organization's tree (live collections only), nearest first. */
function chainOf(tree: OrganizationTree, organizationId: string, parentId: string | null): ChainLink[] {
  const links = tree.chainOf(parentId);
  return links.map((link, depth) => ({
    id: link.id,
    parentId: links[depth + 1]?.id ?? null,
    organizationId,
    defaultLevel: link.defaultLevel,
    deletedAt: null,
    depth,
  }));
}

/**
 * listChangeRequestsForOrganization: the change requests of every live space of the organization the caller may
 * see (the SQL filter of the space lists, from the one permission function), in keyset pages ordered by
 * `orderBy`, most recent first. Two round trips whatever the number of spaces: the collection tree, then the page
 * and its count in one batch.
 */
export async function listOrganizationChangeRequests(
  ctx: ServiceContext,
  organizationId: string,
  query: OrganizationChangeRequestQuery,
): Promise<Page<ChangeRequestView>> {
  const caller = requireUser(ctx.caller);
  const orgRole = memberRole(caller, organizationId);
  authorize(orgRole, "organization.view", "Organization");
  const tree = await organizationTree(ctx.db, organizationId);
  const filter = and(
    eq(spaces.organizationId, organizationId),
    isNull(spaces.deletedAt),
    visibleSpaces(orgRole, tree, caller.grants),
    inArray(changeRequests.status, [...new Set(query.status)]),
    query.creator !== undefined ? eq(changeRequests.createdBy, query.creator) : undefined,
    query.contributor !== undefined
      ? sql`(${changeRequests.createdBy} = ${query.contributor} OR EXISTS (SELECT 1 FROM change_request_contributors
          c WHERE c.change_request_id = ${changeRequests.id} AND c.user_id = ${query.contributor}))`
      : undefined,
    query.requestedReviewer !== undefined
      ? sql`EXISTS (SELECT 1 FROM change_request_requested_reviewers r WHERE r.change_request_id = ${changeRequests.id}
          AND r.user_id = ${query.requestedReviewer})`
      : undefined,
    query.site !== undefined
      ? sql`${changeRequests.spaceId} IN (SELECT ss.space_id FROM site_spaces ss WHERE ss.site_id = ${query.site}
          AND ss.organization_id = ${organizationId})`
      : undefined,
    query.space !== undefined ? eq(changeRequests.spaceId, query.space) : undefined,
    query.topic !== undefined || query.styleguideRun !== undefined ? sql`0` : undefined,
  );
  const at = query.orderBy === "createdAt" ? changeRequests.createdAt : changeRequests.updatedAt;
  const keys: SortKey<Row>[] = [
    { column: at, direction: "desc", value: (r) => (query.orderBy === "createdAt" ? r.cr.createdAt : r.cr.updatedAt) },
    { column: changeRequests.id, direction: "desc", value: (r) => r.cr.id },
  ];
  const page = await keysetPage<Row>(ctx.db, {
    page: query,
    keys,
    rows: (after, orderBy, limit) =>
      ctx.db
        .select({ cr: changeRequests, ...authorColumns, openComments: openCommentsColumn, space: spaceColumns })
        .from(changeRequests)
        .innerJoin(spaces, eq(spaces.id, changeRequests.spaceId))
        .leftJoin(users, eq(users.id, changeRequests.createdBy))
        .where(and(filter, after))
        .orderBy(...orderBy)
        .limit(limit),
    count: ctx.db
      .select({ count: sql<number>`count(*)` })
      .from(changeRequests)
      .innerJoin(spaces, eq(spaces.id, changeRequests.spaceId))
      .where(filter),
  });
  return {
    ...page,
    items: page.items.map((r) => {
      const chain = chainOf(tree, organizationId, r.space.parentId);
      const space = { row: r.space, chain, ...spaceAccess(ctx.caller, r.space, chain) };
      return changeRequestView(r.cr, authorOf(r), space, r.openComments);
    }),
  };
}
