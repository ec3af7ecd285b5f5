import type { JSONDocument } from "gitbook-api-current";
import { describe, expect, it } from "vitest";
import { markdownToDocument } from "../../src/content/markdown";
import { currentClient, expectCurrentShape } from "../helpers/current-client";
import { seedSpace, seedSpaceMember } from "../helpers/content";
import { api, client, clientError, ORIGIN, workerFetch } from "../helpers/http";

// A change request's description (0.202's ChangeRequest.description, a JSONDocument set by
// updateChangeRequestById), stored as markdown and answered as a document when there is one.

/** The reference's own example document: one paragraph, written by hand as a client sends it (no keys). */
const paragraph = (text: string) => ({
  object: "block",
  type: "paragraph",
  data: {},
  nodes: [{ object: "text", leaves: [{ object: "leaf", text, marks: [] }] }],
});
const handWritten = (...texts: string[]) =>
  ({ object: "document", data: {}, nodes: texts.map(paragraph) }) as unknown as JSONDocument;

/** The text of a document's blocks, one string per top-level block (what "equivalent" compares). */
function blockTexts(doc: { nodes: unknown[] }): string[] {
  const text = (node: unknown): string => {
    const n = node as { text?: string; leaves?: { text: string }[]; nodes?: unknown[] };
    if (n.leaves) return n.leaves.map((l) => l.text).join("");
    return typeof n.text === "string" ? n.text : (n.nodes ?? []).map(text).join("");
  };
  return doc.nodes.map(text);
}

async function setup() {
  const s = await seedSpace("Described");
  const { data: cr } = await s.api.spaces.createChangeRequest(s.space.id, { subject: "With a description" });
  return { ...s, cr, gb: currentClient(s.owner.token) };
}

