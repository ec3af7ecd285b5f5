import { AccessMemo, ByteLru } from "./lru";

/**
 * Every cache this isolate keeps across requests, declared here with what bounds it, what it is keyed by and what
 * makes an entry stale, so that none is added without its invalidation (test/lib/isolate-caches.test.ts checks
 * each, and that no module of src/ makes a cache of its own; the README lists them). The module named by
 * `usedBy` reads and writes it. lib/ sits below the types most caches hold, so a store holds `unknown` and its
 * one user names the type (`store as Map<string, Snapshot>`); the bound a user enforces itself is read from here.
 */

/** At most `entries` entries (`also`: a second bound), `bytes` bytes as the cache measures its values, or `by`. */
export type Bound = { entries: number; also?: string } | { bytes: number } | { by: string };

export interface CacheDeclaration {
  /** What it holds. */
  name: string;
  bound: Bound;
  /** What an entry is found by. */
  key: string;
  /** What makes an entry stale and how a read notices, or why it never goes stale. */
  invalidatedBy: string;
  /** The module that reads and writes it (src/…). */
  usedBy: string;
}

export interface IsolateCache<B extends Bound, S> extends CacheDeclaration {
  bound: B;
  store: S;
}

/** Every declared cache, in declaration order. */
export const isolateCaches: CacheDeclaration[] = [];

function declare<B extends Bound, S>(declaration: CacheDeclaration & { bound: B }, create: (bound: B) => S) {
  const cache: IsolateCache<B, S> = { ...declaration, store: create(declaration.bound) };
  isolateCaches.push(cache);
  return cache;
}

const MiB = 1024 * 1024;
const NEVER = "nothing: its key names immutable content";
const TESTS = "tests that measure a cold read forget it";

// Access

export const personalTokens = declare(
  {
    name: "Personal tokens (memberships, grants)",
    bound: { entries: 1024 },
    key: "token hash",
    invalidatedBy: "the access generation (triggers on memberships, grants, teams, collections) or the token's row",
    usedBy: "services/people/tokens.ts",
  },
  (b) => new AccessMemo<unknown>(b.entries),
);

export const collectionChains = declare(
  {
    name: "Collection chains",
    bound: { entries: 10_000 },
    key: "space id",
    invalidatedBy: "the access generation, or the space's parent",
    usedBy: "services/access/space-read.ts",
  },
  (b) => new AccessMemo<unknown>(b.entries),
);

export const spaceDetails = declare(
  {
    name: "Space details (counters, place)",
    bound: { entries: 10_000 },
    key: "space id",
    invalidatedBy: "the space's detail version (triggers on what the counters and place read)",
    usedBy: "services/spaces/get-space.ts",
  },
  (b) => new AccessMemo<unknown>(b.entries),
);

export const scopedAccess = declare(
  {
    name: "Scoped access of installation tokens",
    bound: { by: "the life of the token's installation object (one read)" },
    key: "installation object, then resource kind",
    invalidatedBy: "nothing: derived from the object's scopes only",
    usedBy: "services/access/scoped-access.ts",
  },
  () => new WeakMap<object, Map<string, unknown>>(),
);

export const signingSecret = declare(
  {
    name: "Generated signing secret",
    bound: { entries: 1 },
    key: "none (one per deployment)",
    invalidatedBy: "nothing: the stored secret is written once",
    usedBy: "services/access/signing-secret.ts",
  },
  () => ({ value: undefined as string | undefined, pending: new WeakMap<object, Promise<string>>() }),
);

export const tokenHashes = declare(
  {
    name: "Bearer token hashes",
    bound: { entries: 1024, also: "starts over when full" },
    key: "bearer token",
    invalidatedBy: "nothing: a hash of its key",
    usedBy: "http/auth.ts",
  },
  () => new Map<string, string>(),
);

export const siteTokenPasses = declare(
  {
    name: "Site API token passes",
    bound: { entries: 1024 },
    key: "site API token",
    invalidatedBy: "5 s (SITE_TOKEN_PASS_MS), or the token's expiry if sooner",
    usedBy: "services/access/site-tokens.ts",
  },
  () => new Map<string, unknown>(),
);

// Content

export const snapshots = declare(
  {
    name: "Revision snapshots",
    bound: { bytes: 8 * MiB },
    key: "revision id",
    invalidatedBy: `${NEVER}; ${TESTS}`,
    usedBy: "services/revisions/snapshot-cache.ts",
  },
  () => new Map<string, unknown>(),
);

export const revisionPointers = declare(
  {
    name: "Revision last named by main, a change request or a merge base",
    bound: { entries: 10_000 },
    key: "pointer (space and main, change request or merge base)",
    invalidatedBy: "a guess: every read checks it against the row D1 answers in its first batch",
    usedBy: "services/revisions/snapshot-cache.ts",
  },
  () => new Map<string, string>(),
);

