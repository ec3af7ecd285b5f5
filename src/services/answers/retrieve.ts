import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import { batch } from "../../db/batch";
import { searchIndexState, searchSections, siteSpaces } from "../../db/schema";
import { publishedSiteUrl } from "../../lib/site-urls";
import type { ServiceContext } from "../core";
import { publishedPathsOf } from "../published";
import {
  searchBySpace,
  searchOrganization,
  type SearchSpaceView,
  type SiteSearchScope,
  siteSearchSpaces,
} from "../search";
import type { RetrievedSection } from "./extractive";
import { memberReadableSpaces } from "./member-spaces";
import { questionTerms } from "./text";
import { fuseRankings, type SectionHit, semanticHits } from "./vector";

// Retrieval over the FTS index (services/search, which applies what the caller may read): the question's terms
// together, else each of its longest terms alone; then the hits' full section text.

const PAGES_PER_SEARCH = 5;
const MAX_SECTIONS = 10;
const SINGLE_TERM_SEARCHES = 4;

const keyOf = (h: { spaceId: string; pageId: string; anchor?: string }) =>
  `${h.spaceId}\u001f${h.pageId}\u001f${h.anchor ?? ""}`;

/** Hits of grouped results, best first; a page matched by title alone stands for its first section. */
function hitsOf(groups: SearchSpaceView[]): SectionHit[] {
  return groups.flatMap((g) =>
    g.pages.flatMap((p) => {
      const base = { spaceId: p.spaceId, pageId: p.id, pageTitle: p.title, pagePath: p.path };
      return p.sections.length ? p.sections.map((s) => ({ ...base, anchor: s.anchor })) : [base];
    }),
  );
}

/** Runs the searches (terms together, then alone) and merges their hits, first-found first. */
async function searchHits(terms: string[], search: (query: string) => Promise<SearchSpaceView[]>) {
  if (!terms.length) return [];
  let hits = hitsOf(await search(terms.join(" ")));
  if (!hits.length && terms.length > 1) {
    const longest = [...terms].sort((a, b) => b.length - a.length).slice(0, SINGLE_TERM_SEARCHES);
    hits = (await Promise.all(longest.map(async (t) => hitsOf(await search(t))))).flat();
  }
  const seen = new Set<string>();
  return hits.filter((h) => !seen.has(keyOf(h)) && seen.add(keyOf(h))).slice(0, MAX_SECTIONS);
}

/** The hits' full sections (in hit order) and the revisions their spaces' index reflects, in one round trip. */
async function loadSections(
  ctx: ServiceContext,
  hits: SectionHit[],
  extra: SQL | undefined,
  url: (hit: SectionHit, anchor: string, rows: unknown[]) => string,
) {
  if (!hits.length) return { sections: [] as RetrievedSection[], extraRows: [] as unknown[] };
  const spaceIds = [...new Set(hits.map((h) => h.spaceId))];
  const pageIds = [...new Set(hits.map((h) => h.pageId))];
  const db = ctx.db;
  const [rows, states, extraRows] = await batch(db, [
    db
      .select({
        spaceId: searchSections.spaceId,
        pageId: searchSections.pageId,
        anchor: searchSections.anchor,
        heading: searchSections.heading,
        body: searchSections.body,
        position: searchSections.position,
      })
      .from(searchSections)
      .where(and(inArray(searchSections.spaceId, spaceIds), inArray(searchSections.pageId, pageIds)))
      .orderBy(asc(searchSections.position)),
    db
      .select({ spaceId: searchIndexState.spaceId, revisionId: searchIndexState.revisionId })
      .from(searchIndexState)
      .where(inArray(searchIndexState.spaceId, spaceIds)),
    extra
      ? db
          .select({ id: siteSpaces.id, spaceId: siteSpaces.spaceId })
          .from(siteSpaces)
          .where(extra)
          .orderBy(asc(siteSpaces.sortKey))
      : undefined,
  ]);
  const revisions = new Map(states.map((s) => [s.spaceId, s.revisionId]));
  const sections: RetrievedSection[] = [];
  for (const hit of hits) {
    const own = rows.filter((r) => r.spaceId === hit.spaceId && r.pageId === hit.pageId);
    const row = hit.anchor !== undefined ? own.find((r) => r.anchor === hit.anchor) : own[0];
    if (!row) continue;
    sections.push({
      spaceId: hit.spaceId,
      revisionId: revisions.get(hit.spaceId) ?? "",
      pageId: hit.pageId,
      pageTitle: hit.pageTitle,
      pagePath: hit.pagePath,
      anchor: row.anchor,
      heading: row.heading,
      body: row.body,
      url: url(hit, row.anchor, extraRows ?? []),
    });
  }
  return { sections, extraRows: extraRows ?? [] };
}

const withAnchor = (url: string, anchor: string) => (anchor ? `${url}#${anchor}` : url);

/**
 * The sections of a site that best match the question, as the caller may read them on the site (visitor passes,
 * adaptive content and member access applied by the site search); each with its published URL. `readable` is
 * the condition on spaces the search used (for vector matches to be held to the same spaces).
 */
export async function retrieveInSite(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  question: string,
  scope: SiteSearchScope,
) {
  const terms = questionTerms(question);
  const readable = await siteSearchSpaces(ctx, organizationId, siteId, scope);
  let hits = await searchHits(
    terms,
    async (query) => (await searchBySpace(ctx, { query, limit: PAGES_PER_SEARCH }, async () => readable)).items,
  );
  const { AI, VECTORIZE } = ctx.env;
  if (AI && VECTORIZE && question.trim()) {
    const semantic = await semanticHits(ctx, AI, VECTORIZE, question, readable);
    hits = fuseRankings([hits, semantic], keyOf).slice(0, MAX_SECTIONS);
  }
  const paths = hits.length ? await publishedPathsOf(ctx.db, siteId, { unpublished: true }) : undefined;
  const { sections } = await loadSections(ctx, hits, eq(siteSpaces.siteId, siteId), (hit, anchor, rows) => {
    const siteSpace = (rows as { id: string; spaceId: string }[]).find(
      (r) => r.spaceId === hit.spaceId && paths?.siteSpaces.has(r.id),
    );
    const prefix = siteSpace ? (paths?.siteSpaces.get(siteSpace.id) ?? "") : "";
    return withAnchor(publishedSiteUrl(ctx.urls, siteId, `${prefix}/${hit.pagePath}`, paths?.proxy), anchor);
  });
  return { terms, sections, readable };
}

/**
 * The sections of the organization's spaces the member can read that best match the question (app URLs); with
 * AI and VECTORIZE, fused with the vector matches among the same spaces.
 */
export async function retrieveInOrganization(ctx: ServiceContext, organizationId: string, question: string) {
  const terms = questionTerms(question);
  let hits = await searchHits(
    terms,
    async (query) => (await searchOrganization(ctx, organizationId, { query, limit: PAGES_PER_SEARCH })).items,
  );
  const { AI, VECTORIZE } = ctx.env;
  if (AI && VECTORIZE && question.trim()) {
    const readable = await memberReadableSpaces(ctx, organizationId);
    hits = fuseRankings([hits, await semanticHits(ctx, AI, VECTORIZE, question, readable)], keyOf).slice(
      0,
      MAX_SECTIONS,
    );
  }
  const { sections } = await loadSections(ctx, hits, undefined, (hit, anchor) =>
    withAnchor(`${ctx.urls.app}/s/${hit.spaceId}/${hit.pagePath}`, anchor),
  );
  return { terms, sections };
}
