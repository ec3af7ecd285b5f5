import { beforeAll, describe, expect, it } from "vitest";
import { api, client, ORIGIN, workerFetch } from "../helpers/http";
import { seedMember, seedOrganization } from "../helpers/seed";
import { markedSpace, SEARCH_WORD } from "../helpers/tenants";
import { completed, lang } from "../helpers/translations";

// A member without access to a space (issue 27, part 9c): a restricted space (no default level, no grant) can be
// neither published, searched, translated, duplicated nor resolved by a `create` member who cannot read it.
// Every case runs twice: as that member, where it must be refused (400 naming the field as if the space did not
// exist, 403 or 404) and no response may carry the space's marker; and as a `create` member granted `admin` on
// the space, where it must succeed (the positive control: the case reaches the space at all). A case listed in
// KNOWN_HOLES is a hole another part of issue 27 fixes: the suite requires it to still fail, so that once it is
// fixed the line goes.

const KNOWN_HOLES: Record<string, string> = {};

interface Actor {
  token: string;
  /** Sites of the actor's own, showing the open space: where the publish cases try to add the restricted one. */
  sites: { siteId: string; siteSpaceId: string }[];
}
interface Case {
  name: string;
  /** Reads answer 200 with the restricted content filtered out; the others refuse. */
  filters?: boolean;
  /** Answers the space's content to a member who may read it (the positive control looks for its marker). */
  reads?: boolean;
  run: (actor: Actor) => Promise<{ status: number; text: string }>;
}

let orgId: string;
let owner: Awaited<ReturnType<typeof seedOrganization>>["owner"];
let marker: string;
let restricted: { id: string; appUrl: string; pageAppUrl: string };
let ownerSiteId: string;
let denied: Actor;
let granted: Actor;

/** A `create` member with three sites of their own, each showing the open space. */
async function actor(token: string, openSpaceId: string): Promise<Actor> {
  const sites = await Promise.all(
    [1, 2, 3].map(async (n) => {
      const site = (await client(token).orgs.createSite(orgId, { title: `Mine ${n}`, spaces: [openSpaceId] } as never))
        .data;
      const siteSpace = (await client(token).orgs.listSiteSpaces(orgId, site.id)).data.items[0]!;
      return { siteId: site.id, siteSpaceId: siteSpace.id };
    }),
  );
  return { token, sites };
}

beforeAll(async () => {
  const seeded = await seedOrganization("Restricted");
  orgId = seeded.organization.id;
  owner = seeded.owner;
  const gb = client(owner.token);
  marker = `QzRestricted${crypto.randomUUID().slice(0, 8)}`;
  const [secret, open] = await Promise.all([
    markedSpace(owner.token, orgId, marker),
    markedSpace(owner.token, orgId, `QzOpen${crypto.randomUUID().slice(0, 8)}`),
  ]);
  await gb.spaces.updateSpaceById(secret.id, { defaultLevel: null } as never);
  const page = (await gb.spaces.listPages(secret.id)).data.pages[0]!;
  const pageView = (await gb.spaces.getPageById(secret.id, page.id)).data as { urls: { app: string } };
  restricted = {
    id: secret.id,
    appUrl: (await gb.spaces.getSpaceById(secret.id)).data.urls.app,
    pageAppUrl: pageView.urls.app,
  };
  // The owner's own site publishing both (unpublished: members search it, visitors cannot).
  ownerSiteId = (await gb.orgs.createSite(orgId, { title: "Everything", spaces: [open.id, secret.id] } as never)).data
    .id;
  const [deniedMember, grantedMember] = await Promise.all([
    seedMember(orgId, "create", "denied"),
    seedMember(orgId, "create", "granted"),
  ]);
  await gb.spaces.inviteToSpace(secret.id, { role: "admin", users: [grantedMember.user.id] } as never);
  // Both may publish the open space (part 3 asks `admin` on what is published), so their own sites exist.
  await gb.spaces.inviteToSpace(open.id, {
    role: "admin",
    users: [deniedMember.user.id, grantedMember.user.id],
  } as never);
  [denied, granted] = await Promise.all([actor(deniedMember.token, open.id), actor(grantedMember.token, open.id)]);
}, 60_000);

const call = (method: string, path: string, token: string, body?: unknown) => api(method, path, { token, body });

