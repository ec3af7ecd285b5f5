import { describe, expect, it } from "vitest";
import { api, client, clientError } from "../helpers/http";
import { changeRequestWith, seedSpace, seedSpaceMember } from "../helpers/content";
import { seedUser } from "../helpers/seed";

async function setup() {
  const s = await seedSpace();
  const commenter = await seedSpaceMember(s.organization.id, "comment");
  const reader = await seedSpaceMember(s.organization.id, "read");
  const ownerComment = (await s.api.spaces.postCommentInSpace(s.space.id, { body: { markdown: "owner's" } }))
    .data as any;
  return { ...s, commenter, reader, ownerComment };
}

describe("comment permissions", () => {
  it("a read member reads but cannot post, reply or react", async () => {
    const s = await setup();
    const gb = client(s.reader.token);
    const listed = (await gb.spaces.listCommentsInSpace(s.space.id)).data;
    expect(listed.items.map((c) => c.id)).toEqual([s.ownerComment.id]);
    expect(listed.items[0].permissions).toEqual({ view: true, edit: false, reply: false, delete: false });
    expect((await clientError(gb.spaces.postCommentInSpace(s.space.id, { body: { markdown: "no" } }))).code).toBe(403);
    expect(
      (
        await clientError(
          gb.spaces.postCommentReplyInSpace(s.space.id, s.ownerComment.id, { body: { markdown: "no" } }),
        )
      ).code,
    ).toBe(403);
    expect((await clientError(gb.spaces.deleteCommentInSpace(s.space.id, s.ownerComment.id))).code).toBe(403);
  });

  it("a comment member posts and edits only their own; an admin deletes anyone's", async () => {
    const s = await setup();
    const gb = client(s.commenter.token);
    const own = (await gb.spaces.postCommentInSpace(s.space.id, { body: { markdown: "mine" } })).data as any;
    expect(own.permissions).toEqual({ view: true, edit: true, reply: true, delete: true });
    expect(
      (await gb.spaces.updateCommentInSpace(s.space.id, own.id, { body: { markdown: "mine, edited" } })).data.body,
    ).toEqual({ markdown: "mine, edited" });
    const seen = (await gb.spaces.getCommentInSpace(s.space.id, s.ownerComment.id)).data;
    expect(seen.permissions).toEqual({ view: true, edit: false, reply: true, delete: false });
    const edit = await clientError(
      gb.spaces.updateCommentInSpace(s.space.id, s.ownerComment.id, { body: { markdown: "hijack" } }),
    );
    expect(edit.code).toBe(403);
    expect((await clientError(gb.spaces.deleteCommentInSpace(s.space.id, s.ownerComment.id))).code).toBe(403);
    expect((await s.api.spaces.getCommentInSpace(s.space.id, s.ownerComment.id)).data.body).toEqual({
      markdown: "owner's",
    });
    // The admin sees the member's comment as deletable but not editable, and deletes it.
    const asAdmin = (await s.api.spaces.getCommentInSpace(s.space.id, own.id)).data;
    expect(asAdmin.permissions).toEqual({ view: true, edit: false, reply: true, delete: true });
    expect(
      (await clientError(s.api.spaces.updateCommentInSpace(s.space.id, own.id, { body: { markdown: "admin edit" } })))
        .code,
    ).toBe(403);
    expect((await s.api.spaces.deleteCommentInSpace(s.space.id, own.id)).status).toBe(204);
    expect((await clientError(s.api.spaces.getCommentInSpace(s.space.id, own.id))).code).toBe(404);
  });

  it("hides comments from non-members (404) and requires a token (401)", async () => {
    const s = await setup();
    const stranger = client((await seedUser("stranger")).token);
    expect((await clientError(stranger.spaces.listCommentsInSpace(s.space.id))).code).toBe(404);
    expect((await clientError(stranger.spaces.getCommentInSpace(s.space.id, s.ownerComment.id))).code).toBe(404);
    expect((await clientError(stranger.spaces.postCommentInSpace(s.space.id, { body: { markdown: "x" } }))).code).toBe(
      404,
    );
    expect((await clientError(stranger.spaces.deleteCommentInSpace(s.space.id, s.ownerComment.id))).code).toBe(404);
    expect((await clientError(stranger.spaces.listCommentersInSpace(s.space.id))).code).toBe(404);
    expect((await clientError(client().spaces.listCommentsInSpace(s.space.id))).code).toBe(401);
    expect((await api("POST", `/spaces/${s.space.id}/comments`, { body: { body: { markdown: "x" } } })).status).toBe(
      401,
    );
  });

  it("answers 400 with the field named for bad bodies and queries", async () => {
    const s = await setup();
    const { cr, pages } = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "insert_page", title: "Draft", document: { markdown: "d\n" } },
    ]);
    const cases: [string, string, unknown, string][] = [
      ["POST", `/spaces/${s.space.id}/comments`, {}, "body.body"],
      ["POST", `/spaces/${s.space.id}/comments`, { body: { markdown: 5 } }, "body.body.markdown"],
      ["POST", `/spaces/${s.space.id}/comments`, { body: { markdown: "x" }, page: "no-such-page" }, "body.page"],
      // The page exists only in the change request, not in the space's content.
      ["POST", `/spaces/${s.space.id}/comments`, { body: { markdown: "x" }, page: pages[0] }, "body.page"],
      ["POST", `/spaces/${s.space.id}/comments`, { body: { document: { object: "nope" } } }, "document.object"],
      ["POST", `/spaces/${s.space.id}/comments/${s.ownerComment.id}/replies`, {}, "body.body"],
      ["PUT", `/spaces/${s.space.id}/comments/${s.ownerComment.id}`, { resolved: "yes" }, "body.resolved"],
      ["PUT", `/spaces/${s.space.id}/comments/${s.ownerComment.id}`, { addedReactions: [""] }, "body.addedReactions.0"],
      ["GET", `/spaces/${s.space.id}/comments?status=closed`, undefined, "query.status"],
      ["GET", `/spaces/${s.space.id}/comments?order=up`, undefined, "query.order"],
      ["GET", `/spaces/${s.space.id}/comments?limit=1001`, undefined, "query.limit"],
      ["GET", `/spaces/${s.space.id}/comments?page=!!!`, undefined, "query.page"],
      ["GET", `/spaces/${s.space.id}/comments/${s.ownerComment.id}?format=html`, undefined, "query.format"],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await api(method, path, { token: s.owner.token, ...(body === undefined ? {} : { body }) });
      expect([path, res.status]).toEqual([path, 400]);
      expect(res.json.error.message).toContain(field);
    }
    const err = await clientError(
      s.api.spaces.postCommentInSpace(s.space.id, { body: { markdown: "x" }, page: "missing" }),
    );
    expect(err.code).toBe(400);
    // The change request's page is a valid target there.
    const onDraft = (
      await s.api.spaces.postCommentInChangeRequest(s.space.id, cr.id, { body: { markdown: "x" }, page: pages[0] })
    ).data as any;
    expect(onDraft.target.page).toMatchObject({ id: pages[0], title: "Draft", path: "draft" });
    expect((await clientError(s.api.spaces.getCommentInSpace(s.space.id, "missing"))).code).toBe(404);
    expect((await clientError(s.api.spaces.updateCommentInSpace(s.space.id, "missing", { resolved: true }))).code).toBe(
      404,
    );
    expect(
      (await clientError(s.api.spaces.postCommentReplyInSpace(s.space.id, "missing", { body: { markdown: "x" } })))
        .code,
    ).toBe(404);
    // An empty Document is accepted, as the reference allows.
    expect((await s.api.spaces.postCommentInSpace(s.space.id, { body: {} })).data.body).toEqual({ markdown: "" });
  });
});
