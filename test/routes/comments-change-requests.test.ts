import { describe, expect, it } from "vitest";
import { client, clientError } from "../helpers/http";
import { changeRequestWith, seedSpace, seedSpaceMember } from "../helpers/content";

describe("change-request comments", () => {
  it("serves every operation, scoped to the change request, with its comment count", async () => {
    const s = await seedSpace();
    const commenter = await seedSpaceMember(s.organization.id, "comment");
    const { cr, pages } = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "insert_page", title: "New", document: { markdown: "new\n" } },
    ]);
    const sp = s.api.spaces;
    const posted = await sp.postCommentInChangeRequest(s.space.id, cr.id, {
      page: pages[0],
      body: { markdown: "why?" },
    });
    expect(posted.status).toBe(200);
    const c = posted.data as any;
    expect(c).toMatchObject({
      object: "comment",
      status: "open",
      target: { changeRequest: cr.id, space: s.space.id, page: { id: pages[0], path: "new" } },
    });
    expect(c.target.revision).toBe((await sp.getChangeRequestById(s.space.id, cr.id)).data.revision);
    expect(c.urls.location).toBe(
      `https://api.quire.test/v1/spaces/${s.space.id}/change-requests/${cr.id}/comments/${c.id}`,
    );
    const second = (
      await client(commenter.token).spaces.postCommentInChangeRequest(s.space.id, String(cr.number), {
        body: { markdown: "by number" },
      })
    ).data;

    // Scope: change-request comments are not space comments, and the other way round.
    const spaceComment = (await sp.postCommentInSpace(s.space.id, { body: { markdown: "space" } })).data;
    expect((await sp.listCommentsInSpace(s.space.id)).data.items.map((x) => x.id)).toEqual([spaceComment.id]);
    expect((await clientError(sp.getCommentInSpace(s.space.id, c.id))).code).toBe(404);
    expect((await clientError(sp.getCommentInChangeRequest(s.space.id, cr.id, spaceComment.id))).code).toBe(404);

    const list = (await sp.listCommentsInChangeRequest(s.space.id, cr.id, { order: "asc", limit: 1 })).data;
    expect(list.count).toBe(2);
    expect(list.items.map((x) => x.id)).toEqual([c.id]);
    const rest = (
      await sp.listCommentsInChangeRequest(s.space.id, cr.id, { order: "asc", limit: 1, page: list.next!.page })
    ).data;
    expect(rest.items.map((x) => x.id)).toEqual([second.id]);
    expect(rest.next).toBeUndefined();
    expect(
      (
        await sp.listCommentsInChangeRequest(s.space.id, cr.id, { targetPage: pages[0], format: "document" })
      ).data.items.map((x: any) => [x.id, x.body.document.object]),
    ).toEqual([[c.id, "document"]]);
    expect(
      (await sp.listCommentsInChangeRequest(s.space.id, cr.id, { authors: [commenter.user.id] })).data.items.map(
        (x) => x.id,
      ),
    ).toEqual([second.id]);

    // The change request's `comments` counts open comments; the space's does not include them.
    expect((await sp.getChangeRequestById(s.space.id, cr.id)).data.comments).toBe(2);
    expect((await sp.listChangeRequestsForSpace(s.space.id)).data.items.find((x) => x.id === cr.id)!.comments).toBe(2);
    expect((await sp.getSpaceById(s.space.id)).data.comments).toBe(1);
    const resolved = (
      await sp.updateCommentInChangeRequest(s.space.id, cr.id, c.id, { resolved: true, addedReactions: ["✅"] })
    ).data as any;
    expect(resolved).toMatchObject({
      status: "resolved",
      resolvedBy: { id: s.owner.user.id },
      reactions: [{ emoji: "✅", count: 1 }],
    });
    expect((await sp.getChangeRequestById(s.space.id, cr.id)).data.comments).toBe(1);
    expect(
      (await sp.listCommentsInChangeRequest(s.space.id, cr.id, { status: "resolved" })).data.items.map((x) => x.id),
    ).toEqual([c.id]);
    expect((await sp.getCommentInChangeRequest(s.space.id, cr.id, c.id, { format: "markdown" })).data.body).toEqual({
      markdown: "why?",
    });

    // Replies.
    const reply = await client(commenter.token).spaces.postCommentReplyInChangeRequest(
      s.space.id,
      cr.id,
      c.id,
      { body: { markdown: "because" } },
      { format: "document" },
    );
    expect(reply.status).toBe(200);
    expect((reply.data as any).body.document.object).toBe("document");
    const replies = (await sp.listCommentRepliesInChangeRequest(s.space.id, cr.id, c.id)).data;
    expect(replies.items.map((r) => r.id)).toEqual([reply.data.id]);
    expect((await sp.getCommentReplyInChangeRequest(s.space.id, cr.id, c.id, reply.data.id)).data.postedBy.id).toBe(
      commenter.user.id,
    );
    const reacted = (
      await sp.updateCommentReplyInChangeRequest(s.space.id, cr.id, c.id, reply.data.id, { addedReactions: ["👍"] })
    ).data;
    expect(reacted.reactions).toMatchObject([{ emoji: "👍", count: 1, users: [{ user: { id: s.owner.user.id } }] }]);
    const edited = (
      await client(commenter.token).spaces.updateCommentReplyInChangeRequest(s.space.id, cr.id, c.id, reply.data.id, {
        body: { markdown: "edited" },
        resolved: true,
      })
    ).data as any;
    expect(edited.body).toEqual({ markdown: "edited" });
    expect(edited.status).toBeUndefined();
    expect((await sp.getCommentInChangeRequest(s.space.id, cr.id, c.id)).data.replies).toBe(1);

    // Commenters: members who commented or replied in the change request, paginated.
    const first = (await sp.listCommentersInChangeRequest(s.space.id, cr.id, { limit: 1 })).data;
    expect(first.count).toBe(2);
    const next = (await sp.listCommentersInChangeRequest(s.space.id, cr.id, { limit: 1, page: first.next!.page })).data;
    const ids = [...first.items, ...next.items].map((m) => m.user.id);
    expect(new Set(ids)).toEqual(new Set([s.owner.user.id, commenter.user.id]));
    expect(first.items[0]).toMatchObject({ object: "member", role: expect.any(String) });
    expect((await sp.listCommentersInSpace(s.space.id)).data.items.map((m) => m.user.id)).toEqual([s.owner.user.id]);

    // Deletes: the reply, then the comment (with its replies); 204 either way.
    expect((await sp.deleteCommentReplyInChangeRequest(s.space.id, cr.id, c.id, reply.data.id)).status).toBe(204);
    expect((await sp.deleteCommentReplyInChangeRequest(s.space.id, cr.id, c.id, reply.data.id)).status).toBe(204);
    expect((await sp.getCommentInChangeRequest(s.space.id, cr.id, c.id)).data.replies).toBe(0);
    await client(commenter.token).spaces.postCommentReplyInChangeRequest(s.space.id, cr.id, second.id, {
      body: { markdown: "r" },
    });
    expect((await sp.deleteCommentInChangeRequest(s.space.id, cr.id, second.id)).status).toBe(204);
    expect((await sp.deleteCommentInChangeRequest(s.space.id, cr.id, second.id)).status).toBe(204);
    expect((await sp.listCommentsInChangeRequest(s.space.id, cr.id)).data.count).toBe(1);
    expect((await sp.getChangeRequestById(s.space.id, cr.id)).data.comments).toBe(0);
    expect((await clientError(sp.listCommentsInChangeRequest(s.space.id, "999"))).code).toBe(404);
  });
});
