import { ChangeRequestOrderBy, ChangeRequestStatus } from "gitbook-api-current";
import { describe, expect, it } from "vitest";
import { countedApp } from "../helpers/counting-d1";
import { currentClient, expectCurrentShape } from "../helpers/current-client";
import { api, client, clientError } from "../helpers/http";
import { seedMember, seedOrganization } from "../helpers/seed";

// listChangeRequestsForOrganization through the 0.202 client: the change requests of every space the caller may
// see, with the 0.202 filters, in keyset pages, at a fixed number of round trips.

/** Lets the clock move, so that change requests made one after the other have distinct times. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 3));
const page = (title: string) => ({ operation: "insert_page" as const, title, document: { markdown: `${title}.\n` } });

async function world() {
  const { organization, owner } = await seedOrganization("Across");
  const gb = client(owner.token);
  const space = async (title: string, parent?: string) =>
    (await gb.orgs.createSpace(organization.id, { title, ...(parent ? { parent } : {}) } as never)).data;
  const shelf = (await gb.orgs.createCollection(organization.id, { title: "Shelf" })).data;
  const open = await space("Open");
  const shelved = await space("Shelved", shelf.id);
  const hidden = await space("Hidden");
  await gb.spaces.updateSpaceById(hidden.id, { defaultLevel: null } as never);
  const editor = await seedMember(organization.id, "edit", "editor");
  const reader = await seedMember(organization.id, "read", "reader");
  const guest = await seedMember(organization.id, null, "guest");
  const cr = async (token: string, spaceId: string, subject: string) => {
    await tick();
    return (await currentClient(token).spaces.createChangeRequest(spaceId, { subject })).data;
  };
  const byOwner = await cr(owner.token, open.id, "Owner's");
  const byEditor = await cr(editor.token, shelved.id, "Editor's");
  const secret = await cr(owner.token, hidden.id, "Secret");
  const draft = await cr(owner.token, open.id, "Draft");
  await gb.spaces.updateChangeRequestById(open.id, draft.id, { status: "draft" } as never);
  return {
    organization,
    owner,
    gb,
    shelf,
    open,
    shelved,
    hidden,
    editor,
    reader,
    guest,
    byOwner,
    byEditor,
    secret,
    draft,
  };
}

const ids = (items: { id: string }[]) => items.map((i) => i.id);

describe("listChangeRequestsForOrganization (0.202)", () => {
  it("lists the open change requests of the spaces the caller may see, most recently updated first", async () => {
    const w = await world();
    const asOwner = await currentClient(w.owner.token).orgs.listChangeRequestsForOrganization(w.organization.id);
    expect(asOwner.status).toBe(200);
    for (const item of asOwner.data.items) expectCurrentShape("ChangeRequest", item);
    expect(ids(asOwner.data.items)).toEqual([w.secret.id, w.byEditor.id, w.byOwner.id]);
    expect(asOwner.data.count).toBe(3);
    expect(asOwner.data.items[0]).toMatchObject({ space: w.hidden.id, status: "open", subject: "Secret" });

    // A reader does not see the hidden space's; a guest sees none until granted a space.
    const asReader = await currentClient(w.reader.token).orgs.listChangeRequestsForOrganization(w.organization.id);
    expect(ids(asReader.data.items)).toEqual([w.byEditor.id, w.byOwner.id]);
    expect(asReader.data.count).toBe(2);
    const asGuest = await currentClient(w.guest.token).orgs.listChangeRequestsForOrganization(w.organization.id);
    expect(asGuest.data).toEqual({ items: [], count: 0 });
    await w.gb.spaces.inviteToSpace(w.hidden.id, { role: "read", users: [w.guest.user.id] } as never);
    const granted = await currentClient(w.guest.token).orgs.listChangeRequestsForOrganization(w.organization.id);
    expect(ids(granted.data.items)).toEqual([w.secret.id]);
    // A collection closed to members hides its spaces' change requests too.
    await w.gb.collections.updateCollectionById(w.shelf.id, { defaultLevel: null } as never);
    const closed = await currentClient(w.reader.token).orgs.listChangeRequestsForOrganization(w.organization.id);
    expect(ids(closed.data.items)).toEqual([w.byOwner.id]);
    // An update moves a change request to the front; orderBy=createdAt keeps creation order.
    await tick();
    await currentClient(w.owner.token).spaces.updateChangeRequestContent(w.open.id, w.byOwner.id, {
      changes: [page("Fresh")],
    });
    const updated = await currentClient(w.owner.token).orgs.listChangeRequestsForOrganization(w.organization.id);
    expect(ids(updated.data.items)).toEqual([w.byOwner.id, w.secret.id, w.byEditor.id]);
    const created = await currentClient(w.owner.token).orgs.listChangeRequestsForOrganization(w.organization.id, {
      orderBy: ChangeRequestOrderBy.CreatedAt,
    });
    expect(ids(created.data.items)).toEqual([w.secret.id, w.byEditor.id, w.byOwner.id]);
  });

  it("filters by status, creator, contributor, requested reviewer, site and space", async () => {
    const w = await world();
    const list = async (query: Record<string, unknown>) =>
      ids(
        (await currentClient(w.owner.token).orgs.listChangeRequestsForOrganization(w.organization.id, query as never))
          .data.items,
      );
    expect(await list({ status: [ChangeRequestStatus.Draft] })).toEqual([w.draft.id]);
    expect((await list({ status: [ChangeRequestStatus.Draft, ChangeRequestStatus.Open] })).sort()).toEqual(
      [w.draft.id, w.secret.id, w.byEditor.id, w.byOwner.id].sort(),
    );
    expect(await list({ status: [ChangeRequestStatus.Merged] })).toEqual([]);
    expect(await list({ creator: w.editor.user.id })).toEqual([w.byEditor.id]);
    // The editor writes into the owner's change request: a contributor of it, not its creator.
    await currentClient(w.editor.token).spaces.updateChangeRequestContent(w.open.id, w.byOwner.id, {
      changes: [page("Contribution")],
    });
    expect((await list({ contributor: w.editor.user.id })).sort()).toEqual([w.byEditor.id, w.byOwner.id].sort());
    expect(await list({ creator: w.editor.user.id, contributor: w.editor.user.id })).toEqual([w.byEditor.id]);
    await w.gb.spaces.requestReviewersForChangeRequest(w.shelved.id, w.byEditor.id, { users: [w.owner.user.id] });
    expect(await list({ requestedReviewer: w.owner.user.id })).toEqual([w.byEditor.id]);
    expect(await list({ requestedReviewer: w.editor.user.id })).toEqual([]);
    expect(await list({ space: w.open.id })).toEqual([w.byOwner.id]);
    expect(await list({ space: w.open.id, status: [ChangeRequestStatus.Draft, ChangeRequestStatus.Open] })).toEqual(
      expect.arrayContaining([w.draft.id, w.byOwner.id]),
    );
    const { data: site } = await w.gb.orgs.createSite(w.organization.id, {
      title: "Docs",
      spaces: [w.shelved.id],
    } as never);
    expect(await list({ site: site.id })).toEqual([w.byEditor.id]);
    // A site or space of another organization matches nothing here.
    const other = await seedOrganization("Other");
    const otherSpace = (await client(other.owner.token).orgs.createSpace(other.organization.id, { title: "X" })).data;
    const { data: otherSite } = await client(other.owner.token).orgs.createSite(other.organization.id, {
      title: "Theirs",
      spaces: [otherSpace.id],
    } as never);
    await currentClient(other.owner.token).spaces.createChangeRequest(otherSpace.id, { subject: "Theirs" });
    expect(await list({ site: otherSite.id })).toEqual([]);
    expect(await list({ space: otherSpace.id })).toEqual([]);
    // Quire has no site topics or style-guide runs: any value matches nothing; finding changes nothing.
    expect(await list({ topic: "topic-1" })).toEqual([]);
    expect(await list({ styleguideRun: "run-1" })).toEqual([]);
    const all = await list({});
    expect(await list({ finding: "none" })).toEqual(all);
    expect(await list({ finding: "all" })).toEqual(all);
    expect(all).toHaveLength(3);
  });

  it("pages by keyset cursor, in one batch after the collection tree whatever the number of spaces", async () => {
    const w = await world();
    const asOwner = currentClient(w.owner.token);
    const first = await asOwner.orgs.listChangeRequestsForOrganization(w.organization.id, { limit: 2 });
    expect(first.data.items).toHaveLength(2);
    expect(first.data.count).toBe(3);
    const second = await asOwner.orgs.listChangeRequestsForOrganization(w.organization.id, {
      limit: 2,
      page: first.data.next!.page,
    });
    expect([...ids(first.data.items), ...ids(second.data.items)]).toEqual([w.secret.id, w.byEditor.id, w.byOwner.id]);
    expect(second.data.next).toBeUndefined();

    const { request } = countedApp();
    const path = `/orgs/${w.organization.id}/change-requests`;
    await request(path, w.reader.token);
    const few = await request(path, w.reader.token);
    expect(few.res.status).toBe(200);
    for (let i = 0; i < 12; i++) {
      const { data: space } = await w.gb.orgs.createSpace(w.organization.id, { title: `More ${i}` });
      await currentClient(w.owner.token).spaces.createChangeRequest(space.id, { subject: `More ${i}` });
    }
    const many = await request(path, w.reader.token);
    expect(((await many.res.json()) as { count: number }).count).toBe(14);
    expect(many.roundTrips).toBe(few.roundTrips);
    // The token, the collection tree, then the page with its count.
    expect(many.roundTrips).toBeLessThanOrEqual(3);
    expect(many.statements.length).toBe(few.statements.length);
  });

  it("answers 400 in the contract's body, 401 without a token, 404 across organizations", async () => {
    const w = await world();
    const path = `/orgs/${w.organization.id}/change-requests`;
    for (const query of ["status=closed", "orderBy=title", "finding=some", "limit=5000", "page=%%%", "creator="]) {
      const res = await api("GET", `${path}?${query}`, { token: w.owner.token });
      expect(res.status, query).toBe(400);
      expect(res.json, query).toEqual({ error: { code: 400, message: expect.any(String) } });
    }
    expect((await api("GET", path)).status).toBe(401);
    const stranger = await seedOrganization("Stranger");
    const refused = await clientError(
      currentClient(stranger.owner.token).orgs.listChangeRequestsForOrganization(w.organization.id),
    );
    expect(refused.code).toBe(404);
  });
});
