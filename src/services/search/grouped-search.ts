import { and, eq, type SQL, sql } from "drizzle-orm";
import { planSearch } from "../../content/search";
import { spaces } from "../../db/schema";
import { decodeCursor, mapPage, type Page, pageOf } from "../../lib/pagination";
import { authorize, organizationTree } from "../access";
import { memberRole, requireUser, type ServiceContext } from "../core";
import { visibleSpaces } from "../spaces";
import { searchResults } from "./results-cache";
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

/** A search whose results may be kept: its key names everything its `readable` depends on. */
export interface KeptSearch {
  key: string;
  /** The index generation the caller knows (a site's load read it): an entry found at it answers. */
  generation: number;
}

/**
 * Results grouped by space, best space first (up to 5 pages each, 3 sections a page), over the spaces that
 * `readable` (a condition on `spaces`, made only when the query has something to search) selects: the
 * organization and site searches. With `kept`, a repeated search is answered from this isolate while the index
 * generation the caller knows stands (results-cache.ts): no statement at all instead of the FTS match, bm25 and
 * snippets.
 */
export async function searchBySpace(
  ctx: ServiceContext,
  input: SearchRequest,
  readable: () => Promise<SQL | undefined>,
  kept?: KeptSearch,
): Promise<Page<SearchSpaceView>> {
  const plan = planSearch(input.query);
  const list = searchSources(plan);
  const after = input.page ? decodeCursor(input.page, 2) : [];
  if (!list.length) return { items: [], count: 0 };
  const resultKey = kept && JSON.stringify([kept.key, input.query, after, input.limit]);
  const known = resultKey ? searchResults.get<Found>(resultKey) : undefined;
  if (kept && known?.generation === kept.generation && known.rows[0]) {
    return grouped(known.rows[0].rows, known.rows[0].source, plan, input);
  }
  const q: Query = {
    scope: sql`s.space_id IN (SELECT ${spaces.id} FROM ${spaces} WHERE ${(await readable()) ?? sql`1`})`,
    bySpace: true,
    after,
    fetch: Math.max(input.limit, 0) + 1,
  };
  const found = await runSources(list, (source) => searchStatement(ctx, source, q));
  // Kept at the generation the caller knows: rows found on a newer index are only fresher than it.
  if (kept && resultKey) searchResults.set<Found>(resultKey, { generation: kept.generation, rows: [found] });
  return grouped(found.rows, found.source, plan, input);
}

type Found = Awaited<ReturnType<typeof runSources>>;

function grouped(
  rows: Found["rows"],
  source: Found["source"],
  plan: ReturnType<typeof planSearch>,
  input: SearchRequest,
) {
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
