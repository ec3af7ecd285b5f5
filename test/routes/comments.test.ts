import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, client, clientError } from "../helpers/http";
import { changeRequestWith, seedSpace, seedSpaceMember } from "../helpers/content";

/** A space whose main content has the pages Intro and Guide, plus a `comment` and a `read` member. */
async function spaceWithPages() {
  const seeded = await seedSpace();
  const { cr } = await changeRequestWith(seeded.owner.token, seeded.space.id, [
    { operation: "insert_page", title: "Intro", document: { markdown: "intro\n" } },
    { operation: "insert_page", title: "Guide", document: { markdown: "guide\n" } },
  ]);
  await seeded.api.spaces.mergeChangeRequest(seeded.space.id, cr.id);
  const { data } = await seeded.api.spaces.listPages(seeded.space.id);
  const [intro, guide] = data.pages as { id: string }[];
  const commenter = await seedSpaceMember(seeded.organization.id, "comment");
  const reader = await seedSpaceMember(seeded.organization.id, "read");
  return { ...seeded, intro: intro.id, guide: guide.id, commenter, reader };
}

type S = Awaited<ReturnType<typeof spaceWithPages>>;
const post = (s: S, token: string, markdown: string, extra: Record<string, unknown> = {}) =>
  client(token)
    .spaces.postCommentInSpace(s.space.id, { body: { markdown }, ...extra } as never)
    .then((r) => r.data as any);

