import { describe, expect, it } from "vitest";
import { api, client } from "../helpers/http";
import { seedOrganization } from "../helpers/seed";

// Odd but well-formed-enough inputs on every collection and space operation: each gets a 4xx or a 2xx, never a 500.
describe("collections and spaces: no input produces a 500", () => {
  it("answers odd inputs with 2xx/4xx", async () => {
    const { organization, owner } = await seedOrganization();
    const org = organization.id;
    const admin = client(owner.token);
    const { data: col } = await admin.orgs.createCollection(org, {});
    const { data: space } = await admin.orgs.createSpace(org, { parent: col.id });
    const self = { type: "space", space: space.id };
    const bodies: unknown[] = [
      null,
      [],
      "x",
      42,
      {},
      { parent: "" },
      { parent: null },
      { parent: space.id },
      { parent: col.id },
      { position: {} },
      { position: { after: self } },
      { position: { before: self, after: self } },
      { position: { after: { type: "collection", collection: col.id } } },
      { position: { after: { type: "space" } } },
      { position: { after: { type: "space", space: "x".repeat(5000) } } },
      { organization: null },
      { organization: "x" },
      { organization: org },
      { title: null },
      { title: "" },
      { title: "   " },
      { defaultLevel: "inherit" },
      { emoji: "" },
      { icon: null, emoji: null },
      { language: null },
      { editMode: null },
      { nested: "yes" },
    ];
    const targets: Array<[string, string]> = [
      ["POST", `/orgs/${org}/spaces`],
      ["POST", `/orgs/${org}/collections`],
      ["PATCH", `/spaces/${space.id}`],
      ["PATCH", `/collections/${col.id}`],
      ["POST", `/spaces/${space.id}/move`],
      ["POST", `/collections/${col.id}/move`],
      ["POST", `/spaces/${space.id}/transfer`],
      ["POST", `/collections/${col.id}/transfer`],
      ["POST", `/spaces/${space.id}/duplicate`],
      ["POST", `/spaces/${space.id}/restore`],
      ["POST", `/orgs/nope/spaces`],
      ["POST", `/spaces/nope/move`],
    ];
    for (const [method, path] of targets) {
      for (const body of bodies) {
        const res = await api(method, path, { token: owner.token, body: JSON.stringify(body) });
        expect(res.status, `${method} ${path} ${JSON.stringify(body)}: ${res.text}`).toBeLessThan(500);
      }
    }
    for (const query of [
      "?limit=-1",
      "?limit=abc",
      "?page=",
      "?page=W10",
      "?page=WyJ6IiwiIl0",
      "?nested=false&limit=0",
    ]) {
      for (const path of [`/orgs/${org}/spaces`, `/orgs/${org}/collections`, `/collections/${col.id}/spaces`]) {
        const res = await api("GET", `${path}${query}`, { token: owner.token });
        expect(res.status, `${path}${query}: ${res.text}`).toBeLessThan(500);
      }
    }
  });
});
