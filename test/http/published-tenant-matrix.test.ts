import { beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, workerFetch } from "../helpers/http";
import {
  type Holding,
  makeHostServe,
  SEARCH_WORD,
  seedTenant,
  type Tenant,
  transferredSpace,
} from "../helpers/tenants";

// The cross-tenant matrix over the published surface (issue 27, part 9b). Two organizations, A and B, each with
// a published site of every visibility, an unpublished site and a private space, every one holding a space whose
// titles, page body and file carry a marker unique to it. Every anonymous-capable read of /openapi.json that
// names a site or a space, and every URL form of the renderer, is called with each of B's credentials (and A's
// own credentials of its *other* sites) against A's closed content and mixes of A's and B's ids. No response may
// carry the marker of A content the credential does not open, and a request that names only A's ids must be
// refused (4xx). Every violation is reported with its scenario tags; a tag in KNOWN_HOLES names a hole another
// part of issue 27 fixes (the suite then requires it to still fail, so that fixing it means deleting its line).

const KNOWN_HOLES: Record<string, string> = {
  // A space moved from B to A stays on B's share-link site: B's key (or site) reads what A writes into it.
  "leaks:transferred": "part 4 (transfers remove other organizations' site spaces and recompute visibility)",
  // A custom host answers /~site/<another site> and /v1: A's published content on B's host.
  "custom-host:/~site": "part 1 (a custom host serves only its own site)",
  "custom-host:/v1": "part 1 (a custom host serves only its own site)",
  // B claims the proxy A's site already has, and A's host then may serve B's site.
  "custom-host:takeover": "part 2 (proxies unique across organizations, proven by DNS)",
  // The share cookie a visitor gets from B's site is SameSite=Lax: another site's page can send it along.
  "cookie:samesite": "part 1 (share-link and visitor cookies are SameSite=Strict)",
};

type Doc = { paths: Record<string, Record<string, any>> };
interface Op {
  method: string;
  template: string;
  operationId: string;
}
interface Violation {
  tags: string[];
  detail: string;
}
interface Target {
  name: string;
  /** Every id of it is A's: a request naming it must be refused unless the credential opens `holding`. */
  pure: boolean;
  organizationId: string;
  siteId?: string;
  holding: Pick<Holding, "marker" | "spaceId" | "pageId" | "pagePath" | "fileId" | "revisionId"> & {
    siteSpaceId?: string;
  };
}
interface Credential {
  name: string;
  /** A markers this credential legitimately opens (A's own key on A's own site). */
  opens: string[];
  headers?: (t: Target) => Record<string, string>;
  /** Query on API calls. */
  apiQuery?: Record<string, string>;
  /** Query on renderer URLs (and in URLs given to the URL lookups). */
  siteQuery?: Record<string, string>;
  cookie?: (t: Target) => string;
  api: boolean;
  site: boolean;
}

/** Anonymous-capable operations about a site or a space, and the URL lookups: from the served document. */
function publishedReads(doc: Doc): Op[] {
  const out: Op[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const anonymous = (op.security as unknown[] | undefined)?.some((s) => s && Object.keys(s).length === 0);
      const scoped = /\{(siteId|spaceId)\}/.test(template) || template.startsWith("/v1/urls/");
      // downloadFile: its URL's signature is the credential (covered by test/routes/content-files.test.ts).
      if ((anonymous || template.startsWith("/v1/urls/")) && scoped && op.operationId !== "downloadFile")
        out.push({ method, template, operationId: op.operationId });
    }
  }
  return out;
}

let A: Tenant;
let B: Tenant;
let moved: Awaited<ReturnType<typeof transferredSpace>>;
let movedMarker: string;
let bCookie: string;
let bSetCookie: string;

beforeAll(async () => {
  [A, B] = await Promise.all([seedTenant("A"), seedTenant("B")]);
  movedMarker = `QzMarkAtransferredX${crypto.randomUUID().slice(0, 8)}`;
  moved = await transferredSpace(B, A, movedMarker);
  // The share cookie B's site gives its visitors.
  const visit = await workerFetch(`${ORIGIN}/~site/${B.of("share-link").siteId}/?share=${B.shareKey}`);
  await visit.text();
  bSetCookie = visit.headers.get("set-cookie") ?? "";
  bCookie = bSetCookie.split(";")[0]!;
}, 60_000);

