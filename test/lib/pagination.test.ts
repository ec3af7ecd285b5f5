import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor, pageArray, pageOf } from "../../src/lib/pagination";

describe("the list envelope", () => {
  it("takes a page read one past its end: next after the last item only when there is more", () => {
    const cursorOf = (n: number) => [n];
    expect(pageOf([1, 2, 3], 9, { limit: 2 }, cursorOf)).toEqual({
      items: [1, 2],
      count: 9,
      next: { page: encodeCursor([2]) },
    });
    const last = pageOf([1, 2], 9, { limit: 2 }, cursorOf);
    expect(last).toEqual({ items: [1, 2], count: 9 });
    expect("next" in last).toBe(false);
  });

  it("at limit 0 lists nothing and passes the request's cursor on while something follows", () => {
    const cursorOf = (n: number) => [n];
    expect(pageOf([7], 3, { limit: 0 }, cursorOf)).toEqual({ items: [], count: 3, next: { page: encodeCursor([]) } });
    expect(pageOf([7], 3, { limit: 0, page: "abc" }, cursorOf)).toEqual({ items: [], count: 3, next: { page: "abc" } });
    expect(pageOf([], 3, { limit: 0, page: "abc" }, cursorOf)).toEqual({ items: [], count: 3 });
  });
});

describe("in-memory pages", () => {
  const all = ["a", "b", "c", "d", "e"];
  const walk = (limit: number) => {
    const seen: string[][] = [];
    let page: string | undefined;
    do {
      const result = pageArray(all, (s) => s, { limit, page });
      expect(result.count).toBe(5);
      seen.push(result.items);
      page = result.next?.page;
    } while (page);
    return seen;
  };

  it("walk the list with the same cursor contract as keyset pages", () => {
    expect(walk(2)).toEqual([["a", "b"], ["c", "d"], ["e"]]);
    expect(walk(5)).toEqual([all]);
    expect(decodeCursor(pageArray(all, (s) => s, { limit: 2 }).next!.page, 1)).toEqual(["b"]);
  });

  it("accept a limit of 0 and the cursors it hands out, including the earlier empty-key form", () => {
    const zero = pageArray(all, (s) => s, { limit: 0 });
    expect(zero).toMatchObject({ items: [], count: 5 });
    expect(pageArray(all, (s) => s, { limit: 2, page: zero.next!.page }).items).toEqual(["a", "b"]);
    expect(pageArray(all, (s) => s, { limit: 2, page: encodeCursor([""]) }).items).toEqual(["a", "b"]);
    const after = pageArray(all, (s) => s, { limit: 0, page: encodeCursor(["c"]) });
    expect(pageArray(all, (s) => s, { limit: 9, page: after.next!.page }).items).toEqual(["d", "e"]);
    expect(pageArray(all, (s) => s, { limit: 0, page: encodeCursor(["e"]) })).toEqual({ items: [], count: 5 });
  });
});
