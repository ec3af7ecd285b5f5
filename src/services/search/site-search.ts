import { and, asc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { batch } from "../../db/batch";
import { siteSections, siteSpaces, sites, spaces } from "../../db/schema";
import { badRequest, notFound } from "../../lib/errors";
import type { Page } from "../../lib/pagination";
import {
  adaptiveVisibilityOf,
  authorize,
  can,
  organizationTreeRows,
  siteAccess,
  siteOpenToVisitor,
  treeFromRows,
} from "../access";
import { type Caller, memberRole, requireCredential, type ServiceContext } from "../core";
import { visibleSpaces } from "../spaces";
import { searchBySpace } from "./grouped-search";
import type { SearchRequest, SearchSpaceView } from "./search";

/**
 * Which of the site's site spaces a site search covers. `field` names, for a 400, where the caller's site space
 * ids came from (the body's `scope.siteSpaceIds`, or a deprecated form's field).
 */
export type SiteSearchScope =
  | { mode: "default"; includedSiteSpaces: string[]; field: string; excludedSiteSpaces?: string[] }
  | { mode: "specific"; siteSpaceIds: string[]; field: string }
  | { mode: "all" };

export interface SiteSearchRequest extends SearchRequest {
  scope: SiteSearchScope;
}

interface SiteSpaceRef {
  id: string;
  spaceId: string;
  sectionId: string | null;
  condition: string | null;
}

/** Whether the site is open to anyone who asks: published, and public, unlisted or opened by the caller's pass. */
function openToVisitors(caller: Caller, siteId: string, site: { published: boolean; visibility: string } | undefined) {
  // A preview link's pass opens its site before it is published (services/access/site-preview.ts).
  if (!site?.published) return !!site && !!caller.visitor?.preview && caller.visitor.sites.has(siteId);
  return siteOpenToVisitor(caller, { id: siteId, ...site });
}

/**
 * The site spaces of the default scope: each section's default variant (its first when none is set), or the
 * root site spaces when the site has no sections.
 */
function defaultSiteSpaces(rows: SiteSpaceRef[], sections: { id: string; defaultSiteSpaceId: string | null }[]) {
  if (!sections.length) return rows.filter((r) => r.sectionId === null);
  return sections.flatMap((section) => {
    const variants = rows.filter((r) => r.sectionId === section.id);
    const chosen = variants.find((r) => r.id === section.defaultSiteSpaceId) ?? variants[0];
    return chosen ? [chosen] : [];
  });
}

/** The spaces of the site spaces the scope selects; ids that are not the site's are a 400 naming the field. */
function scopedSpaceIds(
  scope: SiteSearchScope,
  rows: SiteSpaceRef[],
  sections: Parameters<typeof defaultSiteSpaces>[1],
) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const own = (ids: string[], field: string) =>
    ids.map((id) => {
      const row = byId.get(id);
      if (!row) throw badRequest(`${field}: "${id}" is not a site space of this site`);
      return row;
    });
  // An ask's `restrictTo: otherSiteSpaces`: the default content without the asker's own site space.
  const excluded = new Set(scope.mode === "default" ? own(scope.excludedSiteSpaces ?? [], scope.field) : []);
  const chosen =
    scope.mode === "all"
      ? rows
      : scope.mode === "specific"
        ? own(scope.siteSpaceIds, scope.field)
        : [...defaultSiteSpaces(rows, sections), ...own(scope.includedSiteSpaces, scope.field)].filter(
            (r) => !excluded.has(r),
          );
  return [...new Set(chosen.map((r) => r.spaceId))];
}

/**
 * searchSiteContent: the spaces published on the site (its site spaces, as the scope selects them), searched
 * like an organization (same engine, ranking and snippets; results grouped by space, best space first). A
 * published public or unlisted site, or one the caller holds a visitor pass for (share key, visitor JWT), is
 * searched whole by anyone; otherwise members who may view the site search the spaces of it they can read,
 * anonymous callers get 401 and others 404. Deleted spaces never appear, nor, for visitors, site spaces the site's
 * adaptive content hides from their pass's claims.
 */
export async function searchSite(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  input: SiteSearchRequest,
): Promise<Page<SearchSpaceView>> {
  const readable = await siteSearchSpaces(ctx, organizationId, siteId, input.scope);
  return searchBySpace(ctx, input, async () => readable);
}