/** A's markers that must never come back, by what they are (their tag). */
function secrets() {
  return [
    ...["share-link", "visitor-auth", "unpublished", "private"].map((kind) => ({
      kind,
      marker: A.of(kind as never).marker,
    })),
    { kind: "transferred", marker: movedMarker },
  ];
}

function targets(): Target[] {
  const a = (kind: "share-link" | "visitor-auth" | "unpublished") => A.of(kind);
  const bShare = B.of("share-link");
  const ofA = (name: string, h: Holding): Target => ({
    name,
    pure: true,
    organizationId: A.organization.id,
    siteId: h.siteId,
    holding: h,
  });
  return [
    ofA("A share-link site", a("share-link")),
    ofA("A visitor-auth site", a("visitor-auth")),
    ofA("A unpublished site", a("unpublished")),
    { ...ofA("A private space", A.of("private")), siteId: undefined },
    {
      name: "A space transferred from B",
      pure: true,
      organizationId: A.organization.id,
      holding: { ...moved, marker: movedMarker, revisionId: moved.revision.id },
    },
    {
      name: "B site with A ids",
      pure: false,
      organizationId: B.organization.id,
      siteId: bShare.siteId,
      holding: a("share-link"),
    },
    {
      name: "A org, B site, A ids",
      pure: false,
      organizationId: A.organization.id,
      siteId: bShare.siteId,
      holding: a("share-link"),
    },
    {
      name: "B org, A site",
      pure: false,
      organizationId: B.organization.id,
      siteId: a("share-link").siteId,
      holding: a("share-link"),
    },
    {
      name: "B share-link site itself",
      pure: false,
      organizationId: B.organization.id,
      siteId: bShare.siteId,
      holding: bShare,
    },
    {
      name: "B visitor-auth site with A ids",
      pure: false,
      organizationId: B.organization.id,
      siteId: B.of("visitor-auth").siteId,
      holding: a("visitor-auth"),
    },
  ];
}

function credentials(): Credential[] {
  const bearer = { authorization: `Bearer ${B.owner.token}` };
  return [
    { name: "anonymous", opens: [], api: true, site: true },
    { name: "B's token", opens: [], headers: () => bearer, api: true, site: true },
    {
      name: "B's share key (header)",
      opens: [],
      headers: () => ({ "x-quire-share-key": B.shareKey }),
      api: true,
      site: false,
    },
    {
      name: "B's share key (query)",
      opens: [],
      apiQuery: { shareKey: B.shareKey },
      siteQuery: { share: B.shareKey },
      api: true,
      site: true,
    },
    {
      name: "B's visitor token",
      opens: [],
      headers: () => ({ "x-quire-visitor-token": B.visitorToken }),
      apiQuery: { visitorAuthToken: B.visitorToken },
      siteQuery: { jwt_token: B.visitorToken },
      api: true,
      site: true,
    },
    { name: "B's share cookie as given", opens: [], cookie: () => bCookie, api: false, site: true },
    {
      name: "B's share key as the target's cookie",
      opens: [],
      cookie: (t) => `quire_share_${t.siteId}=${B.shareKey}`,
      api: false,
      site: true,
    },
    {
      name: "B's visitor token as the target's cookie",
      opens: [],
      cookie: (t) => `quire_visitor_${t.siteId}=${B.visitorToken}`,
      api: false,
      site: true,
    },
    {
      name: "B's token and share key",
      opens: [],
      headers: () => ({ ...bearer, "x-quire-share-key": B.shareKey }),
      siteQuery: { share: B.shareKey },
      api: false,
      site: true,
    },
    // A's own credentials open A's own site only, never its other sites (different visibility) or spaces.
    {
      name: "A's share key",
      opens: [A.of("share-link").marker],
      headers: () => ({ "x-quire-share-key": A.shareKey }),
      siteQuery: { share: A.shareKey },
      api: true,
      site: true,
    },
    {
      name: "A's share key as the target's cookie",
      opens: [A.of("share-link").marker],
      cookie: (t) => `quire_share_${t.siteId}=${A.shareKey}`,
      api: false,
      site: true,
    },
    {
      name: "A's visitor token",
      opens: [A.of("visitor-auth").marker],
      headers: () => ({ "x-quire-visitor-token": A.visitorToken }),
      apiQuery: { visitorAuthToken: A.visitorToken },
      siteQuery: { jwt_token: A.visitorToken },
      api: true,
      site: true,
    },
  ];
}