const CASES: Case[] = [
  {
    name: "createSite",
    run: (a) =>
      call("POST", `/orgs/${orgId}/sites`, a.token, { title: "Leak", visibility: "public", spaces: [restricted.id] }),
  },
  {
    name: "addSpaceToSite",
    run: (a) =>
      call("POST", `/orgs/${orgId}/sites/${a.sites[0]!.siteId}/site-spaces`, a.token, { spaceId: restricted.id }),
  },
  {
    name: "updateSiteSpaceById",
    run: (a) =>
      call("PATCH", `/orgs/${orgId}/sites/${a.sites[1]!.siteId}/site-spaces/${a.sites[1]!.siteSpaceId}`, a.token, {
        spaceId: restricted.id,
      }),
  },
  {
    name: "addSectionToSite",
    run: (a) =>
      call("POST", `/orgs/${orgId}/sites/${a.sites[2]!.siteId}/sections`, a.token, { spaceId: restricted.id }),
  },
  {
    name: "searchSpaceContent",
    reads: true,
    run: (a) => call("GET", `/spaces/${restricted.id}/search?query=${SEARCH_WORD}`, a.token),
  },
  {
    name: "searchOrganizationContent",
    reads: true,
    filters: true,
    run: (a) => call("GET", `/orgs/${orgId}/search?query=${SEARCH_WORD}`, a.token),
  },
  {
    name: "searchSiteContent (a site publishing it)",
    reads: true,
    filters: true,
    run: (a) => call("POST", `/orgs/${orgId}/sites/${ownerSiteId}/search`, a.token, { query: SEARCH_WORD }),
  },
  {
    name: "createTranslation",
    run: (a) =>
      call("POST", `/orgs/${orgId}/translations`, a.token, {
        source: { space: restricted.id, language: lang("en") },
        language: lang("fr"),
      }),
  },
  { name: "duplicateSpace", run: (a) => call("POST", `/spaces/${restricted.id}/duplicate`, a.token, {}) },
  {
    name: "getContentByUrl (space)",
    reads: true,
    run: (a) => call("GET", `/urls/content?url=${encodeURIComponent(restricted.appUrl)}`, a.token),
  },
  {
    name: "getContentByUrl (page)",
    reads: true,
    run: (a) => call("GET", `/urls/content?url=${encodeURIComponent(restricted.pageAppUrl)}`, a.token),
  },
];

/** Fails on every failing case KNOWN_HOLES does not name, and on every named case that no longer fails. */
function judge(failures: Map<string, string>, holes: string[]) {
  const unknown = [...failures].filter(([name]) => !KNOWN_HOLES[name]).map(([name, why]) => `${name}: ${why}`);
  expect(unknown).toEqual([]);
  const fixed = holes.filter((name) => KNOWN_HOLES[name] && !failures.has(name));
  expect(fixed.map((name) => `${name} no longer fails (${KNOWN_HOLES[name]}): remove it from KNOWN_HOLES`)).toEqual([]);
}

describe("a member without access to a space", () => {
  it("can neither publish, search, translate, duplicate nor resolve it; a member granted it can", async () => {
    const failures = new Map<string, string>();
    // The refused member first (their attempts must change nothing), then the positive control.
    const refusals = await Promise.all(CASES.map(async (c) => [c, await c.run(denied)] as const));
    for (const [c, res] of refusals) {
      const refused = [400, 403, 404].includes(res.status);
      if (res.text.includes(marker) || (c.filters ? res.status !== 200 : !refused))
        failures.set(c.name, `→ ${res.status} ${res.text.slice(0, 160)}`);
    }
    const allowed = await Promise.all(CASES.map(async (c) => [c, await c.run(granted)] as const));
    const control = allowed
      .filter(([c, res]) => res.status >= 300 || (c.reads && !res.text.includes(marker)))
      .map(([c, res]) => `${c.name} → ${res.status} ${res.text.slice(0, 160)}`);
    expect(control).toEqual([]);

    // What the publish cases let through: the refused member publishes their sites and reads them anonymously.
    const leaks: string[] = [];
    for (const { siteId } of denied.sites) {
      await call("POST", `/orgs/${orgId}/sites/${siteId}/publish`, denied.token);
      const full = await (await workerFetch(`${ORIGIN}/~site/${siteId}/llms-full.txt`)).text();
      if (full.includes(marker)) leaks.push(siteId);
    }
    if (leaks.length) failures.set("published site shows it", `sites ${leaks.join(", ")} serve the restricted space`);
    judge(failures, [...CASES.map((c) => c.name), "published site shows it"]);
  }, 30_000);

  it("a translation of it, made by an admin, stays closed to the member", async () => {
    const failures = new Map<string, string>();
    const gb = client(owner.token);
    const created = (
      await gb.orgs.createTranslation(orgId, {
        source: { space: restricted.id, language: lang("en") },
        language: lang("de"),
      })
    ).data;
    const done = await completed(gb, orgId, created.id);
    const resultId = (done as { result?: { space?: string } }).result?.space;
    expect(resultId).toBeTruthy();
    const res = await call("GET", `/spaces/${resultId}`, denied.token);
    const pages = await call("GET", `/spaces/${resultId}/content/pages`, denied.token);
    if (res.status !== 404 || pages.status !== 404 || pages.text.includes(marker))
      failures.set("translation result space", `getSpaceById → ${res.status}, listPages → ${pages.status}`);
    judge(failures, ["translation result space"]);
  });
});
