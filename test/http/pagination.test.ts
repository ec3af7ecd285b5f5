import { describe, expect, it } from "vitest";
import { api } from "../helpers/http";
import { seedUser } from "../helpers/seed";

describe("keyset pagination", () => {
  it("walks three pages with limit=2 in a stable order, next omitted on the last page", async () => {
    const { token } = await seedUser();
    for (const label of ["a", "b", "c", "d"]) await api("POST", "/user/tokens", { token, body: { label } });
    // 5 tokens: the seeded one + 4
    const seen: string[] = [];
    let page: string | undefined;
    const pages: number[] = [];
    do {
      const res = await api("GET", `/user/tokens?limit=2${page ? `&page=${encodeURIComponent(page)}` : ""}`, { token });
      expect(res.status).toBe(200);
      expect(res.json.count).toBe(5);
      pages.push(res.json.items.length);
      seen.push(...res.json.items.map((t: any) => t.id));
      page = res.json.next?.page;
      if (!page) expect("next" in res.json).toBe(false);
    } while (page);
    expect(pages).toEqual([2, 2, 1]);
    expect(new Set(seen).size).toBe(5);
    const all = await api("GET", "/user/tokens", { token });
    expect(all.json.items.map((t: any) => t.id)).toEqual(seen);
  });

  it("keeps a cursor valid while items are added", async () => {
    const { token } = await seedUser();
    for (const label of ["a", "b", "c"]) await api("POST", "/user/tokens", { token, body: { label } });
    const first = await api("GET", "/user/tokens?limit=2", { token });
    await api("POST", "/user/tokens", { token, body: { label: "newest" } });
    const second = await api("GET", `/user/tokens?limit=2&page=${first.json.next.page}`, { token });
    const ids = [...first.json.items, ...second.json.items].map((t: any) => t.id);
    expect(new Set(ids).size).toBe(4);
    expect(second.json.items.map((t: any) => t.label)).not.toContain("newest");
  });

  it("defaults to 100, accepts 0, and refuses bad limits and cursors with 400", async () => {
    const { token } = await seedUser();
    const zero = await api("GET", "/user/tokens?limit=0", { token });
    expect(zero.status).toBe(200);
    expect(zero.json).toMatchObject({ items: [], count: 1 });
    for (const bad of ["-1", "1001", "abc", "1.5"]) {
      const res = await api("GET", `/user/tokens?limit=${bad}`, { token });
      expect(res.status, bad).toBe(400);
      expect(res.json.error.message).toMatch(/^query\.limit/);
    }
    for (const cursor of ["garbage!", "WzFd", btoa('["a","b","c"]')]) {
      const res = await api("GET", `/user/tokens?page=${encodeURIComponent(cursor)}`, { token });
      expect(res.status, cursor).toBe(400);
      expect(res.json.error.message).toMatch(/^query\.page/);
    }
  });
});