/** The requests of one surface, deduplicated, then run a batch at a time and checked. */
class Matrix {
  private readonly requests = new Map<string, { url: string; init: RequestInit; target: Target; cred: Credential }>();
  readonly violations: Violation[] = [];
  /** Responses that showed the marker of content the credential opens: the positive control. */
  opened = 0;
  constructor(private readonly surface: string) {}

  add(url: string, init: RequestInit, target: Target, cred: Credential) {
    const key = JSON.stringify([init.method ?? "GET", url, init.headers, init.body, target.pure]);
    if (!this.requests.has(key)) this.requests.set(key, { url, init: { ...init, redirect: "manual" }, target, cred });
  }

  get size() {
    return this.requests.size;
  }

  async run() {
    const all = [...this.requests.values()];
    for (let i = 0; i < all.length; i += 48) {
      await Promise.all(
        all.slice(i, i + 48).map(async ({ url, init, target, cred }) => {
          const res = await workerFetch(url, init);
          this.check(res.status, await res.text(), `${init.method ?? "GET"} ${url.slice(ORIGIN.length)}`, target, cred);
        }),
      );
    }
  }

  /** No 5xx, no A marker the credential does not open, and a refusal when the request names only A's ids. */
  private check(status: number, text: string, request: string, target: Target, cred: Credential) {
    const opened = cred.opens.includes(target.holding.marker);
    if (opened && status < 300 && text.includes(target.holding.marker)) this.opened++;
    const tags = [`surface:${this.surface}`, `target:${target.name}`, `credential:${cred.name}`];
    const where = `${request} [${target.name} / ${cred.name}] → ${status}`;
    if (status >= 500) this.violations.push({ tags: [...tags, "5xx"], detail: `${where}: ${text.slice(0, 120)}` });
    for (const { kind, marker } of secrets()) {
      if (cred.opens.includes(marker) || !text.includes(marker)) continue;
      this.violations.push({ tags: [...tags, `leaks:${kind}`], detail: `${where} shows A's ${kind} marker` });
    }
    if (target.pure && !opened && (status < 400 || status >= 500)) {
      const leak = target.holding.marker === movedMarker ? "leaks:transferred" : "refusal";
      this.violations.push({ tags: [...tags, leak], detail: `${where}: expected a refusal` });
    }
  }
}

/** Fails on every violation no KNOWN_HOLES entry names, and on every entry that no longer matches one. */
function judge(violations: Violation[], keys: string[]) {
  const unknown = violations.filter((v) => !v.tags.some((t) => KNOWN_HOLES[t]));
  const stale = keys.filter((key) => !violations.some((v) => v.tags.includes(key)));
  expect(unknown.map((v) => `${v.detail} {${v.tags.join(", ")}}`)).toEqual([]);
  expect(
    stale.map((key) => `${key} no longer fails (fixed by ${KNOWN_HOLES[key]}): remove it from KNOWN_HOLES`),
  ).toEqual([]);
}

function withQuery(url: string, query: Record<string, string> | undefined) {
  const u = new URL(url);
  for (const [k, v] of Object.entries(query ?? {})) u.searchParams.set(k, v);
  return u.toString();
}

