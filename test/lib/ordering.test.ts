import { describe, expect, it } from "vitest";
import { keyBetween, keysAt } from "../../src/lib/ordering";

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

describe("keysAt", () => {
  const items = (...keys: string[]) => keys.map((sortKey, i) => ({ id: `i${i}`, sortKey }));

  it("gives only the inserted items keys between their neighbours", () => {
    const siblings = items("a0", "a1", "a2");
    const { keys, rekeyed } = keysAt(siblings, 1, 2);
    expect(rekeyed).toEqual([]);
    expect(keys).toHaveLength(2);
    expect(["a0", ...keys, "a1"]).toEqual([...["a0", ...keys, "a1"]].sort());
    expect(new Set(keys).size).toBe(2);
    expect(keysAt(siblings, 3, 1).keys[0]! > "a2").toBe(true);
    expect(keysAt(siblings, 0, 1).keys[0]! < "a0").toBe(true);
  });

  it("re-keys the level in its order when the neighbours tie", () => {
    const siblings = items("a0", "a0", "a1");
    const { keys, rekeyed } = keysAt(siblings, 1, 1);
    const order = [rekeyed[0]!.sortKey, keys[0]!, rekeyed[1]!.sortKey, rekeyed[2]!.sortKey];
    expect(rekeyed.map((r) => r.item.id)).toEqual(["i0", "i1", "i2"]);
    expect([...order].sort()).toEqual(order);
    expect(new Set(order).size).toBe(4);
  });
});
