import { describe, expect, it } from "vitest";
import { emptySnapshot, type PageEntry, readingOrder, type Snapshot } from "../../src/content/model";
import { pageNeighbours } from "../../src/content/page-neighbours";

/** A seeded pseudo-random tree of document, group, link and computed pages, some hidden. */
function randomTree(seed: number, size: number): Snapshot {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const s = emptySnapshot();
  const types: PageEntry["type"][] = ["document", "document", "document", "group", "link", "computed"];
  const ids: string[] = [];
  for (let n = 0; n < size; n++) {
    const id = `p${n}`;
    const parent = ids.length && random() < 0.8 ? ids[Math.floor(random() * ids.length)]! : null;
    const page = {
      id,
      type: types[Math.floor(random() * types.length)]!,
      title: id,
      slug: id,
      createdAt: 0,
      updatedAt: 0,
      ...(random() < 0.12 ? { hidden: true } : {}),
    } as PageEntry;
    s.pages.set(id, page);
    s.parentOf.set(id, parent);
    s.children.set(parent, [...(s.children.get(parent) ?? []), id]);
    ids.push(id);
  }
  return s;
}

describe("pageNeighbours", () => {
  it("gives every page the previous and next of the published site's reading order, and its parent", () => {
    for (let seed = 1; seed <= 40; seed++) {
      const s = randomTree(seed, 60);
      const order = readingOrder(s).map((p) => p.id);
      for (const id of s.pages.keys()) {
        const at = order.indexOf(id);
        const got = pageNeighbours(s, id);
        expect(
          { previous: got.previous?.id, next: got.next?.id, parent: got.parent?.id },
          `seed ${seed}, page ${id}`,
        ).toEqual({
          previous: at > 0 ? order[at - 1] : undefined,
          next: at >= 0 ? order[at + 1] : undefined,
          parent: s.parentOf.get(id) ?? undefined,
        });
      }
    }
  });

  it("reads a handful of pages, not the whole tree, for a page in a large space", () => {
    const s = emptySnapshot();
    const add = (id: string, parent: string | null) => {
      s.pages.set(id, { id, type: "document", title: id, slug: id, createdAt: 0, updatedAt: 0 } as PageEntry);
      s.parentOf.set(id, parent);
      s.children.set(parent, [...(s.children.get(parent) ?? []), id]);
    };
    for (let a = 0; a < 50; a++) {
      add(`a${a}`, null);
      for (let b = 0; b < 40; b++) add(`a${a}b${b}`, `a${a}`);
    }
    let reads = 0;
    const pages = s.pages;
    s.pages = new Proxy(pages, {
      get(target, key) {
        if (key === "get")
          return (id: string) => {
            reads++;
            return target.get(id);
          };
        const value = Reflect.get(target, key, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const got = pageNeighbours(s, "a25b0");
    expect({ previous: got.previous?.id, next: got.next?.id, parent: got.parent?.id }).toEqual({
      previous: "a25",
      next: "a25b1",
      parent: "a25",
    });
    expect(reads).toBeLessThan(20);
  });
});
