import { describe, expect, it, vi } from "vitest";
import { api, client, clientError } from "../helpers/http";
import { seedSpace } from "../helpers/content";
import { seedMember, seedOrganization } from "../helpers/seed";
import type { TranslationLanguage } from "@gitbook/api";

/** A language code as the official client types it (an enum). */
const lang = (code: string) => code as TranslationLanguage;

const INSTRUCTIONS = {
  object: "document" as const,
  data: {},
  nodes: [
    {
      object: "block" as const,
      type: "paragraph" as const,
      nodes: [
        { object: "text" as const, leaves: [{ object: "leaf" as const, text: "Use a formal tone.", marks: [] }] },
      ],
    },
  ],
};

async function setup() {
  const s = await seedSpace();
  return { ...s, orgId: s.organization.id, gb: s.api };
}

const create = (gb: ReturnType<typeof client>, orgId: string, space: string, language = "fr") =>
  gb.orgs.createTranslation(orgId, { source: { space, language: lang("en") }, language: lang(language) });

/** Waits for the translation's run to end, so that no job is left running behind the test. */
const settled = (gb: ReturnType<typeof client>, orgId: string, id: string) =>
  vi.waitUntil(async () => (await gb.orgs.getTranslation(orgId, id)).data.status === "completed", {
    timeout: 10_000,
    interval: 50,
  });