describe("space comments", () => {
  it("posts, reads, edits and deletes a comment on a page", async () => {
    const s = await spaceWithPages();
    const res = await s.api.spaces.postCommentInSpace(s.space.id, {
      page: s.intro,
      node: "n1",
      body: { markdown: "Is this **right**?" },
    });
    expect(res.status).toBe(200);
    const c = res.data as any;
    expect(c).toMatchObject({
      object: "comment",
      postedBy: { object: "user", id: s.owner.user.id },
      body: { markdown: "Is this **right**?" },
      replies: 0,
      reactions: [],
      status: "open",
      target: {
        page: { id: s.intro, title: "Intro", path: "intro", outdated: false },
        node: { id: "n1" },
        space: s.space.id,
      },
      permissions: { view: true, edit: true, reply: true, delete: true },
      urls: { location: `https://api.quire.test/v1/spaces/${s.space.id}/comments/${c.id}` },
    });
    expect(c.editedAt).toBeUndefined();
    expect(c.target.revision).toBe((await s.api.spaces.getCurrentRevision(s.space.id)).data.id);

    const asDocument = (await s.api.spaces.getCommentInSpace(s.space.id, c.id, { format: "document" })).data as any;
    expect(asDocument.body.document.object).toBe("document");
    expect(asDocument.body.markdown).toBeUndefined();
    expect((await s.api.spaces.getCommentInSpace(s.space.id, c.id)).data.body).toEqual({
      markdown: "Is this **right**?",
    });

    const edited = (await s.api.spaces.updateCommentInSpace(s.space.id, c.id, { body: { markdown: "Fixed" } }))
      .data as any;
    expect(edited.body).toEqual({ markdown: "Fixed" });
    expect(Date.parse(edited.editedAt)).toBeGreaterThanOrEqual(Date.parse(c.postedAt));

    // A JSON document body is stored as markdown.
    const fromDoc = (
      await s.api.spaces.updateCommentInSpace(s.space.id, c.id, {
        body: {
          document: {
            object: "document",
            data: {},
            nodes: [
              {
                object: "block",
                type: "paragraph",
                nodes: [{ object: "text", leaves: [{ object: "leaf", text: "Doc text", marks: [] }] }],
              },
            ],
          },
        } as never,
      })
    ).data as any;
    expect(fromDoc.body.markdown.trim()).toBe("Doc text");

    const deleted = await s.api.spaces.deleteCommentInSpace(s.space.id, c.id);
    expect(deleted.status).toBe(204);
    expect((await clientError(s.api.spaces.getCommentInSpace(s.space.id, c.id))).code).toBe(404);
    expect((await s.api.spaces.deleteCommentInSpace(s.space.id, c.id)).status).toBe(204);
    expect((await s.api.spaces.deleteCommentInSpace(s.space.id, "never-existed")).status).toBe(204);
  });

  it("filters by status, target page and authors, in either order, over several pages", async () => {
    const s = await spaceWithPages();
    const mine = [
      await post(s, s.owner.token, "o1", { page: s.intro }),
      await post(s, s.owner.token, "o2"),
      await post(s, s.owner.token, "o3", { page: s.guide }),
    ];
    const theirs = [await post(s, s.commenter.token, "c1", { page: s.intro }), await post(s, s.commenter.token, "c2")];
    await s.api.spaces.updateCommentInSpace(s.space.id, mine[1].id, { resolved: true });
    await s.api.spaces.updateCommentInSpace(s.space.id, theirs[0].id, { resolved: true });

    const all = async (query: Record<string, unknown>) => {
      const ids: string[] = [];
      const keys: string[] = [];
      let page: string | undefined;
      let pages = 0;
      do {
        const { data } = await s.api.spaces.listCommentsInSpace(s.space.id, {
          ...query,
          limit: 2,
          ...(page ? { page } : {}),
        } as never);
        ids.push(...data.items.map((c) => c.id));
        keys.push(...data.items.map((c) => `${c.postedAt}|${c.id}`));
        page = data.next?.page;
        pages++;
      } while (page);
      return { ids, keys, pages };
    };
    const asc = await all({ order: "asc" });
    expect(asc.pages).toBe(3);
    expect(asc.keys).toEqual([...asc.keys].sort()); // (postedAt, id) ascending
    expect(new Set(asc.ids)).toEqual(new Set([...mine, ...theirs].map((c) => c.id)));
    const desc = await all({});
    expect(desc.ids).toEqual([...asc.ids].reverse());

    const open = await all({ status: "open" });
    expect(new Set(open.ids)).toEqual(new Set([mine[0].id, mine[2].id, theirs[1].id]));
    expect(open.pages).toBe(2);
    const resolved = (await s.api.spaces.listCommentsInSpace(s.space.id, { status: "resolved" })).data;
    expect(resolved.count).toBe(2);
    expect(new Set(resolved.items.map((c) => c.id))).toEqual(new Set([mine[1].id, theirs[0].id]));

    const onIntro = (await s.api.spaces.listCommentsInSpace(s.space.id, { targetPage: s.intro })).data;
    expect(onIntro.items.map((c) => c.id).sort()).toEqual([mine[0].id, theirs[0].id].sort());
    const byCommenter = (await s.api.spaces.listCommentsInSpace(s.space.id, { authors: [s.commenter.user.id] })).data;
    expect(byCommenter.items.map((c) => c.id).sort()).toEqual(theirs.map((c) => c.id).sort());
    const byBoth = await api(
      "GET",
      `/spaces/${s.space.id}/comments?authors=${s.commenter.user.id}&authors=${s.owner.user.id}&status=open&limit=1`,
      { token: s.owner.token },
    );
    expect(byBoth.json.count).toBe(3);
    expect(byBoth.json.next.page).toBeTruthy();
  });

  it("adds and removes reactions, one per user and emoji", async () => {
    const s = await spaceWithPages();
    const c = await post(s, s.owner.token, "react to me");
    await s.api.spaces.updateCommentInSpace(s.space.id, c.id, { addedReactions: ["👍", "🎉", "👍"] });
    const after = (
      await client(s.commenter.token).spaces.updateCommentInSpace(s.space.id, c.id, { addedReactions: ["👍"] })
    ).data as any;
    expect(after.reactions).toHaveLength(2);
    const thumbs = after.reactions.find((r: any) => r.emoji === "👍");
    expect(thumbs.count).toBe(2);
    expect(thumbs.users.map((u: any) => u.user.id)).toEqual([s.owner.user.id, s.commenter.user.id]);
    expect(Date.parse(thumbs.users[0].reactedAt)).toBeGreaterThan(0);
    expect(after.reactions.find((r: any) => r.emoji === "🎉").count).toBe(1);

    const removed = (await s.api.spaces.updateCommentInSpace(s.space.id, c.id, { removedReactions: ["👍", "🎉"] }))
      .data as any;
    expect(removed.reactions).toEqual([
      {
        emoji: "👍",
        count: 1,
        users: [expect.objectContaining({ user: expect.objectContaining({ id: s.commenter.user.id }) })],
      },
    ]);
    const err = await clientError(
      client(s.reader.token).spaces.updateCommentInSpace(s.space.id, c.id, { addedReactions: ["👀"] }),
    );
    expect(err.code).toBe(403);
  });

  it("resolves and reopens a comment, and counts open comments on the space", async () => {
    const s = await spaceWithPages();
    const a = await post(s, s.owner.token, "a");
    await post(s, s.commenter.token, "b");
    expect((await s.api.spaces.getSpaceById(s.space.id)).data.comments).toBe(2);
    const resolved = (await client(s.commenter.token).spaces.updateCommentInSpace(s.space.id, a.id, { resolved: true }))
      .data as any;
    expect(resolved).toMatchObject({ status: "resolved", resolvedBy: { id: s.commenter.user.id } });
    expect(Date.parse(resolved.resolvedAt)).toBeGreaterThan(0);
    expect((await s.api.spaces.getSpaceById(s.space.id)).data.comments).toBe(1);
    const listed = (await s.api.orgs.listSpacesInOrganizationById(s.organization.id)).data.items.find(
      (x) => x.id === s.space.id,
    )!;
    expect(listed.comments).toBe(1);
    const reopened = (await s.api.spaces.updateCommentInSpace(s.space.id, a.id, { resolved: false })).data as any;
    expect(reopened.status).toBe("open");
    expect(reopened.resolvedAt).toBeUndefined();
    expect(reopened.resolvedBy).toBeUndefined();
    expect((await s.api.spaces.getSpaceById(s.space.id)).data.comments).toBe(2);
    // Replies do not count as comments.
    await s.api.spaces.postCommentReplyInSpace(s.space.id, a.id, { body: { markdown: "reply" } });
    expect((await s.api.spaces.getSpaceById(s.space.id)).data.comments).toBe(2);
    expect(
      (await clientError(client(s.reader.token).spaces.updateCommentInSpace(s.space.id, a.id, { resolved: true })))
        .code,
    ).toBe(403);
  });

  it("replies: post, list over pages, read, edit, react, delete; deleting a comment deletes its replies", async () => {
    const s = await spaceWithPages();
    const c = await post(s, s.owner.token, "thread");
    const replies = [];
    for (const [token, text] of [
      [s.owner.token, "r1"],
      [s.commenter.token, "r2"],
      [s.owner.token, "r3"],
    ] as const) {
      const res = await client(token).spaces.postCommentReplyInSpace(s.space.id, c.id, { body: { markdown: text } });
      expect(res.status).toBe(200);
      replies.push(res.data as any);
    }
    expect(replies[1]).toMatchObject({
      object: "comment-reply",
      body: { markdown: "r2" },
      postedBy: { id: s.commenter.user.id },
      reactions: [],
    });
    expect(replies[1].urls.location).toBe(
      `https://api.quire.test/v1/spaces/${s.space.id}/comments/${c.id}/replies/${replies[1].id}`,
    );
    expect((await s.api.spaces.getCommentInSpace(s.space.id, c.id)).data.replies).toBe(3);

    const first = (await s.api.spaces.listCommentRepliesInSpace(s.space.id, c.id, { limit: 2 })).data;
    expect(first.count).toBe(3);
    const second = (
      await s.api.spaces.listCommentRepliesInSpace(s.space.id, c.id, { limit: 2, page: first.next!.page })
    ).data;
    expect([...first.items, ...second.items].map((r) => r.id)).toEqual(replies.map((r) => r.id));
    expect(second.next).toBeUndefined();

    const got = (await s.api.spaces.getCommentReplyInSpace(s.space.id, c.id, replies[0].id, { format: "document" }))
      .data as any;
    expect(got.body.document.object).toBe("document");
    const edited = (
      await s.api.spaces.updateCommentReplyInSpace(s.space.id, c.id, replies[0].id, {
        body: { markdown: "r1!" },
        addedReactions: ["❤️"],
      })
    ).data as any;
    expect(edited).toMatchObject({ body: { markdown: "r1!" }, reactions: [{ emoji: "❤️", count: 1 }] });
    expect(edited.editedAt).toBeTruthy();
    expect(
      (
        await clientError(
          client(s.commenter.token).spaces.updateCommentReplyInSpace(s.space.id, c.id, replies[0].id, {
            body: { markdown: "x" },
          }),
        )
      ).code,
    ).toBe(403);

    expect((await s.api.spaces.deleteCommentReplyInSpace(s.space.id, c.id, replies[2].id)).status).toBe(204);
    expect((await s.api.spaces.getCommentInSpace(s.space.id, c.id)).data.replies).toBe(2);
    expect((await s.api.spaces.deleteCommentReplyInSpace(s.space.id, c.id, replies[2].id)).status).toBe(204);
    // A reply is only found under its own comment.
    const other = await post(s, s.owner.token, "other");
    expect((await clientError(s.api.spaces.getCommentReplyInSpace(s.space.id, other.id, replies[0].id))).code).toBe(
      404,
    );

    expect((await s.api.spaces.deleteCommentInSpace(s.space.id, c.id)).status).toBe(204);
    expect((await clientError(s.api.spaces.getCommentReplyInSpace(s.space.id, c.id, replies[0].id))).code).toBe(404);
    expect((await clientError(s.api.spaces.listCommentRepliesInSpace(s.space.id, c.id))).code).toBe(404);
    const left = await env.DB.prepare(
      "SELECT (SELECT count(*) FROM comments WHERE parent_id = ?1 OR id = ?1) AS comments, (SELECT count(*) FROM comment_reactions WHERE comment_id = ?2) AS reactions",
    )
      .bind(c.id, replies[0].id)
      .first<{ comments: number; reactions: number }>();
    expect(left).toEqual({ comments: 0, reactions: 0 });
  });
});
