import { expect } from "vitest";
import { ORIGIN, workerFetch } from "./http";
import type { Holding, Tenant, transferredSpace } from "./tenants";

// The machinery of test/http/published-tenant-matrix.test.ts: who asks (a credential), about what (a target),
// and the checks every response goes through.

export interface Violation {
  tags: string[];
  detail: string;
}
export interface Target {
  name: string;
  /** Every id of it is A's: a request naming it must be refused unless the credential opens `holding`. */
  pure: boolean;
  organizationId: string;
  siteId?: string;
  holding: Pick<Holding, "marker" | "spaceId" | "pageId" | "pagePath" | "fileId" | "revisionId"> & {
    siteSpaceId?: string;
  };
}
export interface Credential {
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

/** A marker that must not come back, and what it marks (the `leaks:` tag of a violation showing it). */
export interface Secret {
  kind: string;
  marker: string;
}

/** The requests of one surface, deduplicated, then run a batch at a time and checked. */
export class Matrix {
  private readonly requests = new Map<string, { url: string; init: RequestInit; target: Target; cred: Credential }>();
  readonly violations: Violation[] = [];
  /** Responses that showed the marker of content the credential opens: the positive control. */
  opened = 0;
  constructor(
    private readonly surface: string,
    private readonly secrets: Secret[],
  ) {}

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
    for (const { kind, marker } of this.secrets) {
      if (cred.opens.includes(marker) || !text.includes(marker)) continue;
      this.violations.push({ tags: [...tags, `leaks:${kind}`], detail: `${where} shows A's ${kind} marker` });
    }
    if (target.pure && !opened && (status < 400 || status >= 500)) {
      const kind = this.secrets.find((s) => s.marker === target.holding.marker)?.kind;
      const leak = kind ? `leaks:${kind}` : "refusal";
      this.violations.push({ tags: [...tags, leak], detail: `${where}: expected a refusal` });
    }
  }
}

/**
 * Fails on every violation whose tags name no entry of `holes` (known holes, each naming the part of issue 27
 * that fixes it), and on every entry of `expected` that no longer matches a violation: it was fixed, and its
 * line must go.
 */
export function judge(violations: Violation[], holes: Record<string, string>, expected: string[]) {
  const unknown = violations.filter((v) => !v.tags.some((t) => holes[t]));
  const stale = expected.filter((key) => !violations.some((v) => v.tags.includes(key)));
  expect(unknown.map((v) => `${v.detail} {${v.tags.join(", ")}}`)).toEqual([]);
  expect(stale.map((key) => `${key} no longer fails (fixed by ${holes[key]}): remove it from KNOWN_HOLES`)).toEqual([]);
}

export function withQuery(url: string, query: Record<string, string> | undefined) {
  const u = new URL(url);
  for (const [k, v] of Object.entries(query ?? {})) u.searchParams.set(k, v);
  return u.toString();
}

/**
 * The matrix's secrets (A's closed content), targets and credentials, over two seeded tenants, the space moved
 * from B to A (with its marker) and the share cookie B's site gave a visitor.
 */
export function matrixWorld(
  A: Tenant,
  B: Tenant,
  moved: Awaited<ReturnType<typeof transferredSpace>>,
  movedMarker: string,
  bCookie: string,
) {
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
  return { secrets, targets, credentials };
}
