import { describe, expect, it } from "vitest";
import { api, client, clientError } from "../helpers/http";
import { changeRequestWith, seedSpace, seedSpaceMember, writeContent } from "../helpers/content";
import { seedUser } from "../helpers/seed";

const page = (title: string) => ({ operation: "insert_page", title, document: { markdown: `${title} body.\n` } });

async function reviewSetup() {
  const s = await seedSpace("Reviewed");
  const author = await seedSpaceMember(s.organization.id, "review");
  const reviewer = await seedSpaceMember(s.organization.id, "review");
  const second = await seedSpaceMember(s.organization.id, "edit");
  const reader = await seedSpaceMember(s.organization.id, "read");
  const { cr } = await changeRequestWith(author.token, s.space.id, [page("Draft")], "Add a draft");
  return { ...s, author, reviewer, second, reader, cr };
}

describe("change-request reviews", () => {
  it("requests reviewers, takes reviews (with a comment), marks them outdated after a write, and re-reviews", async () => {
    const s = await reviewSetup();
    const asAuthor = client(s.author.token);
    const revision = (await asAuthor.spaces.getChangeRequestById(s.space.id, s.cr.id)).data.revision;
    const requested = await asAuthor.spaces.requestReviewersForChangeRequest(s.space.id, s.cr.id, {
      users: [s.reviewer.user.id, s.owner.user.id],
    });
    expect(requested.data.users!.map((u: any) => u.user.id).sort()).toEqual(
      [s.reviewer.user.id, s.owner.user.id].sort(),
    );
    expect(requested.data.users![0]).toMatchObject({
      object: "change-request-requested-reviewer",
      kind: "user",
      requestedBy: { id: s.author.user.id },
      revision,
    });

    // Someone who cannot review (read role, or not a member) is refused, by name.
    const outsider = await seedUser("outsider");
    const refused = await api("POST", `/spaces/${s.space.id}/change-requests/${s.cr.id}/requested-reviewers`, {
      token: s.author.token,
      body: { users: [s.reader.user.id, outsider.user.id] },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toContain(s.reader.user.id);
    expect(refused.json.error.message).toContain(outsider.user.id);

    // A reader granted `review` on the space can be asked.
    await s.api.spaces.inviteToSpace(s.space.id, { role: "review", users: [s.reader.user.id] } as never);
    await asAuthor.spaces.requestReviewersForChangeRequest(s.space.id, s.cr.id, { users: [s.reader.user.id] });
    await api("DELETE", `/spaces/${s.space.id}/change-requests/${s.cr.id}/requested-reviewers/${s.reader.user.id}`, {
      token: s.author.token,
    });
    const listed = await asAuthor.spaces.getRequestedReviewersByChangeRequestId(s.space.id, s.cr.id);
    expect(listed.data.items.map((r: any) => r.user.id).sort()).toEqual([s.reviewer.user.id, s.owner.user.id].sort());

    const asReviewer = client(s.reviewer.token);
    const review = await asReviewer.spaces.submitChangeRequestReview(s.space.id, s.cr.id, {
      status: "approved" as never,
      comment: { markdown: "Looks good to me" },
    });
    expect(review.status).toBe(201);
    expect(review.data).toMatchObject({
      object: "change-request-review",
      status: "approved" as never,
      reviewer: { id: s.reviewer.user.id },
      requestedBy: { id: s.author.user.id },
      revision,
      outdated: false,
      comment: { body: { markdown: "Looks good to me" } },
    });
    // The comment is an ordinary change-request comment; the reviewer left the requested list.
    const comments = await asAuthor.spaces.listCommentsInChangeRequest(s.space.id, s.cr.id);
    expect(comments.data.items.map((c) => c.id)).toContain((review.data as { comment: { id: string } }).comment.id);
    const left = await asAuthor.spaces.getRequestedReviewersByChangeRequestId(s.space.id, s.cr.id);
    expect(left.data.items.map((r: any) => r.user.id)).toEqual([s.owner.user.id]);

    // A write moves the change request on: the review is outdated; a new review is not.
    expect((await writeContent(s.author.token, s.space.id, s.cr.id, [page("More")])).status).toBe(200);
    const after = await asAuthor.spaces.getReviewsByChangeRequestId(s.space.id, s.cr.id);
    expect(after.data.items.map((r) => [r.status, (r as any).outdated])).toEqual([["approved", true]]);
    await client(s.owner.token).spaces.submitChangeRequestReview(s.space.id, s.cr.id, {
      status: "changes-requested" as never,
    });
    await asReviewer.spaces.submitChangeRequestReview(s.space.id, s.cr.id, { status: "approved" as never });
    const all = await asAuthor.spaces.getReviewsByChangeRequestId(s.space.id, s.cr.id);
    expect(all.data.items.map((r) => [r.reviewer.id, r.status, (r as any).outdated])).toEqual([
      [s.reviewer.user.id, "approved", true],
      [s.owner.user.id, "changes-requested", false],
      [s.reviewer.user.id, "approved", false],
    ]);
    expect((await asAuthor.spaces.getRequestedReviewersByChangeRequestId(s.space.id, s.cr.id)).data.items).toEqual([]);
  });

  it("refuses the author's own approval, reviews below `review`, and answers across the permission boundary", async () => {
    const s = await reviewSetup();
    const own = await clientError(
      client(s.author.token).spaces.submitChangeRequestReview(s.space.id, s.cr.id, { status: "approved" as never }),
    );
    expect(own.code).toBe(403);
    // Requesting changes on one's own change request is allowed.
    await client(s.author.token).spaces.submitChangeRequestReview(s.space.id, s.cr.id, {
      status: "changes-requested" as never,
    });
    expect(
      (
        await clientError(
          client(s.second.token).spaces.submitChangeRequestReview(s.space.id, s.cr.id, { status: "approved" as never }),
        )
      ).code,
    ).toBe(403);
    expect(
      (
        await clientError(
          client(s.reader.token).spaces.requestReviewersForChangeRequest(s.space.id, s.cr.id, {
            users: [s.reviewer.user.id],
          }),
        )
      ).code,
    ).toBe(403);
    const outsider = await seedUser("outsider");
    expect(
      (await clientError(client(outsider.token).spaces.getReviewsByChangeRequestId(s.space.id, s.cr.id))).code,
    ).toBe(404);
    expect((await api("GET", `/spaces/${s.space.id}/change-requests/${s.cr.id}/reviews`)).status).toBe(401);
    const bad = await api("POST", `/spaces/${s.space.id}/change-requests/${s.cr.id}/reviews`, {
      token: s.reviewer.token,
      body: { status: "maybe" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/status/);
  });

  it("removes a requested reviewer (205, then 204) and lists contributors with their revision counts", async () => {
    const s = await reviewSetup();
    await client(s.author.token).spaces.requestReviewersForChangeRequest(s.space.id, s.cr.id, {
      users: [s.reviewer.user.id],
    });
    const path = `/spaces/${s.space.id}/change-requests/${s.cr.id}/requested-reviewers/${s.reviewer.user.id}`;
    expect((await api("DELETE", path, { token: s.reader.token })).status).toBe(403);
    expect(
      (
        await client(s.author.token).spaces.removeRequestedReviewerFromChangeRequest(
          s.space.id,
          s.cr.id,
          s.reviewer.user.id,
        )
      ).status,
    ).toBe(205);
    expect((await api("DELETE", path, { token: s.author.token })).status).toBe(204);

    expect((await writeContent(s.second.token, s.space.id, s.cr.id, [page("Second")])).status).toBe(200);
    expect((await writeContent(s.author.token, s.space.id, s.cr.id, [page("Third")])).status).toBe(200);
    const contributors = await client(s.reader.token).spaces.getContributorsByChangeRequestId(s.space.id, s.cr.id);
    expect(contributors.data.items.map((c) => [c.user.id, c.count])).toEqual([
      [s.author.user.id, 2],
      [s.second.user.id, 1],
    ]);
  });
});