export const pageSnapshots = declare(
  {
    name: "Page snapshots (one page read's part of a revision)",
    bound: { bytes: 4 * MiB },
    key: "revision id and page id or path",
    invalidatedBy: `${NEVER}; ${TESTS}`,
    usedBy: "services/revisions/snapshot-cache.ts",
  },
  (b) => new ByteLru<{ snapshot: unknown; bytes: number }>(b.bytes, (e) => e.bytes),
);

export const levelNodes = declare(
  {
    name: "Level nodes page reads brought",
    bound: { bytes: 4 * MiB },
    key: "space id and node hash",
    invalidatedBy: `${NEVER}; ${TESTS}`,
    usedBy: "services/revisions/snapshot-cache.ts",
  },
  (b) => new ByteLru<string>(b.bytes, (data) => data.length),
);

export const recentLevels = declare(
  {
    name: "Level hashes a space's reads hold",
    bound: { entries: 1000, also: "32 hashes per space" },
    key: "space id",
    invalidatedBy: `nothing: a hint of which level nodes the isolate holds (by hash); ${TESTS}`,
    usedBy: "services/revisions/snapshot-cache.ts",
  },
  () => new Map<string, string[]>(),
);

export const pageBodies = declare(
  {
    name: "Page bodies",
    bound: { bytes: 8 * MiB },
    key: "space id and content hash",
    invalidatedBy: `${NEVER}; ${TESTS}`,
    usedBy: "services/revisions/body-cache.ts",
  },
  (b) => new ByteLru<string>(b.bytes, (body) => body.length * 2),
);

export const openApiModels = declare(
  {
    name: "Parsed OpenAPI specs and their generated pages",
    bound: { entries: 8 },
    key: "spec version id",
    invalidatedBy: "nothing: a processed version never changes (a new one has a new id)",
    usedBy: "services/revisions/computed.ts",
  },
  () => new Map<string, unknown>(),
);

export const computedPages = declare(
  {
    name: "A snapshot's computed pages",
    bound: { by: "the life of the snapshot (weak)" },
    key: "snapshot object",
    invalidatedBy: "nothing: cached snapshots are immutable",
    usedBy: "services/revisions/computed.ts",
  },
  () => new WeakMap<object, unknown>(),
);

export const presentedTrees = declare(
  {
    name: "Presented page trees",
    bound: { by: "the life of the snapshot (weak), one per URL bases" },
    key: "snapshot object, then URL bases",
    invalidatedBy: "nothing: cached snapshots are immutable",
    usedBy: "presenters/content.ts",
  },
  () => new WeakMap<object, Map<string, unknown>>(),
);

export const encodedPageLists = declare(
  {
    name: "Page lists as encoded JSON",
    bound: { by: "the life of the snapshot (weak), one per URL bases" },
    key: "snapshot object, then URL bases",
    invalidatedBy: "nothing: cached snapshots are immutable",
    usedBy: "presenters/content.ts",
  },
  () => new WeakMap<object, Map<string, unknown>>(),
);

// Search

export const searchRankings = declare(
  {
    name: "Rankings of hot queries",
    bound: { entries: 32, also: "100,000 ranked pages in all" },
    key: "space id and query",
    invalidatedBy: "search_generation (every index change): a read checks it in its first batch",
    usedBy: "services/search/rankings.ts",
  },
  () => new Map<string, unknown>(),
);

export const searchResults = declare(
  {
    name: "Space and site search results",
    bound: { bytes: 8 * MiB },
    key: "space id (a site's search: organization and spaces), query, cursor and page size",
    invalidatedBy: "search_generation: a read checks it in its first batch (a site's search: in the site's load)",
    usedBy: "services/search/results-cache.ts",
  },
  (b) =>
    new ByteLru<{ generation: number; rows: unknown[] }>(b.bytes, (entry) => JSON.stringify(entry.rows).length * 2),
);

export const searchStatements = declare(
  {
    name: "Compiled space search statements",
    bound: { by: "the statement shapes (index, LIKE filters, cursor, ranking)" },
    key: "statement shape",
    invalidatedBy: "nothing: compiled SQL with placeholders",
    usedBy: "services/search/space-search.ts",
  },
  () => new Map<string, unknown>(),
);

// Sites, pages, files

/** A site load as recent-sites.ts keeps it; only what its size is measured by is named here. */
type RecentSite = {
  data: { siteSpaces: unknown[]; sections: unknown[]; groups: unknown[] } | undefined;
  loadedAt: number;
  generation: number;
};