describe("cross-tenant matrix over the published surface", () => {
  it("no API read reaches A's closed content with B's credentials, or with A's credentials of another site", async () => {
    const doc = (await (await workerFetch(`${ORIGIN}/openapi.json`)).json()) as Doc;
    const ops = publishedReads(doc);
    expect(ops.map((o) => o.operationId)).toEqual(
      expect.arrayContaining([
        "getSpaceById",
        "listPages",
        "getPublishedContentSite",
        "searchSiteContent",
        "resolvePublishedContentByUrl",
      ]),
    );
    const matrix = new Matrix("api");
    for (const op of ops) {
      for (const target of targets()) {
        const needsSite = op.template.includes("{siteId}");
        if (needsSite && !target.siteId) continue;
        if (!needsSite && !op.template.startsWith("/v1/urls/") && !target.pure) continue; // spaces: A's only
        if (op.template.startsWith("/v1/urls/") && !target.siteId) continue;
        const ids: Record<string, string> = {
          organizationId: target.organizationId,
          siteId: target.siteId ?? "",
          spaceId: target.holding.spaceId,
          pageId: target.holding.pageId,
          pagePath: target.holding.pagePath,
          fileId: target.holding.fileId,
          revisionId: target.holding.revisionId,
        };
        const path = op.template.replace(/\{(\w+)\}/g, (_, name: string) =>
          encodeURIComponent(ids[name] ?? `unknown-${name}`),
        );
        for (const cred of credentials()) {
          if (!cred.api) continue;
          const pageUrl = withQuery(`${ORIGIN}/~site/${target.siteId}/${target.holding.pagePath}`, cred.siteQuery);
          const query: Record<string, string> = { ...cred.apiQuery };
          if (op.operationId === "searchSpaceContent") query.query = SEARCH_WORD;
          if (op.operationId === "getSiteRedirectBySource") query.source = "/old";
          if (op.template.startsWith("/v1/urls/") && op.method === "get") query.url = pageUrl;
          if (op.operationId === "getContentByUrl") delete query.visitorAuthToken;
          let body: string | undefined;
          if (op.operationId === "searchSiteContent")
            body = JSON.stringify({ query: SEARCH_WORD, scope: { mode: "all" } });
          if (op.operationId === "resolvePublishedContentByUrl") {
            const jwtToken = cred.apiQuery?.visitorAuthToken;
            body = JSON.stringify({ url: pageUrl, ...(jwtToken ? { visitor: { jwtToken } } : {}) });
          }
          const headers: Record<string, string> = { ...cred.headers?.(target) };
          if (cred.cookie) headers.cookie = cred.cookie(target);
          if (body) headers["content-type"] = "application/json";
          const url = withQuery(`${ORIGIN}${path}`, query);
          matrix.add(url, { method: op.method.toUpperCase(), headers, body }, target, cred);
        }
      }
    }
    expect(matrix.size).toBeGreaterThan(400);
    await matrix.run();
    // The positive control: A's own key and token do open A's own sites through every read that shows content.
    expect(matrix.opened).toBeGreaterThan(20);
    judge(matrix.violations, ["leaks:transferred"]);
  }, 60_000);

  it("no URL form of the renderer serves A's closed content to B's credentials, cookies or A's other keys", async () => {
    const matrix = new Matrix("site");
    for (const target of targets()) {
      if (!target.siteId) continue;
      const h = target.holding;
      const forms = [
        "",
        "/",
        `/${h.pagePath}`,
        `/${h.pagePath}.md`,
        "/llms.txt",
        "/llms-full.txt",
        "/sitemap.xml",
        "/robots.txt",
        `/~search?q=${SEARCH_WORD}`,
        `/~search.json?q=${SEARCH_WORD}`,
        `/~files/${h.siteSpaceId ?? A.of("share-link").siteSpaceId}/${h.fileId}`,
      ];
      for (const form of forms) {
        for (const cred of credentials()) {
          if (!cred.site) continue;
          const url = withQuery(`${ORIGIN}/~site/${target.siteId}${form}`, cred.siteQuery);
          const headers: Record<string, string> = { ...cred.headers?.(target) };
          if (cred.cookie) headers.cookie = cred.cookie(target);
          matrix.add(url, { headers }, target, cred);
        }
      }
    }
    expect(matrix.size).toBeGreaterThan(300);
    await matrix.run();
    expect(matrix.opened).toBeGreaterThan(10);
    judge(matrix.violations, ["leaks:transferred"]);
  }, 60_000);

  it("the cookies a visitor gets from B's site are scoped to it and never sent by other sites' pages", async () => {
    const violations: Violation[] = [];
    const attributes = bSetCookie.toLowerCase();
    expect(bCookie).toBe(`quire_share_${B.of("share-link").siteId}=${B.shareKey}`);
    if (!attributes.includes(`path=/~site/${B.of("share-link").siteId!.toLowerCase()}`))
      violations.push({ tags: ["cookie:path"], detail: `not scoped to the site's path: ${bSetCookie}` });
    if (!attributes.includes("httponly")) violations.push({ tags: ["cookie:httponly"], detail: bSetCookie });
    if (!attributes.includes("secure")) violations.push({ tags: ["cookie:secure"], detail: bSetCookie });
    if (!attributes.includes("samesite=strict")) violations.push({ tags: ["cookie:samesite"], detail: bSetCookie });
    judge(violations, ["cookie:samesite"]);
  });

  it("B's custom host serves B's site only: never A's sites, A's spaces through /v1, or A's domain", async () => {
    const host = `docs-${crypto.randomUUID().slice(0, 8)}.b.example.com`;
    const bPublic = B.of("public");
    await makeHostServe(B, bPublic.siteId!, host);
    const onHost = (path: string, headers: Record<string, string> = {}) =>
      workerFetch(`https://${host}${path}`, { headers, redirect: "manual" });
    // The host does serve B's site (so the refusals below are about A's content, not a dead host).
    const home = await onHost("/help");
    expect(home.status).toBe(200);
    expect(await home.text()).toContain(bPublic.marker);

    const violations: Violation[] = [];
    const aPublic = A.of("public");
    const aShare = A.of("share-link");
    const aMarkers = [...A.holdings.map((h) => h.marker), movedMarker];
    const cases: [string, string, Record<string, string>?][] = [
      ["custom-host:/~site", `/~site/${aPublic.siteId}`],
      ["custom-host:/~site", `/~site/${aPublic.siteId}/${aPublic.pagePath}.md`],
      ["custom-host:/~site", `/~site/${A.of("unlisted").siteId}/llms-full.txt`],
      ["custom-host:/~site", `/~site/${aShare.siteId}/?share=${A.shareKey}`],
      ["custom-host:/v1", `/v1/spaces/${aPublic.spaceId}`],
      ["custom-host:/v1", `/v1/spaces/${aPublic.spaceId}/content/page/${aPublic.pageId}`],
      ["custom-host:/v1", `/v1/orgs/${A.organization.id}/sites/${aPublic.siteId}/published`],
      ["custom-host:/v1", `/v1/spaces/${aShare.spaceId}/content/pages`, { "x-quire-share-key": A.shareKey }],
      ["custom-host:own-site", `/help/${aPublic.pagePath}`],
      ["custom-host:own-site", `/help/${aPublic.pagePath}.md`],
      ["custom-host:own-site", `/help/~files/${aPublic.siteSpaceId}/${aPublic.fileId}`],
      ["custom-host:own-site", `/help/~search.json?q=${SEARCH_WORD}`],
      ["custom-host:own-site", `/help/llms-full.txt`],
      ["custom-host:own-site", `/help/?share=${A.shareKey}`],
    ];
    await Promise.all(
      cases.map(async ([tag, path, headers]) => {
        const res = await onHost(path, headers);
        const text = await res.text();
        const leaked = aMarkers.filter((m) => text.includes(m));
        if (res.status >= 500 || leaked.length || (tag !== "custom-host:own-site" && res.status < 400))
          violations.push({
            tags: [tag],
            detail: `${host}${path} → ${res.status}${leaked.length ? " with A's content" : ""}`,
          });
      }),
    );

    // B claims the proxy A's site already serves: refused, and A's host keeps serving A's site.
    const aHost = `docs-${crypto.randomUUID().slice(0, 8)}.a.example.com`;
    await makeHostServe(A, aPublic.siteId!, aHost);
    const claim = await workerFetch(`${ORIGIN}/v1/orgs/${B.organization.id}/sites/${bPublic.siteId}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${B.owner.token}`, "content-type": "application/json" },
      body: JSON.stringify({ proxy: `${aHost}/help` }),
    });
    await claim.text();
    if (claim.status < 400)
      violations.push({ tags: ["custom-host:takeover"], detail: `B's claim of ${aHost}/help → ${claim.status}` });
    const aHome = await (await workerFetch(`https://${aHost}/help`)).text();
    if (!aHome.includes(aPublic.marker) || aHome.includes(bPublic.marker))
      violations.push({ tags: ["custom-host:takeover"], detail: `${aHost}/help no longer serves A's site` });
    judge(violations, ["custom-host:/~site", "custom-host:/v1", "custom-host:takeover"]);
  });
});
