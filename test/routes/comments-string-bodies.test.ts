// Real clients (a widely used GitBook MCP server among them) send comment bodies as plain markdown strings;
// each write operation takes one as `{markdown}` and presents it exactly as it would `{markdown}`.
import { describe, expect, it } from "vitest";
import { api, client, ORIGIN, workerFetch } from "../helpers/http";
import { changeRequestWith, seedSpace } from "../helpers/content";

const MARKDOWN = "Is this **right**?\n\n- one\n- [a link](https://example.com)\n";

/** The comment operations of one scope (space or change request), called with any body. */
function scoped(token: string, spaceId: string, changeRequestId?: string) {
  const sp = client(token).spaces;
  const data = (r: { data: unknown }) => r.data as { id: string; body: unknown };
  const cr = changeRequestId;
  return {
    post: (body: unknown) =>
      (cr
        ? sp.postCommentInChangeRequest(spaceId, cr, { body } as never)
        : sp.postCommentInSpace(spaceId, { body } as never)
      ).then(data),
    reply: (commentId: string, body: unknown) =>
      (cr
        ? sp.postCommentReplyInChangeRequest(spaceId, cr, commentId, { body } as never)
        : sp.postCommentReplyInSpace(spaceId, commentId, { body } as never)
      ).then(data),
    update: (commentId: string, body: unknown) =>
      (cr
        ? sp.updateCommentInChangeRequest(spaceId, cr, commentId, { body } as never)
        : sp.updateCommentInSpace(spaceId, commentId, { body } as never)
      ).then(data),
    updateReply: (commentId: string, replyId: string, body: unknown) =>
      (cr
        ? sp.updateCommentReplyInChangeRequest(spaceId, cr, commentId, replyId, { body } as never)
        : sp.updateCommentReplyInSpace(spaceId, commentId, replyId, { body } as never)
      ).then(data),
    read: (commentId: string) =>
      (cr
        ? sp.getCommentInChangeRequest(spaceId, cr, commentId, { format: "document" })
        : sp.getCommentInSpace(spaceId, commentId, { format: "document" })
      ).then(data),
    readReply: (commentId: string, replyId: string) =>
      (cr
        ? sp.getCommentReplyInChangeRequest(spaceId, cr, commentId, replyId, { format: "document" })
        : sp.getCommentReplyInSpace(spaceId, commentId, replyId, { format: "document" })
      ).then(data),
  };
}

async function scopes() {
  const s = await seedSpace();
  const { cr } = await changeRequestWith(s.owner.token, s.space.id, [
    { operation: "insert_page", title: "New", document: { markdown: "new\n" } },
  ]);
  return {
    token: s.owner.token,
    spaceId: s.space.id,
    changeRequestId: cr.id,
    scopes: [
      ["space", scoped(s.owner.token, s.space.id)],
      ["change request", scoped(s.owner.token, s.space.id, cr.id)],
    ] as const,
  };
}

describe("comment bodies as plain markdown strings", () => {
  it("posts, replies, updates and updates replies with a string body, presented as {markdown} would be", async () => {
    for (const [scope, ops] of (await scopes()).scopes) {
      const asString = await ops.post(MARKDOWN);
      const asObject = await ops.post({ markdown: MARKDOWN });
      expect(asString.body, scope).toEqual({ markdown: MARKDOWN });
      expect(asString.body, scope).toEqual(asObject.body);
      expect((await ops.read(asString.id)).body, scope).toEqual((await ops.read(asObject.id)).body);

      const reply = await ops.reply(asString.id, "A **reply**");
      const objectReply = await ops.reply(asObject.id, { markdown: "A **reply**" });
      expect(reply.body, scope).toEqual({ markdown: "A **reply**" });
      expect((await ops.readReply(asString.id, reply.id)).body, scope).toEqual(
        (await ops.readReply(asObject.id, objectReply.id)).body,
      );

      expect((await ops.update(asString.id, "Edited _text_")).body, scope).toEqual({ markdown: "Edited _text_" });
      expect((await ops.update(asObject.id, { markdown: "Edited _text_" })).body, scope).toEqual({
        markdown: "Edited _text_",
      });
      expect((await ops.read(asString.id)).body, scope).toEqual((await ops.read(asObject.id)).body);

      expect((await ops.updateReply(asString.id, reply.id, "Edited reply")).body, scope).toEqual({
        markdown: "Edited reply",
      });
      expect((await ops.readReply(asString.id, reply.id)).body, scope).toEqual(
        (
          await ops.readReply(
            asObject.id,
            (
              await ops.updateReply(asObject.id, objectReply.id, { markdown: "Edited reply" })
            ).id,
          )
        ).body,
      );

      // An empty string is an empty body, as `{markdown: ""}` is.
      expect((await ops.update(asString.id, "")).body, scope).toEqual(
        (await ops.update(asObject.id, { markdown: "" })).body,
      );
    }
  });

  it("answers 400 for a string over the length limit or a body of another type", async () => {
    const { token, spaceId, changeRequestId } = await scopes();
    const paths = [`/spaces/${spaceId}/comments`, `/spaces/${spaceId}/change-requests/${changeRequestId}/comments`];
    for (const path of paths) {
      for (const body of ["x".repeat(100_001), 42, ["a"], null]) {
        const res = await api("POST", path, { token, body: { body } });
        expect(res.status, `${path} ${JSON.stringify(body).slice(0, 20)}`).toBe(400);
        expect(res.json.error.code).toBe(400);
      }
      expect((await api("POST", path, { token, body: { body: "x".repeat(100_000) } })).status).toBe(200);
    }
  });

  it("shows the string alternative in the OpenAPI document", async () => {
    const res = await workerFetch(`${ORIGIN}/openapi.json`);
    expect(res.status).toBe(200);
    const document = (await res.json()) as { paths: Record<string, Record<string, any>> };
    const operations = [
      ["/v1/spaces/{spaceId}/comments", "post"],
      ["/v1/spaces/{spaceId}/comments/{commentId}", "put"],
      ["/v1/spaces/{spaceId}/comments/{commentId}/replies", "post"],
      ["/v1/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}", "put"],
      ["/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments", "post"],
      ["/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}", "put"],
      ["/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies", "post"],
      ["/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{commentReplyId}", "put"],
    ] as const;
    for (const [path, method] of operations) {
      const operation = document.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      const body = operation.requestBody.content["application/json"].schema.properties.body;
      const alternatives = (body.anyOf ?? body.oneOf) as { type?: string }[];
      expect(
        alternatives.map((a) => a.type),
        `${method} ${path}`,
      ).toEqual(expect.arrayContaining(["string", "object"]));
    }
  });
});