/** A rough size: the structure's rows dominate; precision does not matter, only that big sites weigh more. */
function approximateSiteBytes(entry: RecentSite): number {
  const data = entry.data;
  if (!data) return 256;
  return 4096 + 400 * (data.siteSpaces.length + data.sections.length + data.groups.length);
}

export const recentSites = declare(
  {
    name: "Published site loads",
    bound: { bytes: 4 * MiB },
    key: "site id and visitor credentials",
    invalidatedBy: "1 s, and every write this isolate handles (forgetRecentSites)",
    usedBy: "services/published/recent-sites.ts",
  },
  (b) => new ByteLru<RecentSite>(b.bytes, approximateSiteBytes),
);

export const renderedPages = declare(
  {
    name: "Rendered site pages (HTML, markdown, llms-full.txt)",
    bound: { bytes: 16 * MiB },
    key: "host, base, site id and version, revisions, computed specs, path, visitor segment",
    invalidatedBy: "nothing: the site's version and revisions are in the key",
    usedBy: "site/page.ts",
  },
  // `url`: a page's own URL (its Link header names its other form), absent for the llms files.
  (b) => new ByteLru<{ body: string; type: string; url?: string }>(b.bytes, (v) => v.body.length * 2),
);

export const renderedPageHtml = declare(
  {
    name: "Page bodies rendered for the API (format=html)",
    bound: { bytes: 8 * MiB },
    key: "space id, revision id, page id and the app's URL base",
    invalidatedBy: `${NEVER} (file URLs are signed per read; pages read expanded with computed pages are not kept); ${TESTS}`,
    usedBy: "site/page-html.ts",
  },
  // `files`: the files the body shows, whose download URLs each read signs.
  (b) =>
    new ByteLru<{ html: string; outline: unknown[]; files: unknown[] }>(
      b.bytes,
      (v) => v.html.length * 2 + 200 * (v.outline.length + v.files.length),
    ),
);

export const assetVersions = declare(
  {
    name: "Static asset versions (ETags)",
    bound: { by: "the assets the reference and account pages name" },
    key: "asset path",
    invalidatedBy: "a deployment (a new isolate); tests forget it",
    usedBy: "http/reference.ts",
  },
  () => new Map<string, string>(),
);

export const fontFaces = declare(
  {
    name: "Parsed PDF fonts",
    bound: { by: "the bundled font files" },
    key: "asset path",
    invalidatedBy: "a deployment; a file that failed to load is not kept; tests forget it",
    usedBy: "pdf/fonts.ts",
  },
  () => new Map<string, Promise<unknown>>(),
);

// Requests

export const routerMatches = declare(
  {
    name: "Router matches (one memo per app's router)",
    bound: { entries: 2048, also: "starts over when full; paths over 256 characters are not kept" },
    key: "method and path",
    invalidatedBy: "a route added to the router",
    usedBy: "http/memoized-router.ts",
  },
  () => () => new Map<string, unknown>(),
);

export const openApiDocument = declare(
  {
    name: "Generated OpenAPI document",
    bound: { entries: 1 },
    key: "origin",
    invalidatedBy: "another origin replaces it",
    usedBy: "app.ts",
  },
  () => ({ value: undefined as { origin: string; doc: unknown } | undefined }),
);

export const bindingDatabases = declare(
  {
    name: "Drizzle database per D1 binding",
    bound: { by: "the life of the binding object (weak)" },
    key: "D1 binding object",
    invalidatedBy: "nothing: it holds no data",
    usedBy: "db/client.ts",
  },
  () => new WeakMap<object, unknown>(),
);

export const tokenBudgets = declare(
  {
    name: "Rate-limit leases",
    bound: { entries: 10_000 },
    key: "token hash and window length",
    invalidatedBy: "the window's end (a new window starts a new lease)",
    usedBy: "coordination/token-budgets.ts",
  },
  () => new Map<string, unknown>(),
);

// Sign-in

export const oidcDiscovery = declare(
  {
    name: "OpenID providers' discovery documents",
    bound: { entries: 64 },
    key: "issuer",
    invalidatedBy: "an hour after it was fetched (a read notices the age); a failed fetch is not kept",
    usedBy: "services/sso/oidc.ts",
  },
  () => new Map<string, unknown>(),
);

export const oidcKeys = declare(
  {
    name: "OpenID providers' signing keys (JWKS)",
    bound: { entries: 64 },
    key: "jwks_uri",
    invalidatedBy:
      "an hour after it was fetched, or a token naming a key it lacks (fetched again, at most once a minute)",
    usedBy: "services/sso/oidc.ts",
  },
  () => new Map<string, unknown>(),
);
