import { and, eq, type SQL, sql } from "drizzle-orm";
import { planSearch } from "../../content/search";
import { spaces } from "../../db/schema";
import { decodeCursor, mapPage, type Page, pageOf } from "../../lib/pagination";
import { authorize, organizationTree } from "../access";
import { memberRole, requireUser, type ServiceContext } from "../core";
import { visibleSpaces } from "../spaces";
import {
  groupPages,
  type Query,
  runSources,
  type SearchRequest,
  type SearchSpaceView,
  searchSources,
  searchStatement,
} from "./search";

/**
 * searchOrganizationContent: results grouped by space, best space first, over the live spaces the caller
 * can read (the organization's space list filter, plus public spaces).
 */
export async function searchOrganization(
  ctx: ServiceContext,
  organizationId: string,
  input: SearchRequest,
): Promise<Page<SearchSpaceView>> {
  const caller = requireUser(ctx.caller);
  const orgRole = memberRole(caller, organizationId);
  authorize(orgRole, "organization.view", "Organization");
  return searchBySpace(ctx, input, async () => {
    const tree = await organizationTree(ctx.db, organizationId);
    const visible = visibleSpaces(orgRole, tree, caller.grants);
    return and(
      eq(spaces.organizationId, organizationId),
      sql`${spaces.deletedAt} IS NULL`,
      visible ? sql`(${visible} OR ${spaces.visibility} = 'public')` : undefined,
    );
  });
}

/**
 * Results grouped by space, best space first (up to 5 pages each, 3 sections a page), over the spaces that
 * `readable` (a condition on `spaces`, made only when the query has something to search) selects: the
 * organization and site searches.
 */
export async function searchBySpace(
  ctx: ServiceContext,
  input: SearchRequest,
  readable: () => Promise<SQL | undefined>,
): Promise<Page<SearchSpaceView>> {
  const plan = planSearch(input.query);
  const list = searchSources(plan);
  const after = input.page ? decodeCursor(input.page, 2) : [];
  if (!list.length) return { items: [], count: 0 };
  const q: Query = {
    scope: sql`s.space_id IN (SELECT ${spaces.id} FROM ${spaces} WHERE ${(await readable()) ?? sql`1`})`,
    bySpace: true,
    after,
    fetch: Math.max(input.limit, 0) + 1,
  };
  const { rows, source } = await runSources(list, (source) => searchStatement(ctx, source, q));
  const groups: (SearchSpaceView & { score: number })[] = [];
  for (const { spaceTitle, score, page } of groupPages(rows, source, plan)) {
    let group = groups[groups.length - 1];
    if (!group || group.id !== page.spaceId) {
      group = { id: page.spaceId, title: spaceTitle, pages: [], score };
      groups.push(group);
    }
    group.pages.push(page);
  }
  return mapPage(
    pageOf(groups, Number(rows[0]?.total ?? 0), input, (g) => [g.score, g.id]),
    ({ score: _score, ...g }) => g,
  );
}