describe("change request descriptions", () => {
  it("takes a JSONDocument from the 0.202 client and answers an equivalent one to both clients", async () => {
    const { space, cr, gb, api: old } = await setup();
    const patched = await gb.spaces.updateChangeRequestById(space.id, cr.id, {
      description: handWritten("Why this change.", "What it touches."),
    });
    expect(patched.status).toBe(200);
    expectCurrentShape("ChangeRequest", patched.data);
    expect(blockTexts(patched.data.description!)).toEqual(["Why this change.", "What it touches."]);
    expect(patched.data.description!.nodes.map((n) => n.type)).toEqual(["paragraph", "paragraph"]);
    expect(patched.data).not.toHaveProperty("descriptionMarkdown");

    const current = (await gb.spaces.getChangeRequestById(space.id, cr.id)).data;
    expectCurrentShape("ChangeRequest", current);
    expect(current.description).toEqual(patched.data.description);
    expect(current.description).toEqual(markdownToDocument("Why this change.\n\nWhat it touches."));
    // 0.137 has no description: it comes as an extra field, by number too.
    const byOld = (await old.spaces.getChangeRequestById(space.id, String(cr.number))).data;
    expect((byOld as { description?: unknown }).description).toEqual(current.description);
    // Lists present it too (the space's and the organization's).
    const listed = (await gb.spaces.listChangeRequestsForSpace(space.id)).data.items[0]!;
    expect(listed.description).toEqual(current.description);
    expectCurrentShape("ChangeRequest", listed);

    // The 0.137 client sends it as it is given (its type lacks the field): the same answer.
    const again = await old.spaces.updateChangeRequestById(space.id, cr.id, {
      description: handWritten("Rewritten."),
    } as never);
    expect(blockTexts((again.data as unknown as { description: JSONDocument }).description)).toEqual(["Rewritten."]);
  });

  it("keeps headings, lists and links through markdown and back, and offers the markdown with format=markdown", async () => {
    const { space, cr, gb, owner } = await setup();
    const markdown = [
      "## Why",
      "See [the issue](https://example.com/issues/1) and **this**.",
      "* first\n* second",
      "1. one\n2. two",
    ].join("\n\n");
    const path = `/spaces/${space.id}/change-requests/${cr.id}`;
    const set = await api("PATCH", `${path}?format=markdown`, {
      token: owner.token,
      body: { description: { markdown } },
    });
    expect(set.status, set.text).toBe(200);
    expect(set.json.descriptionMarkdown).toBe(markdown);
    const doc = set.json.description as JSONDocument;
    expect(doc.nodes.map((n) => n.type)).toEqual(["heading-2", "paragraph", "list-unordered", "list-ordered"]);
    expect(JSON.stringify(doc.nodes[1])).toContain("https://example.com/issues/1");
    expect(blockTexts(doc)).toEqual(["Why", "See the issue and this.", "firstsecond", "onetwo"]);

    // The answered document sent back (0.202) reads as the same document, and its markdown as the same markdown.
    await gb.spaces.updateChangeRequestById(space.id, cr.id, { description: doc });
    const read = await api("GET", `${path}?format=markdown`, { token: owner.token });
    expect(read.json.description).toEqual(doc);
    expect(markdownToDocument(read.json.descriptionMarkdown)).toEqual(doc);
    expect(read.json.descriptionMarkdown).toContain("[the issue](https://example.com/issues/1)");
    // format=document (the default) answers the reference's shape; another value is a 400 naming it.
    expect((await api("GET", `${path}?format=document`, { token: owner.token })).json).not.toHaveProperty(
      "descriptionMarkdown",
    );
    const badFormat = await api("GET", `${path}?format=html`, { token: owner.token });
    expect(badFormat.status).toBe(400);
    expect(badFormat.json.error.message).toMatch(/^query\.format/);

    // A markdown string (the contract's leniency) and {document} (pages' form) are taken as well.
    const asString = await api("PATCH", `${path}?format=markdown`, {
      token: owner.token,
      body: { description: "Plain." },
    });
    expect(asString.json.descriptionMarkdown).toBe("Plain.");
    const wrapped = await api("PATCH", path, {
      token: owner.token,
      body: { description: { document: handWritten("W") } },
    });
    expect(blockTexts(wrapped.json.description)).toEqual(["W"]);

    // Changing the subject or the status leaves it as it is.
    const renamed = (await gb.spaces.updateChangeRequestById(space.id, cr.id, { subject: "Renamed", status: "draft" }))
      .data;
    expect(blockTexts(renamed.description!)).toEqual(["W"]);
  });

  it("clears it with an empty document (0.202 allows no null), and then omits the field", async () => {
    const { space, cr, gb, owner } = await setup();
    const path = `/spaces/${space.id}/change-requests/${cr.id}`;
    const fresh = (await gb.spaces.getChangeRequestById(space.id, cr.id)).data;
    expect(fresh).not.toHaveProperty("description");
    expect((await api("GET", `${path}?format=markdown`, { token: owner.token })).json).not.toHaveProperty(
      "descriptionMarkdown",
    );
    for (const empty of [{ object: "document", data: {}, nodes: [] }, { markdown: "" }, "", {}, handWritten("")]) {
      await gb.spaces.updateChangeRequestById(space.id, cr.id, { description: handWritten("Something.") });
      const cleared = await api("PATCH", path, { token: owner.token, body: { description: empty } });
      expect(cleared.status, JSON.stringify(empty)).toBe(200);
      expect(cleared.json, JSON.stringify(empty)).not.toHaveProperty("description");
      expectCurrentShape("ChangeRequest", cleared.json);
      expect((await gb.spaces.getChangeRequestById(space.id, cr.id)).data).not.toHaveProperty("description");
    }
    // null is not a document: a 400, and nothing changes.
    await gb.spaces.updateChangeRequestById(space.id, cr.id, { description: handWritten("Kept.") });
    const nulled = await api("PATCH", path, { token: owner.token, body: { description: null } });
    expect(nulled.status).toBe(400);
    expect(nulled.json.error.message).toMatch(/^body\.description/);
    expect(blockTexts((await gb.spaces.getChangeRequestById(space.id, cr.id)).data.description!)).toEqual(["Kept."]);
  });

  it("needs the right to edit the space: a reader gets 403, another organization 404, no token 401", async () => {
    const { space, cr, gb, organization } = await setup();
    await gb.spaces.updateChangeRequestById(space.id, cr.id, { description: handWritten("Original.") });
    const reader = await seedSpaceMember(organization.id, "read");
    const refused = await clientError(
      currentClient(reader.token).spaces.updateChangeRequestById(space.id, cr.id, {
        description: handWritten("Vandalized."),
      }),
    );
    expect(refused.code).toBe(403);
    // The reader still reads it.
    const seen = (await currentClient(reader.token).spaces.getChangeRequestById(space.id, cr.id)).data;
    expect(blockTexts(seen.description!)).toEqual(["Original."]);
    const editor = await seedSpaceMember(organization.id, "edit");
    const edited = await currentClient(editor.token).spaces.updateChangeRequestById(space.id, cr.id, {
      description: handWritten("Edited."),
    });
    expect(blockTexts(edited.data.description!)).toEqual(["Edited."]);

    const outsider = await seedSpace("Elsewhere");
    const hidden = await clientError(
      currentClient(outsider.owner.token).spaces.updateChangeRequestById(space.id, cr.id, {
        description: handWritten("Nope."),
      }),
    );
    expect(hidden.code).toBe(404);
    expect((await clientError(client().spaces.updateChangeRequestById(space.id, cr.id, {}))).code).toBe(401);
    expect(blockTexts((await gb.spaces.getChangeRequestById(space.id, cr.id)).data.description!)).toEqual(["Edited."]);
  });

  it("answers 400 naming body.description for an oversize or invalid description, and changes nothing", async () => {
    const { space, cr, gb, owner } = await setup();
    const path = `/spaces/${space.id}/change-requests/${cr.id}`;
    await gb.spaces.updateChangeRequestById(space.id, cr.id, { description: handWritten("Before.") });
    const bad = [
      { markdown: "x".repeat(100_001) },
      "x".repeat(100_001),
      // Under the limit as characters of text, over it as markdown (each paragraph adds a blank line).
      handWritten(...Array.from({ length: 2_000 }, () => "y".repeat(49))),
      { object: "document", data: {}, nodes: [{ object: "paragraph", nodes: [] }] },
      { object: "document", data: {}, nodes: [{ object: "text", leaves: [{ text: 5 }] }] },
      { object: "document", nodes: [] },
      42,
      ["a"],
    ];
    for (const description of bad) {
      const res = await api("PATCH", path, { token: owner.token, body: { description } });
      const what = JSON.stringify(description).slice(0, 60);
      expect(res.status, `${what}: ${res.text}`).toBe(400);
      expect(res.json.error.code).toBe(400);
      expect(res.json.error.message, what).toMatch(/^body\.description/);
    }
    const over = await api("PATCH", path, { token: owner.token, body: { description: bad[2] } });
    expect(over.json.error.message).toBe("body.description: must be at most 100000 characters as markdown");
    // The limit itself is taken.
    const atLimit = await api("PATCH", `${path}?format=markdown`, {
      token: owner.token,
      body: { description: { markdown: "x".repeat(100_000) } },
    });
    expect(atLimit.status).toBe(200);
    expect(atLimit.json.descriptionMarkdown).toHaveLength(100_000);
    await gb.spaces.updateChangeRequestById(space.id, cr.id, { description: handWritten("Before.") });
    for (const description of bad) await api("PATCH", path, { token: owner.token, body: { description } });
    expect(blockTexts((await gb.spaces.getChangeRequestById(space.id, cr.id)).data.description!)).toEqual(["Before."]);
  });

  it("records a description-only update in the audit log, as a subject change is", async () => {
    const { space, cr, gb, organization, owner } = await setup();
    await gb.spaces.updateChangeRequestById(space.id, String(cr.number), { description: handWritten("Audited.") });
    const events = await api("GET", `/orgs/${organization.id}/audit-events?target=${cr.id}`, { token: owner.token });
    expect(events.status).toBe(200);
    expect((events.json.items as { action: string }[]).map((e) => e.action)).toEqual([
      "updateChangeRequestById",
      "createChangeRequest",
    ]);
  });
});

describe("the description in Quire's OpenAPI document", () => {
  it("documents the PATCH's description and the format extension on both operations", async () => {
    const res = await workerFetch(`${ORIGIN}/openapi.json`);
    const document = (await res.json()) as { paths: Record<string, Record<string, any>>; components: any };
    const item = document.paths["/v1/spaces/{spaceId}/change-requests/{changeRequestId}"]!;
    const body = item.patch.requestBody.content["application/json"].schema;
    const alternatives = JSON.stringify(body.properties.description);
    expect(alternatives).toContain('"markdown"');
    expect(alternatives).toContain('"document"');
    for (const method of ["get", "patch"]) {
      const format = (item[method].parameters as { name: string; in: string; schema: { enum: string[] } }[]).find(
        (p) => p.name === "format",
      );
      expect(format?.in, method).toBe("query");
      expect(format?.schema.enum).toEqual(["document", "markdown"]);
    }
    const changeRequest = document.components.schemas.ChangeRequest;
    expect(changeRequest.properties.description).toEqual({ $ref: "#/components/schemas/JSONDocument" });
    expect(changeRequest.required).not.toContain("description");
  });
});
