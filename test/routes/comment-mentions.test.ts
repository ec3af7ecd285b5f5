// Mentions of people in comments and replies: GitBook's `DocumentInlineMention` (`{kind:"user"}` ref) is stored
// as the markdown link `[@Name](mention:user/<id>)` and read back as the mention node. A mention node whose user
// id is not 1–64 characters of [\w-] is refused (400); a malformed `mention:` link in markdown stays a plain link.
import { describe, expect, it } from "vitest";
import { changeRequestWith, seedSpace } from "../helpers/content";
import { api, client, clientError } from "../helpers/http";
import { seedMember } from "../helpers/seed";

const mention = (user: string) => ({
  object: "inline",
  type: "mention",
  isVoid: true,
  data: { ref: { kind: "user", user } },
});
const text = (t: string) => ({ object: "text", leaves: [{ object: "leaf", text: t, marks: [] }] });
const docWith = (...nodes: unknown[]) => ({
  object: "document",
  data: {},
  nodes: [{ object: "block", type: "paragraph", nodes }],
});

/** The inline nodes of the document's first paragraph, keys left out. */
function inlines(body: unknown) {
  const doc = (body as { document: { nodes: { nodes: Record<string, unknown>[] }[] } }).document;
  return doc.nodes[0]!.nodes.map(({ key: _key, ...rest }) => rest);
}

async function world() {
  const s = await seedSpace();
  const colleague = await seedMember(s.organization.id, "edit", "jane");
  const { cr } = await changeRequestWith(s.owner.token, s.space.id, [
    { operation: "insert_page", title: "New", document: { markdown: "new\n" } },
  ]);
  const base = `/spaces/${s.space.id}/change-requests/${cr.id}/comments`;
  return { ...s, colleague, cr, base, sp: client(s.owner.token).spaces };
}

describe("mentions in change-request comments", () => {
  it("keeps a mention posted as a JSONDocument (client): the node as document, the link as markdown", async () => {
    const w = await world();
    const id = w.colleague.user.id;
    const { data: posted } = await w.sp.postCommentInChangeRequest(w.space.id, w.cr.id, {
      body: { document: docWith(text("Please look, "), mention(id), text(".")) } as never,
    });
    expect(posted.body).toEqual({ markdown: `Please look, [@user](mention:user/${id}).\n` });

    const { data: asDoc } = await w.sp.getCommentInChangeRequest(w.space.id, w.cr.id, posted.id, {
      format: "document",
    });
    expect(inlines(asDoc.body)).toEqual([text("Please look, "), mention(id), text(".")]);
    const { data: asMarkdown } = await w.sp.getCommentInChangeRequest(w.space.id, w.cr.id, posted.id, {
      format: "markdown",
    });
    expect(asMarkdown.body).toEqual({ markdown: `Please look, [@user](mention:user/${id}).\n` });
  });

  it("reads markdown with the link form back as a mention node (raw fetch), and keeps the markdown as written", async () => {
    const w = await world();
    const id = w.colleague.user.id;
    const markdown = `Thanks [@Jane Doe](mention:user/${id})!`;
    const res = await api("POST", w.base, { token: w.owner.token, body: { body: { markdown } } });
    expect(res.status).toBe(200);
    const read = await api("GET", `${w.base}/${res.json.id}?format=document`, { token: w.owner.token });
    expect(inlines(read.json.body)).toEqual([text("Thanks "), mention(id), text("!")]);
    const asMarkdown = await api("GET", `${w.base}/${res.json.id}?format=markdown`, { token: w.owner.token });
    expect(asMarkdown.json.body).toEqual({ markdown });
  });

  it("carries mentions in replies, as a document (client) and as markdown (raw fetch)", async () => {
    const w = await world();
    const id = w.colleague.user.id;
    const { data: comment } = await w.sp.postCommentInChangeRequest(w.space.id, w.cr.id, { body: { markdown: "Hi" } });
    const { data: reply } = await w.sp.postCommentReplyInChangeRequest(w.space.id, w.cr.id, comment.id, {
      body: { document: docWith(mention(id), text(" agrees")) } as never,
    });
    expect(reply.body).toEqual({ markdown: `[@user](mention:user/${id}) agrees\n` });
    const { data: replyDoc } = await w.sp.getCommentReplyInChangeRequest(w.space.id, w.cr.id, comment.id, reply.id, {
      format: "document",
    });
    expect(inlines(replyDoc.body)).toEqual([mention(id), text(" agrees")]);

    const raw = await api("POST", `${w.base}/${comment.id}/replies`, {
      token: w.owner.token,
      body: { body: { markdown: `cc [@Jane](mention:user/${id})` } },
    });
    expect(raw.status).toBe(200);
    const read = await api("GET", `${w.base}/${comment.id}/replies/${raw.json.id}?format=document`, {
      token: w.owner.token,
    });
    expect(inlines(read.json.body)).toEqual([text("cc "), mention(id)]);
  });

  it("refuses a mention node with a malformed user id (400); a malformed mention link stays a plain link", async () => {
    const w = await world();
    for (const bad of ["", "a b", "x".repeat(65), "../admin", "id)](javascript:alert(1)"]) {
      const error = await clientError(
        w.sp.postCommentInChangeRequest(w.space.id, w.cr.id, { body: { document: docWith(mention(bad)) } as never }),
      );
      expect(error.code, JSON.stringify(bad)).toBe(400);
      expect(error.errorMessage).toContain("data.ref.user");
    }
    const noRef = await api("POST", w.base, {
      token: w.owner.token,
      body: { body: { document: docWith({ object: "inline", type: "mention", isVoid: true, data: {} }) } },
    });
    expect(noRef.status).toBe(400);

    const markdown = `[@Someone](mention:user/${"x".repeat(65)}) and [@Other](mention:user/a%20b)`;
    const res = await api("POST", w.base, { token: w.owner.token, body: { body: { markdown } } });
    expect(res.status).toBe(200);
    const read = await api("GET", `${w.base}/${res.json.id}?format=document`, { token: w.owner.token });
    const nodes = inlines(read.json.body);
    expect(nodes.filter((n) => n.type === "mention")).toEqual([]);
    expect(nodes.filter((n) => n.type === "link").map((n) => (n.data as { ref: unknown }).ref)).toEqual([
      { kind: "url", url: `mention:user/${"x".repeat(65)}` },
      { kind: "url", url: "mention:user/a%20b" },
    ]);
  });
});
