import { ChangeRequestReviewStatus } from "gitbook-api-current";
import { describe, expect, it } from "vitest";
import { currentClient, expectCurrentShape } from "../helpers/current-client";
import { api, clientError } from "../helpers/http";
import { changeRequestWith, seedSpace, seedSpaceMember, writeContent } from "../helpers/content";
import { seedOrganization } from "../helpers/seed";

const page = (title: string) => ({ operation: "insert_page", title, document: { markdown: `${title} body.\n` } });

async function setup() {
  const s = await seedSpace("Reviewed");
  const author = await seedSpaceMember(s.organization.id, "edit");
  const reviewer = await seedSpaceMember(s.organization.id, "review");
  const reader = await seedSpaceMember(s.organization.id, "read");
  const { cr } = await changeRequestWith(author.token, s.space.id, [page("Draft")], "Add a draft");
  const { cr: other } = await changeRequestWith(author.token, s.space.id, [page("Other")], "Another");
  await currentClient(author.token).spaces.requestReviewersForChangeRequest(s.space.id, cr.id, {
    users: [reviewer.user.id],
  });
  const { data: review } = await currentClient(reviewer.token).spaces.submitChangeRequestReview(s.space.id, cr.id, {
    status: ChangeRequestReviewStatus.ChangesRequested,
    comment: { markdown: "Please **expand** this." },
  });
  return { ...s, author, reviewer, reader, cr, other, review };
}

describe("getChangeRequestReviewById (0.202)", () => {
  it("answers the review as the list does, in the 0.202 shape, with its own location", async () => {
    const s = await setup();
    const res = await currentClient(s.reader.token).spaces.getChangeRequestReviewById(s.space.id, s.cr.id, s.review.id);
    expect(res.status).toBe(200);
    expectCurrentShape("ChangeRequestReview", res.data);
    const listed = await currentClient(s.reader.token).spaces.getReviewsByChangeRequestId(s.space.id, s.cr.id);
    expect(listed.data.items).toEqual([res.data]);
    expect(res.data).toMatchObject({
      object: "change-request-review",
      id: s.review.id,
      status: "changes-requested",
      reviewer: { id: s.reviewer.user.id },
      requestedBy: { id: s.author.user.id },
      outdated: false,
      comment: { body: { markdown: "Please **expand** this." } },
      urls: {
        location: `https://api.quire.test/v1/spaces/${s.space.id}/change-requests/${s.cr.id}/reviews/${s.review.id}`,
      },
    });
    // By the change request's number too; the comment as a document with format=document.
    const asDocument = await currentClient(s.reader.token).spaces.getChangeRequestReviewById(
      s.space.id,
      String(s.cr.number),
      s.review.id,
      { format: "document" },
    );
    expect(asDocument.data.id).toBe(s.review.id);
    expect((asDocument.data.comment!.body as { document?: { object: string } }).document?.object).toBe("document");

    // The comment's repliers (0.202): who replied, how often, most recent first.
    const commentId = res.data.comment!.id;
    const reply = (token: string, markdown: string) =>
      currentClient(token).spaces.postCommentReplyInChangeRequest(s.space.id, s.cr.id, commentId, {
        body: { markdown },
      });
    await reply(s.author.token, "Done.");
    await reply(s.reviewer.token, "Thanks.");
    await reply(s.author.token, "And more.");
    const replied = await currentClient(s.reader.token).spaces.getChangeRequestReviewById(
      s.space.id,
      s.cr.id,
      s.review.id,
    );
    expectCurrentShape("ChangeRequestReview", replied.data);
    expect(replied.data.comment).toMatchObject({ replies: 3 });
    const repliers = (replied.data.comment as unknown as { repliers: { count: number; user: { id: string } }[] })
      .repliers;
    expect(repliers.map((r) => [r.user.id, r.count]).sort()).toEqual(
      [
        [s.author.user.id, 2],
        [s.reviewer.user.id, 1],
      ].sort(),
    );

    // Once the change request moves on, the review is outdated.
    await writeContent(s.author.token, s.space.id, s.cr.id, [page("More")]);
    const later = await currentClient(s.reader.token).spaces.getChangeRequestReviewById(
      s.space.id,
      s.cr.id,
      s.review.id,
    );
    expect(later.data.outdated).toBe(true);
  });

  it("answers 404 for a review of another change request, an unknown review and across organizations", async () => {
    const s = await setup();
    const ofOther = await clientError(
      currentClient(s.owner.token).spaces.getChangeRequestReviewById(s.space.id, s.other.id, s.review.id),
    );
    expect(ofOther.code).toBe(404);
    const unknown = await api("GET", `/spaces/${s.space.id}/change-requests/${s.cr.id}/reviews/nope`, {
      token: s.owner.token,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ error: { code: 404, message: expect.any(String) } });
    const stranger = await seedOrganization("Elsewhere");
    const across = await clientError(
      currentClient(stranger.owner.token).spaces.getChangeRequestReviewById(s.space.id, s.cr.id, s.review.id),
    );
    expect(across.code).toBe(404);
    // Another space of the same organization does not reach it either.
    const { data: space2 } = await currentClient(s.owner.token).orgs.createSpace(s.organization.id, { title: "Two" });
    const crossSpace = await api("GET", `/spaces/${space2.id}/change-requests/${s.cr.id}/reviews/${s.review.id}`, {
      token: s.owner.token,
    });
    expect(crossSpace.status).toBe(404);
  });

  it("answers 400 for a bad format and 401 without a token", async () => {
    const s = await setup();
    const path = `/spaces/${s.space.id}/change-requests/${s.cr.id}/reviews/${s.review.id}`;
    const bad = await api("GET", `${path}?format=html`, { token: s.owner.token });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ error: { code: 400, message: expect.stringMatching(/^query\.format/) } });
    expect((await api("GET", path)).status).toBe(401);
  });
});
