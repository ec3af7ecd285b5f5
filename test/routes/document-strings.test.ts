// The contract's leniency: where a body field is a document, a plain string is markdown. Content writes
// (insert_page, update_page) take one exactly as they take `{markdown}`; other types are a 400 naming the field.
import { describe, expect, it } from "vitest";
import { api, ORIGIN, workerFetch } from "../helpers/http";
import { changeRequestWith, seedSpace, writeContent } from "../helpers/content";

const MARKDOWN =
  "---\ndescription: Said in frontmatter\n---\n\n# Title\n\nBody with **bold** and [a link](https://example.com).\n";

/** A page of a change request in both formats, without what differs between two writes (ids, times, urls). */
async function readPage(token: string, spaceId: string, changeRequestId: string, pageId: string) {
  const read = async (format: string) => {
    const res = await api(
      "GET",
      `/spaces/${spaceId}/change-requests/${changeRequestId}/content/page/${pageId}?format=${format}`,
      { token },
    );
    expect(res.status, res.text).toBe(200);
    const { id, urls, createdAt, updatedAt, ...rest } = res.json;
    expect(id).toBe(pageId);
    return rest;
  };
  return { markdown: await read("markdown"), document: await read("document") };
}

describe("document fields as plain markdown strings", () => {
  it("insert_page with a string document makes the same page as {markdown}", async () => {
    const s = await seedSpace();
    const asString = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "insert_page", document: MARKDOWN },
    ]);
    const asObject = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "insert_page", document: { markdown: MARKDOWN } },
    ]);
    const stringPage = await readPage(s.owner.token, s.space.id, asString.cr.id, asString.pages[0]!);
    const objectPage = await readPage(s.owner.token, s.space.id, asObject.cr.id, asObject.pages[0]!);
    // The title comes from the leading heading and the description from the frontmatter, as for {markdown}.
    expect(stringPage.markdown).toMatchObject({ title: "Title", description: "Said in frontmatter" });
    expect(stringPage.markdown.markdown).toContain("Body with **bold**");
    expect(stringPage).toEqual(objectPage);
  });

  it("update_page with a string document gives the page the same content as {markdown}", async () => {
    const s = await seedSpace();
    const changes = [{ operation: "insert_page", title: "Before", document: { markdown: "old\n" } }];
    const first = await changeRequestWith(s.owner.token, s.space.id, changes);
    const second = await changeRequestWith(s.owner.token, s.space.id, changes);
    const update = (cr: string, page: string, document: unknown) =>
      writeContent(s.owner.token, s.space.id, cr, [{ operation: "update_page", page, document }]);
    expect((await update(first.cr.id, first.pages[0]!, MARKDOWN)).status).toBe(200);
    expect((await update(second.cr.id, second.pages[0]!, { markdown: MARKDOWN })).status).toBe(200);
    const stringPage = await readPage(s.owner.token, s.space.id, first.cr.id, first.pages[0]!);
    const objectPage = await readPage(s.owner.token, s.space.id, second.cr.id, second.pages[0]!);
    expect(stringPage.markdown).toMatchObject({ description: "Said in frontmatter" });
    expect(stringPage.markdown.markdown).toContain("Body with **bold**");
    expect(stringPage).toEqual(objectPage);
  });

  it('an empty string is an empty page, as {markdown: ""} is', async () => {
    const s = await seedSpace();
    const asString = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "insert_page", title: "Empty", document: "" },
    ]);
    const asObject = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "insert_page", title: "Empty", document: { markdown: "" } },
    ]);
    expect(await readPage(s.owner.token, s.space.id, asString.cr.id, asString.pages[0]!)).toEqual(
      await readPage(s.owner.token, s.space.id, asObject.cr.id, asObject.pages[0]!),
    );
  });

  it("answers 400 naming the field for a document of another type, and writes nothing", async () => {
    const s = await seedSpace();
    const { cr, pages } = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "insert_page", title: "P", document: { markdown: "p\n" } },
    ]);
    for (const document of [42, null, ["# Title"], true]) {
      const inserted = await writeContent(s.owner.token, s.space.id, cr.id, [
        { operation: "insert_page", title: "X", document },
      ]);
      expect(inserted.status, JSON.stringify(document)).toBe(400);
      expect(inserted.json.error).toMatchObject({ code: 400 });
      expect(inserted.json.error.message).toBe(
        "body.changes.0.document: must be a markdown string or a document object ({markdown}, {document} or {})",
      );
      const updated = await writeContent(s.owner.token, s.space.id, cr.id, [
        { operation: "update_page", page: pages[0], document },
      ]);
      expect(updated.status, JSON.stringify(document)).toBe(400);
      expect(updated.json.error.message).toContain("body.changes.0.document");
    }
    // A string over the markdown limit is refused as `{markdown}` of that length is.
    const long = "x".repeat(1024 * 1024 + 1);
    const tooLong = await writeContent(s.owner.token, s.space.id, cr.id, [
      { operation: "insert_page", document: long },
    ]);
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.error.message).toContain("body.changes.0.document");
    // An object of the wrong shape names its deepest wrong field, as before strings were accepted.
    const wrongMarkdown = await writeContent(s.owner.token, s.space.id, cr.id, [
      { operation: "insert_page", document: { markdown: 5 } },
    ]);
    expect(wrongMarkdown.json.error.message).toContain(
      "body.changes.0.document.markdown: Invalid input: expected string",
    );
    const unknownKey = await writeContent(s.owner.token, s.space.id, cr.id, [
      { operation: "insert_page", document: { markdwn: "x" } },
    ]);
    expect(unknownKey.status).toBe(400);
    expect(unknownKey.json.error.message).toContain("markdwn");
    const list = await api("GET", `/spaces/${s.space.id}/change-requests/${cr.id}/content`, { token: s.owner.token });
    expect(list.json.pages.map((p: { title: string }) => p.title)).toEqual(["P"]);
  });

  it("shows the string alternative of content-write documents in the OpenAPI document", async () => {
    const res = await workerFetch(`${ORIGIN}/openapi.json`);
    const spec = (await res.json()) as any;
    const body = spec.components.schemas.ChangeRequestContentChanges;
    const changes: any[] = body.properties.changes.items.oneOf ?? body.properties.changes.items.anyOf;
    for (const operation of ["insert_page", "update_page"]) {
      const change = changes.find(
        (c) => c.properties.operation.enum?.includes(operation) || c.properties.operation.const === operation,
      );
      const document = change.properties.document;
      const alternatives = (document.anyOf ?? document.oneOf) as { type?: string }[];
      expect(
        alternatives.map((a) => a.type),
        operation,
      ).toEqual(expect.arrayContaining(["string", "object"]));
    }
  });
});