describe("translations through the official client", () => {
  it("creates, reads, lists with keyset pages, updates and deletes (205, then 204)", async () => {
    const { gb, orgId, space } = await setup();
    const created = await gb.orgs.createTranslation(orgId, {
      source: { space: space.id, language: lang("en") },
      language: lang("pt-br"),
      instructions: INSTRUCTIONS,
    });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({
      object: "translation",
      status: "pending",
      source: { space: space.id, language: lang("en") },
      language: lang("pt-br"),
      instructions: { object: "document", nodes: [expect.objectContaining({ type: "paragraph" })] },
      stats: {
        runs: 0,
        totalWords: 0,
        totalPages: 0,
        totalDuration: 0,
        latestRunDuration: 0,
        latestPages: 0,
        latestWords: 0,
      },
      permissions: { view: true, edit: true },
      urls: { location: `https://api.quire.test/v1/orgs/${orgId}/translations/${created.data.id}` },
    });
    expect(JSON.stringify(created.data.instructions)).toContain("Use a formal tone.");
    const second = (await create(gb, orgId, space.id, "de")).data;

    expect((await gb.orgs.getTranslation(orgId, created.data.id)).data.id).toBe(created.data.id);
    const all = (await gb.orgs.listTranslations(orgId)).data;
    expect(all.count).toBe(2);
    expect(all.items.map((t) => t.id)).toEqual([created.data.id, second.id]);
    const page1 = (await gb.orgs.listTranslations(orgId, { limit: 1 })).data;
    expect(page1.items.map((t) => t.id)).toEqual([created.data.id]);
    const page2 = (await gb.orgs.listTranslations(orgId, { limit: 1, page: page1.next!.page })).data;
    expect(page2.items.map((t) => t.id)).toEqual([second.id]);
    expect(page2.next).toBeUndefined();

    // A plain markdown string is accepted for the document (CONTRACT §2, leniency).
    const updated = await gb.orgs.updateTranslation(orgId, second.id, {
      instructions: "Keep **product names**." as never,
    });
    expect(updated.status).toBe(200);
    expect(JSON.stringify(updated.data.instructions)).toContain("product names");

    await settled(gb, orgId, created.data.id);
    await settled(gb, orgId, second.id);
    expect((await gb.orgs.deleteTranslation(orgId, created.data.id)).status).toBe(205);
    expect((await gb.orgs.deleteTranslation(orgId, created.data.id)).status).toBe(204);
    expect((await clientError(gb.orgs.getTranslation(orgId, created.data.id))).code).toBe(404);
    expect((await clientError(gb.orgs.runTranslation(orgId, created.data.id))).code).toBe(404);
    expect((await gb.orgs.listTranslations(orgId)).data.count).toBe(1);
  });

  it("answers 400 naming the field for bad input", async () => {
    const { gb, orgId, space, owner } = await setup();
    const other = await seedSpace("Elsewhere");
    const bad = async (body: unknown, method = "POST", path = `/orgs/${orgId}/translations`) => {
      const res = await api(method, path, { token: owner.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.code).toBe(400);
      return res.json.error.message as string;
    };
    expect(await bad({ source: { space: space.id, language: lang("en") }, language: lang("xx") })).toMatch(
      /^body\.language/,
    );
    expect(await bad({ source: { space: space.id }, language: lang("fr") })).toMatch(/^body\.source\.language/);
    expect(await bad({ source: { space: space.id, language: lang("fr") }, language: lang("fr") })).toMatch(
      /^body\.language: must differ/,
    );
    expect(await bad({ source: { space: "nope", language: lang("en") }, language: lang("fr") })).toMatch(
      /^body\.source\.space/,
    );
    expect(await bad({ source: { space: other.space.id, language: lang("en") }, language: lang("fr") })).toMatch(
      /^body\.source\.space/,
    );
    expect(
      await bad({
        source: { space: space.id, language: lang("en") },
        language: lang("fr"),
        instructions: { object: "document", data: {}, nodes: ["not a block"] },
      }),
    ).toBe("body.instructions.nodes[0]: must be an object");
    const { id } = (await create(gb, orgId, space.id)).data;
    expect(await bad({}, "PUT", `/orgs/${orgId}/translations/${id}`)).toMatch(/^body\.instructions/);
    const list = await api("GET", `/orgs/${orgId}/translations?limit=abc`, { token: owner.token });
    expect(list.status).toBe(400);
    const cursor = await api("GET", `/orgs/${orgId}/translations?page=%%%`, { token: owner.token });
    expect(cursor.status).toBe(400);
    await settled(gb, orgId, id);
  });

  it("answers 401 without a token, 404 across organizations and for unknown ids", async () => {
    const { gb, orgId, space } = await setup();
    const { id } = (await create(gb, orgId, space.id)).data;
    const anonymous = client();
    expect((await clientError(anonymous.orgs.listTranslations(orgId))).code).toBe(401);
    expect((await clientError(anonymous.orgs.getTranslation(orgId, id))).code).toBe(401);
    const outsider = client((await seedOrganization("Other")).owner.token);
    expect((await clientError(outsider.orgs.getTranslation(orgId, id))).code).toBe(404);
    expect((await clientError(outsider.orgs.listTranslations(orgId))).code).toBe(404);
    expect((await clientError(outsider.orgs.runTranslation(orgId, id))).code).toBe(404);
    expect((await clientError(outsider.orgs.listGlossaryEntries(orgId))).code).toBe(404);
    expect((await clientError(gb.orgs.getTranslation(orgId, "nope"))).code).toBe(404);
    expect((await clientError(gb.orgs.updateTranslation(orgId, "nope", { instructions: INSTRUCTIONS }))).code).toBe(
      404,
    );
    expect((await clientError(gb.orgs.runTranslation(orgId, "nope"))).code).toBe(404);
    expect((await gb.orgs.deleteTranslation(orgId, "nope")).status).toBe(204);
    await settled(gb, orgId, id);
  });

  it("lets members with create and up manage and run translations, and other members read them", async () => {
    const { gb, orgId, space } = await setup();
    const { id } = (await create(gb, orgId, space.id)).data;
    const reader = client((await seedMember(orgId, "read")).token);
    const editor = client((await seedMember(orgId, "edit")).token);
    const creator = client((await seedMember(orgId, "create")).token);
    const guest = client((await seedMember(orgId, null)).token);

    const seen = (await reader.orgs.getTranslation(orgId, id)).data;
    expect(seen.permissions).toEqual({ view: true, edit: false });
    expect((await reader.orgs.listTranslations(orgId)).data.count).toBe(1);
    for (const who of [reader, editor]) {
      expect((await clientError(create(who, orgId, space.id))).code).toBe(403);
      expect((await clientError(who.orgs.runTranslation(orgId, id))).code).toBe(403);
      expect((await clientError(who.orgs.updateTranslation(orgId, id, { instructions: INSTRUCTIONS }))).code).toBe(403);
      expect((await clientError(who.orgs.deleteTranslation(orgId, id))).code).toBe(403);
      expect((await clientError(who.orgs.updateGlossaryEntries(orgId, { operations: [] }))).code).toBe(403);
    }
    expect((await clientError(guest.orgs.getTranslation(orgId, id))).code).toBe(404);

    const own = (await create(creator, orgId, space.id, "ja")).data;
    expect(own.permissions).toEqual({ view: true, edit: true });
    await settled(gb, orgId, own.id);
    await settled(gb, orgId, id);
    expect((await creator.orgs.runTranslation(orgId, id)).status).toBe(204);
    await settled(gb, orgId, id);

    // A source space the member cannot read: not a source for them, and not theirs to run.
    await gb.spaces.updateSpaceById(space.id, { defaultLevel: null } as never);
    const hidden = await api("POST", `/orgs/${orgId}/translations`, {
      token: (await seedMember(orgId, "create")).token,
      body: { source: { space: space.id, language: lang("en") }, language: lang("ko") },
    });
    expect(hidden.status).toBe(400);
    expect((await clientError(creator.orgs.runTranslation(orgId, id))).code).toBe(403);
  });
});

describe("the translation glossary through the official client", () => {
  it("inserts, updates and deletes entries in one batch, lists and reads them", async () => {
    const { gb, orgId } = await setup();
    expect(
      (
        await gb.orgs.updateGlossaryEntries(orgId, {
          operations: [
            { type: "insert", translations: { en: "space", fr: "espace" } },
            { type: "insert", translations: { en: "change request", de: "Änderungsanfrage" } },
          ],
        })
      ).status,
    ).toBe(204);
    const list = (await gb.orgs.listGlossaryEntries(orgId)).data;
    expect(list.count).toBe(2);
    const space = list.items.find((e) => e.translations.fr);
    const cr = list.items.find((e) => e.translations.de);
    expect(space).toMatchObject({
      object: "glossary-entry",
      translations: { en: "space", fr: "espace" },
      urls: { location: `https://api.quire.test/v1/orgs/${orgId}/translations-glossary/${space!.id}` },
    });
    expect((await gb.orgs.getGlossaryEntry(orgId, cr!.id)).data.translations).toEqual({
      en: "change request",
      de: "Änderungsanfrage",
    });
    const page1 = (await gb.orgs.listGlossaryEntries(orgId, { limit: 1 })).data;
    const page2 = (await gb.orgs.listGlossaryEntries(orgId, { limit: 1, page: page1.next!.page })).data;
    expect([...page1.items, ...page2.items].map((e) => e.id)).toEqual(list.items.map((e) => e.id));
    expect(page2.next).toBeUndefined();

    await gb.orgs.updateGlossaryEntries(orgId, {
      operations: [
        { type: "update", id: space!.id, translations: { en: "space", fr: "espace de travail" } },
        { type: "delete", id: cr!.id },
        { type: "delete", id: "never-existed" },
      ],
    });
    expect((await gb.orgs.getGlossaryEntry(orgId, space!.id)).data.translations.fr).toBe("espace de travail");
    expect((await clientError(gb.orgs.getGlossaryEntry(orgId, cr!.id))).code).toBe(404);
    expect((await gb.orgs.listGlossaryEntries(orgId)).data.count).toBe(1);
  });

  it("refuses bad entries (400) and changes nothing of a batch with one", async () => {
    const { gb, orgId, owner } = await setup();
    const bad = async (operations: unknown) => {
      const res = await api("PUT", `/orgs/${orgId}/translations-glossary`, {
        token: owner.token,
        body: { operations },
      });
      expect(res.status).toBe(400);
      return res.json.error.message as string;
    };
    expect(await bad([{ type: "insert", translations: { en: "two\nlines" } }])).toMatch(/^body\.operations\.0/);
    expect(await bad([{ type: "insert", translations: {} }])).toMatch(/at least one language/);
    expect(await bad([{ type: "insert", translations: { klingon: "x" } }])).toMatch(/^body\.operations\.0/);
    expect(await bad([{ type: "insert", translations: { en: "x".repeat(256) } }])).toMatch(/^body\.operations\.0/);
    expect(await bad([{ type: "rename", id: "x" }])).toMatch(/^body\.operations\.0/);
    expect(
      await bad([
        { type: "insert", translations: { en: "kept?" } },
        { type: "update", id: "nope", translations: { en: "x" } },
      ]),
    ).toMatch(/^body\.operations\.1\.id: no glossary entry/);
    expect((await gb.orgs.listGlossaryEntries(orgId)).data.count).toBe(0);
    const reader = client((await seedMember(orgId, "read")).token);
    expect((await reader.orgs.listGlossaryEntries(orgId)).data.count).toBe(0);
    expect((await clientError(reader.orgs.getGlossaryEntry(orgId, "nope"))).code).toBe(404);
  });
});
