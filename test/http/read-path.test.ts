// Issue 11, part 2: authentication is one read, writes nothing on the read path (bar a lastUsedAt stamp at most
// every 5 minutes), rides a hot read's first batch, and is still enforced — 401 and 429 — on those reads.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { issueToken, TOKEN_STAMP_INTERVAL_MS } from "../../src/services/people/tokens";
import { changeRequestWith, seedSpace } from "../helpers/content";
import { client } from "../helpers/http";
import { countedApp } from "../helpers/counting-d1";
import { db } from "../helpers/seed";
import { page, mergePages, indexed } from "../helpers/search";
import { forgetBodies } from "../../src/services/revisions/body-cache";
import { forgetSnapshots, lastRevisionOf, rememberRevisionOf } from "../../src/services/revisions/snapshot-cache";

const WRITE = /^\s*(insert|update|delete|replace)\b/i;
/** The SQL text of a warm getSpaceById and getPageById (what preparing them costs follows it). */
const SPACE_SQL_BUDGET = 2_000; // 4,024 characters before (the full token and chain reads)
const PAGE_SQL_BUDGET = 700; // 2,808 before

async function stampOf(tokenId: string) {
  const row = await env.DB.prepare("SELECT last_used_at FROM api_tokens WHERE id = ?")
    .bind(tokenId)
    .first<{ last_used_at: number | null }>();
  return row?.last_used_at ?? null;
}

