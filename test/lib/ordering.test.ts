import { describe, expect, it } from "vitest";
import { keyBetween } from "../../src/lib/ordering";

describe("fractional ordering keys", () => {
  it("keeps random insertions ordered and appends short", () => {
    const keys: string[] = [];
    let seed = 42;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 2000; i++) {
      const at = Math.floor(rand() * (keys.length + 1));
      const key = keyBetween(keys[at - 1] ?? null, keys[at] ?? null);
      if (at > 0) expect(key > keys[at - 1]).toBe(true);
      if (at < keys.length) expect(key < keys[at]).toBe(true);
      keys.splice(at, 0, key);
    }
    expect([...keys].sort()).toEqual(keys);
    let last: string | null = null;
    for (let i = 0; i < 5000; i++) last = keyBetween(last, null);
    expect(last!.length).toBeLessThanOrEqual(4);
    let first: string | null = null;
    for (let i = 0; i < 5000; i++) first = keyBetween(null, first);
    expect(first!.length).toBeLessThanOrEqual(4);
  });

  it("refuses an empty interval", () => {
    expect(() => keyBetween("a1", "a0")).toThrow();
    expect(() => keyBetween("a1", "a1")).toThrow();
  });
});