/**
 * The published site's own search (its `~search`, `~search.json` and MCP `searchDocumentation`): the renderer's
 * visit already admitted the visitor and chose the live spaces of the site spaces they see, in the site's one
 * load, and holds them as its visitor pass. The pass authorizes (a space it does not hold is left out), so the
 * search is the index query alone, and a repeated query is answered from the isolate while the index generation
 * the load read (`generation`) stands: a site's search is as fresh as its pages.
 */
export async function searchVisitedSite(
  ctx: ServiceContext,
  organizationId: string,
  spaceIds: readonly string[],
  generation: number,
  input: SearchRequest,
): Promise<Page<SearchSpaceView>> {
  const passed = [...new Set(spaceIds.filter((id) => ctx.caller.visitor?.spaces.has(id)))].sort();
  if (!passed.length) return { items: [], count: 0 };
  return searchBySpace(
    ctx,
    input,
    async () =>
      and(
        eq(spaces.organizationId, organizationId),
        isNull(spaces.deletedAt),
        sql`${spaces.id} IN (SELECT value FROM json_each(${JSON.stringify(passed)}))`,
      ),
    // The condition is a function of the organization and the spaces alone.
    { key: JSON.stringify(["site", organizationId, passed]), generation },
  );
}

/**
 * The spaces a site search covers for the caller (a condition on `spaces`): the site spaces the scope selects
 * that the caller may read there, as searchSite decides it (the grounded answers reuse it to keep vector matches
 * and recommended questions to what the caller may read). 401/404 as searchSite.
 */
export async function siteSearchSpaces(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  scope: SiteSearchScope,
): Promise<SQL | undefined> {
  const { caller } = ctx;
  const orgRole = memberRole(caller, organizationId);
  // Who may search the site as a member: its one access rule (a grant on the site counts); what they read of its
  // spaces stays the spaces' business (orgRole and space grants below). Integration tokens search only as visitors.
  const access = caller.kind === "user" ? siteAccess(caller, organizationId, siteId) : orgRole;
  const needsTree = can(access, "site.view") && orgRole !== "admin";
  const [[site], allRows, allSections, treeRows] = await batch(ctx.db, [
    ctx.db
      .select({ published: sites.published, visibility: sites.visibility, adaptiveContent: sites.adaptiveContent })
      .from(sites)
      .where(and(eq(sites.id, siteId), eq(sites.organizationId, organizationId)))
      .limit(1),
    ctx.db
      .select({
        id: siteSpaces.id,
        spaceId: siteSpaces.spaceId,
        sectionId: siteSpaces.sectionId,
        condition: siteSpaces.condition,
      })
      .from(siteSpaces)
      .where(eq(siteSpaces.siteId, siteId))
      .orderBy(asc(siteSpaces.sortKey), asc(siteSpaces.id)),
    ctx.db
      .select({
        id: siteSections.id,
        defaultSiteSpaceId: siteSections.defaultSiteSpaceId,
        condition: siteSections.condition,
      })
      .from(siteSections)
      .where(eq(siteSections.siteId, siteId))
      .orderBy(asc(siteSections.sortKey), asc(siteSections.id)),
    needsTree ? organizationTreeRows(ctx.db, organizationId) : undefined,
  ]);
  const open = openToVisitors(caller, siteId, site);
  if (!open) {
    // Nothing about a site one may not search is revealed: 401 without a token, else 404.
    requireCredential(caller);
    authorize(access, "site.view", "Site");
    if (!site) throw notFound("Site");
  }
  // A visitor (not a member) searches only what the site's adaptive content shows them: a hidden site space is
  // not the site's for them, named in a scope or not.
  const claims = caller.visitor?.sites.has(siteId) ? caller.visitor.claims : undefined;
  const { shows } =
    open && !can(access, "site.view") && site
      ? adaptiveVisibilityOf(site, allSections, allRows, claims)
      : { shows: () => true };
  const rows = allRows.filter(shows);
  const spaceIds = scopedSpaceIds(scope, rows, allSections);
  const live = and(
    eq(spaces.organizationId, organizationId),
    isNull(spaces.deletedAt),
    sql`${spaces.id} IN (SELECT value FROM json_each(${JSON.stringify(spaceIds)}))`,
  );
  if (open) return live;
  // A member: the site's spaces they can read, as the organization search decides it.
  const visible = visibleSpaces(
    orgRole,
    treeFromRows(treeRows ?? []),
    caller.kind === "user" ? caller.grants : undefined,
  );
  const passed = [...(caller.visitor?.spaces ?? [])];
  const readable = visible
    ? or(
        visible,
        inArray(spaces.visibility, ["public", "unlisted"]),
        passed.length ? inArray(spaces.id, passed) : undefined,
      )
    : undefined;
  return and(live, readable);
}
