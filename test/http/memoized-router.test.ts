// The app's router remembers its matches per (method, path) (src/http/memoized-router.ts): answers must be those
// of Hono's TrieRouter, shared for a repeated request, and never stale after a route is added.
import { describe, expect, it } from "vitest";
import { TrieRouter } from "hono/router/trie-router";
import { createApp } from "../../src/app";
import { MemoizedRouter } from "../../src/http/memoized-router";
import { seedSpace } from "../helpers/content";
import { api } from "../helpers/http";

function routers() {
  const memo = new MemoizedRouter<string>();
  const trie = new TrieRouter<string>();
  for (const [method, path, handler] of [
    ["ALL", "/v1/*", "auth"],
    ["GET", "/v1/orgs/:organizationId/openapi/:specSlug/versions/latest", "latest"],
    ["GET", "/v1/orgs/:organizationId/openapi/:specSlug/versions/:versionId", "version"],
    ["GET", "/v1/spaces/:spaceId", "space"],
  ] as const) {
    memo.add(method, path, handler);
    trie.add(method, path, handler);
  }
  return { memo, trie };
}

describe("MemoizedRouter", () => {
  it("answers as the TrieRouter does, literal segments before parameters", () => {
    const { memo, trie } = routers();
    for (const path of [
      "/v1/orgs/o1/openapi/pets/versions/latest",
      "/v1/orgs/o1/openapi/pets/versions/v7",
      "/v1/spaces/abc",
      "/v1/spaces/abc/more",
      "/elsewhere",
    ]) {
      expect(memo.match("GET", path), path).toEqual(trie.match("GET", path));
      expect(memo.match("GET", path), `${path}, again`).toEqual(trie.match("GET", path));
    }
  });

  it("shares the answer of a repeated request, and keys it by method and path", () => {
    const { memo } = routers();
    const first = memo.match("GET", "/v1/spaces/abc");
    expect(memo.match("GET", "/v1/spaces/abc")).toBe(first);
    expect(memo.match("GET", "/v1/spaces/xyz")).not.toBe(first);
    expect(memo.match("POST", "/v1/spaces/abc")).not.toEqual(first);
  });

  it("forgets its answers when a route is added", () => {
    const { memo } = routers();
    expect(memo.match("GET", "/v1/spaces/abc/pages")[0].map(([handler]) => handler)).toEqual(["auth"]);
    memo.add("GET", "/v1/spaces/:spaceId/pages", "pages");
    expect(memo.match("GET", "/v1/spaces/abc/pages")[0].map(([handler]) => handler)).toEqual(["auth", "pages"]);
  });

  it("does not remember long paths", () => {
    const { memo } = routers();
    const long = `/v1/spaces/${"x".repeat(300)}`;
    expect(memo.match("GET", long)).not.toBe(memo.match("GET", long));
    expect(memo.match("GET", long)[0].map(([handler]) => handler)).toEqual(["auth", "space"]);
  });

  it("is the app's router, and repeated requests for different resources get their own parameters", async () => {
    expect((createApp() as unknown as { router: { name: string } }).router.name).toMatch(/^MemoizedRouter/);
    const first = await seedSpace();
    const second = await seedSpace();
    for (const { owner, space } of [first, second, first, second]) {
      const res = await api("GET", `/spaces/${space.id}`, { token: owner.token });
      expect(res.status).toBe(200);
      expect(res.json.id).toBe(space.id);
    }
  });
});