describe("the read path", () => {
  it("reads a space in one D1 round trip, token included, and writes nothing", async () => {
    const { owner, space } = await seedSpace();
    const { request } = countedApp();
    await request(`/spaces/${space.id}`, owner.token); // the token's first use stamps it
    const read = await request(`/spaces/${space.id}`, owner.token);
    expect(read.res.status).toBe(200);
    expect(await read.res.json()).toMatchObject({ id: space.id, permissions: { admin: true } });
    expect(read.roundTrips).toBe(1);
    expect(read.statements.filter((s) => WRITE.test(s))).toEqual([]);
    // The token, its memberships and its grants are one statement (D1 charges each statement of a batch).
    expect(read.statements.filter((s) => /\bapi_tokens\b/.test(s))).toHaveLength(1);
    // The space comes with its collection chain, its counters and where it is published: two statements in all.
    expect(read.statements).toHaveLength(2);
    // Locally a statement costs what its SQL costs to prepare: a known token and a known space are read as their
    // rows (the access generation vouches for what the isolate kept), so the SQL stays short.
    expect(read.statements.join("").length).toBeLessThan(SPACE_SQL_BUDGET);
    expect(read.res.headers.get("x-ratelimit-limit")).toBe("1000");
    expect(Number(read.res.headers.get("x-ratelimit-remaining"))).toBeLessThan(1000);
  });

  it("reads a page and the revision of main in at most two round trips, pages and search in one", async () => {
    const { owner, space } = await seedSpace();
    await mergePages(owner.token, space.id, [page("a", "Alpha", "Body of alpha with a zebra.")]);
    await indexed(space.id);
    const { request } = countedApp();
    const listed = await request(`/spaces/${space.id}/content/pages`, owner.token);
    expect(listed.res.status).toBe(200);
    const pageId = ((await listed.res.json()) as { pages: { id: string }[] }).pages[0].id;
    const pages = await request(`/spaces/${space.id}/content/pages`, owner.token);
    expect(pages.res.status).toBe(200);
    expect(pages.roundTrips).toBe(1);
    for (const path of [
      `/spaces/${space.id}/content`, // + the change request it was merged from
      `/spaces/${space.id}/content/page/${pageId}`, // + the page's body
      `/spaces/${space.id}/content/path/alpha`,
    ]) {
      const read = await request(path, owner.token);
      expect(read.res.status, path).toBe(200);
      expect(read.roundTrips, path).toBeLessThanOrEqual(2);
      expect(
        read.statements.filter((s) => WRITE.test(s)),
        path,
      ).toEqual([]);
    }
    const search = await request(`/spaces/${space.id}/search?query=zebra`, owner.token);
    expect(search.res.status).toBe(200);
    expect(((await search.res.json()) as { items: unknown[] }).items).toHaveLength(1);
    expect(search.roundTrips).toBe(1);
  });

  it("reads a cached page with two statements; main moved by another isolate costs more round trips, once", async () => {
    const { owner, space } = await seedSpace();
    const [pageId, otherId] = await mergePages(owner.token, space.id, [
      page("a", "Alpha", "First body."),
      page("b", "Beta", "Other body."),
    ]);
    const { request } = countedApp();
    const path = `/spaces/${space.id}/content/page/${pageId}`;
    await request(path, owner.token);
    const warm = await request(path, owner.token);
    expect(warm.roundTrips).toBe(1);
    // The token, the space with its chain (its row names main's revision); the snapshot and the body are the
    // isolate's, immutable.
    expect(warm.statements).toHaveLength(2);
    expect(warm.statements.join("").length).toBeLessThan(PAGE_SQL_BUDGET);
    // Another page, cold: its revision row and, in one statement, the levels on its path and its body.
    const cold = await request(`/spaces/${space.id}/content/page/${otherId}`, owner.token);
    expect(cold.roundTrips).toBe(1);
    expect(cold.statements).toHaveLength(4);
    expect(JSON.stringify(await cold.res.json())).toContain("Other body.");
    // Once the isolate holds the whole revision (a listing read it), a body it does not hold yet rides the batch.
    await request(`/spaces/${space.id}/content/pages`, owner.token);
    forgetBodies();
    const other = await request(`/spaces/${space.id}/content/page/${otherId}`, owner.token);
    expect(other.roundTrips).toBe(1);
    expect(other.statements).toHaveLength(3);
    expect(JSON.stringify(await other.res.json())).toContain("Other body.");
    const before = lastRevisionOf(`${space.id}:main:`)!;

    await mergePages(owner.token, space.id, [
      { operation: "update_page", page: pageId, document: { markdown: "Second body." } },
    ]);
    // As an isolate that last read main before the merge (this one did the merge, and knows).
    expect(lastRevisionOf(`${space.id}:main:`)).not.toBe(before);
    rememberRevisionOf(`${space.id}:main:`, before);
    const moved = await request(path, owner.token);
    expect(moved.res.status).toBe(200);
    expect(JSON.stringify(await moved.res.json())).toContain("Second body.");
    // The first batch finds main moved on, the second reads the page's levels and its new body.
    expect(moved.roundTrips).toBe(2);
    const after = await request(path, owner.token);
    expect(after.roundTrips).toBe(1);
    expect(JSON.stringify(await after.res.json())).toContain("Second body.");
  });

  it("reads main's merge revision with the change request it merged in one round trip, cold or warm", async () => {
    const { owner, space } = await seedSpace();
    await mergePages(owner.token, space.id, [page("a", "Alpha", "Body.")]);
    const { request } = countedApp();
    forgetSnapshots();
    const cold = await request(`/spaces/${space.id}/content`, owner.token);
    // The change request rides the first batch, named by the revision row the batch reads.
    expect(cold.roundTrips).toBe(1);
    const warm = await request(`/spaces/${space.id}/content`, owner.token);
    expect(warm.roundTrips).toBe(1);
    const body = (await warm.res.json()) as { type: string; mergedFrom?: { object: string; status: string } };
    expect(body).toMatchObject({ type: "merge", mergedFrom: { object: "change-request", status: "merged" } });
    expect(body).toEqual(await cold.res.json());
  });

  it("reads the authenticated user in one round trip, the user's row riding the token's read", async () => {
    const { owner } = await seedSpace();
    const { request } = countedApp();
    await request("/user", owner.token); // the token's first use stamps it
    const read = await request("/user", owner.token);
    expect(read.res.status).toBe(200);
    expect(await read.res.json()).toMatchObject({ object: "user", id: owner.user.id });
    expect(read.roundTrips).toBe(1);
    expect(read.statements).toHaveLength(2);
    expect((await request("/user", "qr_not-a-real-token")).res.status).toBe(401);
  });

  it("stamps lastUsedAt at most once per 5 minutes per token", async () => {
    const { owner, space } = await seedSpace();
    const { request } = countedApp();
    const stamps = (statements: string[]) => statements.filter((s) => /^\s*update\s+"?api_tokens/i.test(s)).length;
    await env.DB.prepare("UPDATE api_tokens SET last_used_at = NULL WHERE id = ?").bind(owner.tokenId).run();
    const first = await request("/user", owner.token);
    expect(stamps(first.statements)).toBe(1);
    const stamped = await stampOf(owner.tokenId);
    expect(stamped).toBeGreaterThan(Date.now() - 60_000);
    for (const path of ["/user", `/spaces/${space.id}`, "/orgs"]) {
      expect(stamps((await request(path, owner.token)).statements), path).toBe(0);
    }
    expect(await stampOf(owner.tokenId)).toBe(stamped);
    const old = Date.now() - TOKEN_STAMP_INTERVAL_MS - 1000;
    await env.DB.prepare("UPDATE api_tokens SET last_used_at = ? WHERE id = ?").bind(old, owner.tokenId).run();
    expect(stamps((await request(`/spaces/${space.id}`, owner.token)).statements)).toBe(1);
    expect(await stampOf(owner.tokenId)).toBeGreaterThan(old);
  });

  it("refuses an unknown or revoked token on reads whose token rides the batch, even on a public space", async () => {
    const { owner, space } = await seedSpace();
    await env.DB.prepare("UPDATE spaces SET visibility = 'public' WHERE id = ?").bind(space.id).run();
    const { request } = countedApp();
    expect((await request(`/spaces/${space.id}`)).res.status).toBe(200);
    for (const path of [
      `/spaces/${space.id}`,
      `/spaces/${space.id}/content`,
      `/spaces/${space.id}/content/pages`,
      `/spaces/${space.id}/search?query=x`,
    ]) {
      const read = await request(path, "qr_not-a-real-token");
      expect(read.res.status, path).toBe(401);
      expect(await read.res.json(), path).toEqual({ error: { code: 401, message: expect.any(String) } });
    }
    await env.DB.prepare("UPDATE api_tokens SET revoked_at = ? WHERE id = ?").bind(Date.now(), owner.tokenId).run();
    expect((await request(`/spaces/${space.id}`, owner.token)).res.status).toBe(401);
  });

  it("rate limits those reads too: 429 with Retry-After past the limit, counted per token off D1", async () => {
    const { owner, space } = await seedSpace();
    const { secret: token } = await issueToken(db, owner.user.id, "fresh", Date.now()); // nothing counted yet
    const { request } = countedApp({ RATE_LIMIT_REQUESTS: "2" });
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 3; i++) {
      const read = await request(`/spaces/${space.id}`, token);
      statuses.push(read.res.status);
      last = read.res;
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(last!.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(last!.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(Number(last!.headers.get("x-ratelimit-reset"))).toBeGreaterThan(Date.now() / 1000);
  });
});

describe("immutable snapshots cached in the isolate", () => {
  it("reads a page of a warm space in one round trip and a few rows, whatever the space's size; never stale", async () => {
    const { owner, space } = await seedSpace();
    for (let batch = 0; batch < 3; batch++) {
      const pages = Array.from({ length: 40 }, (_, i) =>
        page(`p${i}`, `Page ${batch * 40 + i}`, `Body ${batch * 40 + i}.`),
      );
      await mergePages(owner.token, space.id, pages);
    }
    const { request } = countedApp();
    const listed = await request(`/spaces/${space.id}/content/pages`, owner.token);
    const ids = ((await listed.res.json()) as { pages: { id: string; title: string }[] }).pages;
    const target = ids.find((p) => p.title === "Page 7")!.id;

    const warm = await request(`/spaces/${space.id}/content/page/${target}`, owner.token);
    expect(warm.res.status).toBe(200);
    expect(await warm.res.json()).toMatchObject({ id: target, title: "Page 7", markdown: "Body 7." });
    expect(warm.roundTrips).toBe(1);
    // Token, membership, space, chain link(s), the page's body: no revision nodes (their query finds main unmoved).
    expect(warm.rows).toBeLessThanOrEqual(8);

    // Main moves on: the next read sees the new body at once, then is warm again.
    const { cr } = await changeRequestWith(owner.token, space.id, [
      { operation: "update_page", page: target, document: { markdown: "Rewritten." } },
    ]);
    await client(owner.token).spaces.mergeChangeRequest(space.id, cr.id);
    const moved = await request(`/spaces/${space.id}/content/page/${target}`, owner.token);
    expect(await moved.res.json()).toMatchObject({ id: target, markdown: "Rewritten." });
    const again = await request(`/spaces/${space.id}/content/page/${target}`, owner.token);
    expect(await again.res.json()).toMatchObject({ markdown: "Rewritten." });
    expect(again.roundTrips).toBe(1);
  });
});
