// loadContents answers each target with the revision its own row names, whatever this isolate expected.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loadContents } from "../../../src/services/revisions/content-load";
import { changeRequestWith, seedSpace } from "../../helpers/content";
import { countedAdminContext } from "../../helpers/counting-d1";
import { page } from "../../helpers/search";

const titles = (snapshot: { pages: Map<string, { title: string }> }) =>
  [...snapshot.pages.values()].map((p) => p.title);

describe("loadContents", () => {
  it("reads each change request's own revision when a call names two of them, both held by the isolate", async () => {
    const { space, owner, organization } = await seedSpace("Two");
    const { cr: a } = await changeRequestWith(owner.token, space.id, [page("a", "Only in A", "a")]);
    const { cr: b } = await changeRequestWith(owner.token, space.id, [page("b", "Only in B", "b")]);
    const { ctx, counter } = countedAdminContext(env, owner, organization.id);
    const targets = [
      { kind: "change-request" as const, ref: a.id },
      { kind: "change-request" as const, ref: b.id },
    ];
    // Each alone first: the isolate then holds both snapshots and expects them.
    for (const target of targets) await loadContents(ctx, space.id, [target]);
    counter.roundTrips = 0;
    const both = await loadContents(ctx, space.id, targets);
    expect(titles(both.snapshots[0])).toEqual(["Only in A"]);
    expect(titles(both.snapshots[1])).toEqual(["Only in B"]);
    expect(counter.roundTrips).toBe(1);
  });
});
