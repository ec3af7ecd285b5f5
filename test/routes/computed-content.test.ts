import { describe, expect, it, vi } from "vitest";
import { PETS_SPEC } from "../fixtures/openapi-pets";
import { changeRequestWith, seedSpace, seedSpaceMember, writeContent } from "../helpers/content";
import { api, client, clientError } from "../helpers/http";
import { openApiSource, uploadSpec } from "../helpers/computed";

/** A space whose main has an Intro page, then a computed "API reference" page from the `pets` spec. */
async function spaceWithComputedPage() {
  const seeded = await seedSpace();
  const orgId = seeded.organization.id;
  await uploadSpec(seeded.api, orgId, "pets", PETS_SPEC);
  const { cr, response } = await changeRequestWith(seeded.owner.token, seeded.space.id, [
    { operation: "insert_page", title: "Intro", document: { markdown: "Hello.\n" } },
    { operation: "insert_page", title: "API reference", type: "computed", computed: openApiSource("pets") },
  ]);
  const computedId = response.changes[1].page.id as string;
  await seeded.api.spaces.mergeChangeRequest(seeded.space.id, cr.id);
  return { ...seeded, orgId, cr, computedId };
}

describe("computed content (builtin:openapi)", () => {
  it("a content write inserts a computed page; reads expand it (computed=true) or not (computed=false)", async () => {
    const { api: gb, space, computedId } = await spaceWithComputedPage();
    const raw = (await gb.spaces.listPages(space.id, { computed: false })).data.pages;
    expect(raw.map((p) => p.type)).toEqual(["document", "computed"]);
    expect(raw[1]).toMatchObject({ id: computedId, title: "API reference", computed: openApiSource("pets") });

    const expanded = (await gb.spaces.listPages(space.id)).data.pages;
    expect(expanded.map((p) => p.title)).toEqual(["Intro", "pets", "stores", "Models"]);
    const pets = expanded[1] as any;
    expect(pets).toMatchObject({
      type: "document",
      slug: "pets",
      path: "pets",
      description: "Everything about pets.",
      computed: { type: "builtin:openapi", props: { doc: "operations", page: "pets" } },
      computedSeed: pets.id,
    });
    expect(pets.documentId).toBeUndefined();

    const revision = (await gb.spaces.getCurrentRevision(space.id)).data;
    expect(revision.pages.map((p) => p.id)).toEqual(expanded.map((p) => p.id));
    const unexpanded = (await gb.spaces.getCurrentRevision(space.id, { computed: false })).data;
    expect(unexpanded.pages.map((p) => p.type)).toEqual(["document", "computed"]);

    // A generated page reads with its generated markdown, by id and by path, and as a document.
    const page = (await gb.spaces.getPageById(space.id, pets.id)).data as any;
    expect(page.markdown).toContain("## GET /pets");
    expect(page.markdown).toContain("## POST /pets");
    expect(page.markdown).toContain("| `limit` | query | integer (int32) | no | How many to return |");
    expect(page.markdown).toContain('"name": "Rex"');
    const byPath = (await gb.spaces.getPageByPath(space.id, "pets", { format: "document" })).data as any;
    expect(byPath.document.nodes[0]).toMatchObject({ object: "block" });
    const models = (await gb.spaces.getPageByPath(space.id, "models")).data as any;
    expect(models.markdown).toContain("## Pet");
    // The computed page itself reads unexpanded, with computed=false.
    const itself = (await gb.spaces.getPageById(space.id, computedId, { computed: false })).data;
    expect(itself).toMatchObject({ type: "computed", id: computedId });
    expect(await clientError(gb.spaces.getPageById(space.id, pets.id, { computed: false }))).toMatchObject({
      code: 404,
    });
    const revisionId = revision.id;
    const doc = (await gb.spaces.getPageDocumentInRevisionById(space.id, revisionId, pets.id)).data;
    expect(JSON.stringify(doc)).toContain("/pets/{petId}");
  });

  it("getComputedRevision and getComputedDocument (official client): same seed, same ids", async () => {
    const { api: gb, space, computedId } = await spaceWithComputedPage();
    const first = (await gb.spaces.getComputedRevision(space.id, { source: openApiSource("pets"), seed: "s1" })).data;
    expect(first.pages.map((p) => p.title)).toEqual(["pets", "stores", "Models"]);
    expect(first.files).toEqual([]);
    expect(first.reusableContents).toEqual([]);
    const again = (await gb.spaces.getComputedRevision(space.id, { source: openApiSource("pets"), seed: "s1" })).data;
    expect(again.pages.map((p) => p.id)).toEqual(first.pages.map((p) => p.id));
    const other = (await gb.spaces.getComputedRevision(space.id, { source: openApiSource("pets", false), seed: "s2" }))
      .data;
    expect(other.pages.map((p) => p.title)).toEqual(["pets", "stores"]);
    expect(other.pages[0].id).not.toBe(first.pages[0].id);
    // The expanded revision uses the computed page's id as its seed.
    const bySeed = (await gb.spaces.getComputedRevision(space.id, { source: openApiSource("pets"), seed: computedId }))
      .data;
    const listed = (await gb.spaces.listPages(space.id)).data.pages.slice(1);
    expect(listed.map((p) => p.id)).toEqual(bySeed.pages.map((p) => p.id));

    const docSource = (props: any) => ({ ...openApiSource("pets"), props });
    const ops = (
      await gb.spaces.getComputedDocument(space.id, {
        source: docSource({ doc: "operations", page: "stores" }),
        seed: "x",
      })
    ).data;
    expect(ops.object).toBe("document");
    expect(JSON.stringify(ops)).toContain("GET /stores");
    const again2 = (
      await gb.spaces.getComputedDocument(space.id, {
        source: docSource({ doc: "operations", page: "stores" }),
        seed: "x",
      })
    ).data;
    expect(again2).toEqual(ops);
    const info = (
      await gb.spaces.getComputedDocument(space.id, { source: docSource({ doc: "info", page: "info" }), seed: "x" })
    ).data;
    expect(JSON.stringify(info)).toContain("https://api.pets.test/v1");
    expect(JSON.stringify(info)).toContain("Manage pets and stores.");
    const models = (
      await gb.spaces.getComputedDocument(
        space.id,
        { source: docSource({ doc: "models" }), seed: "x" },
        { schema: "current" },
      )
    ).data;
    expect(JSON.stringify(models)).toContain("NewPet");
    const noTag = (
      await gb.spaces.getComputedDocument(space.id, {
        source: docSource({ doc: "operations", page: "nope" }),
        seed: "x",
      })
    ).data;
    expect(noTag).toMatchObject({ nodes: [], data: { reason: expect.stringContaining('"nope"') } });
  });

  it("an unknown or failed spec computes nothing, with a reason (never a 500)", async () => {
    const { api: gb, space, orgId, owner } = await spaceWithComputedPage();
    const unknown = await api("POST", `/spaces/${space.id}/content/computed/revision`, {
      token: owner.token,
      body: { source: openApiSource("nope"), seed: "s" },
    });
    expect(unknown.status).toBe(200);
    expect(unknown.json).toMatchObject({ pages: [], reason: expect.stringContaining('"nope" does not exist') });
    const doc = (
      await gb.spaces.getComputedDocument(space.id, {
        source: { ...openApiSource("nope"), props: { doc: "models" } },
        seed: "s",
      })
    ).data;
    expect(doc).toMatchObject({ object: "document", nodes: [], data: { reason: expect.stringContaining("nope") } });

    await gb.orgs.createOpenApiSpec(orgId, { slug: "broken", source: { text: "{ not json" } });
    await vi.waitUntil(
      async () => (await gb.orgs.getOpenApiSpecBySlug(orgId, "broken")).data.processingState === "complete",
      { timeout: 8000, interval: 50 },
    );
    const broken = (await gb.spaces.getComputedRevision(space.id, { source: openApiSource("broken"), seed: "s" }))
      .data as any;
    expect(broken).toMatchObject({ pages: [], reason: expect.stringContaining("PARSE_ERROR") });

    // A computed page on a missing spec reads as nothing; the rest of the tree is unaffected.
    const { cr } = await changeRequestWith(owner.token, space.id, [
      { operation: "insert_page", title: "Gone", type: "computed", computed: openApiSource("nope") },
    ]);
    const pages = (await gb.spaces.listPagesInChangeRequest(space.id, cr.id)).data.pages;
    expect(pages.map((p) => p.title)).toEqual(["Intro", "pets", "stores", "Models"]);
    const raw = (await gb.spaces.listPagesInChangeRequest(space.id, cr.id, { computed: false })).data.pages;
    expect(raw.map((p) => p.title)).toEqual(["Intro", "API reference", "Gone"]);
  });

  it("a new spec version changes what computed pages show", async () => {
    const { api: gb, space, orgId } = await spaceWithComputedPage();
    const next = structuredClone(PETS_SPEC) as any;
    next.tags.push({ name: "orders" });
    next.paths["/orders"] = {
      get: { tags: ["orders"], summary: "List orders", responses: { "200": { description: "OK" } } },
    };
    await uploadSpec(gb, orgId, "pets", next);
    const titles = (await gb.spaces.listPages(space.id)).data.pages.map((p) => p.title);
    expect(titles).toEqual(["Intro", "pets", "stores", "orders", "Models"]);
    const computed = (await gb.spaces.getComputedRevision(space.id, { source: openApiSource("pets"), seed: "s" })).data;
    expect(computed.pages.map((p) => p.title)).toContain("orders");
  });

  it("computed pages survive moves, metadata edits, merges and deletes; writes check their shape", async () => {
    const { api: gb, space, owner, computedId } = await spaceWithComputedPage();
    const { cr, pages } = await changeRequestWith(owner.token, space.id, [
      { operation: "insert_page", title: "Guides", document: "Guides.\n" },
      {
        operation: "update_page",
        page: computedId,
        title: "API",
        into: null,
        at: 0,
        computed: openApiSource("pets", false),
      },
    ]);
    const guides = pages[0];
    const bad = [
      [{ operation: "insert_page", title: "X", type: "computed" }, "body.changes.0.computed: is required"],
      [
        { operation: "insert_page", title: "X", type: "computed", computed: openApiSource("pets"), document: "x" },
        "no document",
      ],
      [{ operation: "insert_page", title: "X", computed: openApiSource("pets") }, 'only allowed with type "computed"'],
      [{ operation: "insert_page", title: "X", into: computedId, document: "x" }, "has no child pages"],
      [{ operation: "update_page", page: computedId, document: "x" }, "has no document"],
      [{ operation: "update_page", page: guides, computed: openApiSource("pets") }, "only a computed page"],
      [
        {
          operation: "insert_page",
          title: "X",
          type: "computed",
          computed: { ...openApiSource("p"), type: "builtin:translation" },
        },
        "builtin:openapi",
      ],
    ] as const;
    for (const [change, message] of bad) {
      const res = await writeContent(owner.token, space.id, cr.id, [change]);
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.json.error.message).toContain(message);
    }
    await gb.spaces.mergeChangeRequest(space.id, cr.id);
    const raw = (await gb.spaces.listPages(space.id, { computed: false })).data.pages as any[];
    expect(raw.map((p) => p.title)).toEqual(["API", "Intro", "Guides"]);
    expect(raw[0].computed.props).toEqual({ models: false });
    expect((await gb.spaces.listPages(space.id)).data.pages.map((p) => p.title)).toEqual([
      "pets",
      "stores",
      "Intro",
      "Guides",
    ]);

    const { cr: removal } = await changeRequestWith(owner.token, space.id, [
      { operation: "delete_page", page: computedId },
    ]);
    await gb.spaces.mergeChangeRequest(space.id, removal.id);
    expect((await gb.spaces.listPages(space.id)).data.pages.map((p) => p.title)).toEqual(["Intro", "Guides"]);
  });

  it("needs a token and the space's view role", async () => {
    const { space, organization } = await spaceWithComputedPage();
    const body = { source: openApiSource("pets"), seed: "s" };
    expect((await api("POST", `/spaces/${space.id}/content/computed/revision`, { body })).status).toBe(401);
    const outsider = (await seedSpace()).owner;
    const res = await api("POST", `/spaces/${space.id}/content/computed/revision`, { token: outsider.token, body });
    expect(res.status).toBe(404);
    const reader = await seedSpaceMember(organization.id, "read");
    const ok = await client(reader.token).spaces.getComputedRevision(space.id, body);
    expect(ok.data.pages).toHaveLength(3);
    const invalid = await api("POST", `/spaces/${space.id}/content/computed/document`, {
      token: reader.token,
      body: { source: { ...openApiSource("pets"), props: { doc: "operations" } }, seed: "s" },
    });
    expect(invalid.status).toBe(400);
  });
});
