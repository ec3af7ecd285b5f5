import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { countingD1 } from "../helpers/counting-d1";
import { api, client, clientError } from "../helpers/http";
import { seedMember, seedOrganization, seedUser } from "../helpers/seed";

/** An organization with a collection holding a space, another space at the root, and people to grant. */
async function world() {
  const { organization, owner } = await seedOrganization("Granting");
  const gb = client(owner.token);
  const shelf = (await gb.orgs.createCollection(organization.id, { title: "Shelf" })).data;
  const inShelf = (await gb.orgs.createSpace(organization.id, { title: "In shelf", parent: shelf.id } as never)).data;
  const atRoot = (await gb.orgs.createSpace(organization.id, { title: "At root" })).data;
  const guest = await seedMember(organization.id, null, "guest");
  const reader = await seedMember(organization.id, "read", "reader");
  const editor = await seedMember(organization.id, "edit", "editor");
  return { organization, owner, gb, shelf, inShelf, atRoot, guest, reader, editor };
}

const spaceIds = async (token: string, organizationId: string) =>
  (await client(token).orgs.listSpacesInOrganizationById(organizationId)).data.items.map((s) => s.id).sort();

/** Whether the user can really write: open a change request and write a page into it. */
async function canWrite(token: string, spaceId: string) {
  const cr = await api("POST", `/spaces/${spaceId}/change-requests`, { token, body: { subject: "Try" } });
  if (cr.status !== 201 && cr.status !== 200) return cr.status;
  const res = await api("POST", `/spaces/${spaceId}/change-requests/${cr.json.id}/content`, {
    token,
    body: { changes: [{ operation: "insert_page", title: "Written", document: { markdown: "Hi\n" } }] },
  });
  return res.status;
}

describe("space and collection grants", () => {
  it("a guest invited to one space sees and edits exactly that space", async () => {
    const w = await world();
    expect(await spaceIds(w.guest.token, w.organization.id)).toEqual([]);
    await w.gb.spaces.inviteToSpace(w.atRoot.id, { role: "edit", users: [w.guest.user.id] } as never);
    expect(await spaceIds(w.guest.token, w.organization.id)).toEqual([w.atRoot.id]);
    const seen = (await client(w.guest.token).spaces.getSpaceById(w.atRoot.id)).data;
    expect(seen.permissions).toMatchObject({ view: true, edit: true, admin: false });
    expect(await canWrite(w.guest.token, w.atRoot.id)).toBe(200);
    expect((await clientError(client(w.guest.token).spaces.getSpaceById(w.inShelf.id))).code).toBe(404);
    // defaultLevel never raises a guest: the other space stays invisible even when it opens up to members.
    await w.gb.spaces.updateSpaceById(w.inShelf.id, { defaultLevel: "edit" } as never);
    expect((await clientError(client(w.guest.token).spaces.getSpaceById(w.inShelf.id))).code).toBe(404);
  });

  it("a team granted a collection gives its members that role on the collection's spaces", async () => {
    const w = await world();
    const team = (
      await w.gb.orgs.createOrganizationTeam(w.organization.id, { title: "Writers", members: [w.reader.user.id] })
    ).data;
    expect(await canWrite(w.reader.token, w.inShelf.id)).toBe(403);
    await w.gb.collections.inviteToCollection(w.shelf.id, { role: "edit", teams: [team.id] } as never);
    const seen = (await client(w.reader.token).spaces.getSpaceById(w.inShelf.id)).data;
    expect(seen.permissions).toMatchObject({ view: true, edit: true });
    expect(await canWrite(w.reader.token, w.inShelf.id)).toBe(200);
    // Only under the collection: the space at the root keeps the organization role.
    expect(await canWrite(w.reader.token, w.atRoot.id)).toBe(403);
    const collection = (await client(w.reader.token).collections.getCollectionById(w.shelf.id)).data;
    expect(collection.permissions).toMatchObject({ view: true });

    const teams = await w.gb.collections.listTeamPermissionsInCollection(w.shelf.id);
    expect(teams.data.items.map((t) => [t.team.id, t.permission])).toEqual([[team.id, "edit"]]);

    // Deleting the team takes its grants with it.
    await w.gb.orgs.removeTeamFromOrganizationById(w.organization.id, team.id);
    expect(await canWrite(w.reader.token, w.inShelf.id)).toBe(403);
    expect((await w.gb.collections.listTeamPermissionsInCollection(w.shelf.id)).data.items).toEqual([]);
  });

  it("a member capped by defaultLevel but granted directly gets the grant; removal from the organization drops it", async () => {
    const w = await world();
    await w.gb.collections.updateCollectionById(w.shelf.id, { defaultLevel: "read" } as never);
    expect(await canWrite(w.editor.token, w.inShelf.id)).toBe(403);
    await w.gb.spaces.inviteToSpace(w.inShelf.id, { role: "admin", users: [w.editor.user.id] } as never);
    const seen = (await client(w.editor.token).spaces.getSpaceById(w.inShelf.id)).data;
    expect(seen.permissions).toMatchObject({ edit: true, admin: true });
    expect(await canWrite(w.editor.token, w.inShelf.id)).toBe(200);

    const users = await w.gb.spaces.listUserPermissionsInSpace(w.inShelf.id);
    expect(users.data.items.map((u) => [u.user.id, u.permission])).toEqual([[w.editor.user.id, "admin"]]);
    await w.gb.spaces.updateUserPermissionInSpace(w.inShelf.id, w.editor.user.id, { role: "comment" } as never);
    expect(await canWrite(w.editor.token, w.inShelf.id)).toBe(403);

    const aggregate = await w.gb.spaces.listPermissionsAggregateInSpace(w.inShelf.id);
    const roles = Object.fromEntries(aggregate.data.items.map((p) => [p.user.id, p.permission]));
    expect(roles).toMatchObject({
      [w.owner.user.id]: "admin",
      [w.editor.user.id]: "comment",
      [w.reader.user.id]: "read",
    });
    expect(roles[w.guest.user.id]).toBeUndefined();
    const editorRow = aggregate.data.items.find((p) => p.user.id === w.editor.user.id) as any;
    expect(editorRow.through).toEqual([
      { kind: "organization", role: "read" },
      { kind: "user", role: "comment", resource: { kind: "space", id: w.inShelf.id } },
    ]);
    const onlyRead = await w.gb.spaces.listPermissionsAggregateInSpace(w.inShelf.id, { role: "read" } as never);
    expect(onlyRead.data.items.map((p) => p.user.id)).toEqual([w.reader.user.id]);

    await w.gb.orgs.removeMemberFromOrganizationById(w.organization.id, w.editor.user.id);
    expect((await w.gb.spaces.listUserPermissionsInSpace(w.inShelf.id)).data.items).toEqual([]);
  });

  it("grants need admin on the content, refuse strangers by name, and answer 204 on removal either way", async () => {
    const w = await world();
    const outsider = await seedUser("outsider");
    const refused = await api("POST", `/spaces/${w.atRoot.id}/permissions`, {
      token: w.owner.token,
      body: { role: "read", users: [outsider.user.id] },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toContain(outsider.user.id);
    const noTeam = await api("POST", `/collections/${w.shelf.id}/permissions`, {
      token: w.owner.token,
      body: { role: "read", teams: ["no-such-team"] },
    });
    expect(noTeam.status).toBe(400);
    expect(
      (await api("POST", `/spaces/${w.atRoot.id}/permissions`, { token: w.owner.token, body: { role: "read" } }))
        .status,
    ).toBe(400);
    expect(
      (
        await clientError(
          client(w.editor.token).spaces.inviteToSpace(w.atRoot.id, { role: "read", users: [w.guest.user.id] } as never),
        )
      ).code,
    ).toBe(403);
    expect((await clientError(client(outsider.token).spaces.listUserPermissionsInSpace(w.atRoot.id))).code).toBe(404);
    expect((await api("GET", `/spaces/${w.atRoot.id}/permissions/users`)).status).toBe(401);

    await w.gb.spaces.inviteToSpace(w.atRoot.id, { role: "read", users: [w.guest.user.id] } as never);
    const path = `/spaces/${w.atRoot.id}/permissions/users/${w.guest.user.id}`;
    expect((await api("DELETE", path, { token: w.owner.token })).status).toBe(205);
    expect((await api("DELETE", path, { token: w.owner.token })).status).toBe(204);
    expect((await clientError(client(w.guest.token).spaces.getSpaceById(w.atRoot.id))).code).toBe(404);
    // Updating a grant that does not exist: 404. `role: null` takes a grant back.
    expect((await api("PATCH", path, { token: w.owner.token, body: { role: "edit" } })).status).toBe(404);
    await w.gb.spaces.inviteToSpace(w.atRoot.id, { role: "read", users: [w.guest.user.id] } as never);
    expect((await api("PATCH", path, { token: w.owner.token, body: { role: null } })).status).toBe(204);
    expect((await w.gb.spaces.listUserPermissionsInSpace(w.atRoot.id)).data.items).toEqual([]);
  });

  it("a granted guest's space read is one D1 round trip, and the member-space list shows their granted role", async () => {
    const w = await world();
    await w.gb.spaces.inviteToSpace(w.inShelf.id, { role: "review", users: [w.guest.user.id] } as never);
    // A first request stamps the token's lastUsedAt (a write, once per 5 minutes); the read after it is counted.
    await client(w.guest.token).spaces.getSpaceById(w.inShelf.id);
    const { database, counter } = countingD1(env.DB);
    const res = await createApp().request(
      `https://api.quire.test/v1/spaces/${w.inShelf.id}`,
      { headers: { authorization: `Bearer ${w.guest.token}` } },
      { ...env, DB: database },
    );
    expect(res.status).toBe(200);
    expect(counter.roundTrips).toBe(1);
    const listed = await w.gb.orgs.listSpacesForOrganizationMember(w.organization.id, w.guest.user.id);
    expect(listed.data.items.map((i) => [i.space.id, i.permission])).toEqual([[w.inShelf.id, "review"]]);
  });

  it("serves every permission operation through the official client", async () => {
    const w = await world();
    const team = (await w.gb.orgs.createOrganizationTeam(w.organization.id, { title: "Ops" })).data;
    const s = w.gb.spaces;
    const c = w.gb.collections;
    await s.inviteToSpace(w.atRoot.id, { role: "read", teams: [team.id] } as never);
    await s.updateTeamPermissionInSpace(w.atRoot.id, team.id, { role: "edit" } as never);
    expect((await s.listTeamPermissionsInSpace(w.atRoot.id)).data.items.map((t) => t.permission)).toEqual(["edit"]);
    // 205 when a grant was taken back, 204 when there was none (CONTRACT §4).
    expect((await s.removeTeamFromSpace(w.atRoot.id, team.id)).status).toBe(205);
    expect((await s.removeTeamFromSpace(w.atRoot.id, team.id)).status).toBe(204);
    expect((await s.listTeamPermissionsInSpace(w.atRoot.id)).data.items).toEqual([]);
    await s.inviteToSpace(w.atRoot.id, { role: "read", users: [w.guest.user.id] } as never);
    expect((await s.removeUserFromSpace(w.atRoot.id, w.guest.user.id)).status).toBe(205);
    expect((await s.removeUserFromSpace(w.atRoot.id, w.guest.user.id)).status).toBe(204);

    await c.inviteToCollection(w.shelf.id, { role: "read", users: [w.guest.user.id], teams: [team.id] } as never);
    await c.updateUserPermissionInCollection(w.shelf.id, w.guest.user.id, { role: "comment" } as never);
    await c.updateTeamPermissionInCollection(w.shelf.id, team.id, { role: "review" } as never);
    expect(
      (await c.listUserPermissionsInCollection(w.shelf.id)).data.items.map((u) => [u.user.id, u.permission]),
    ).toEqual([[w.guest.user.id, "comment"]]);
    expect((await c.listTeamPermissionsInCollection(w.shelf.id)).data.items.map((t) => t.permission)).toEqual([
      "review",
    ]);
    const aggregate = await c.listPermissionsAggregateInCollection(w.shelf.id);
    expect(Object.fromEntries(aggregate.data.items.map((p) => [p.user.id, p.permission]))[w.guest.user.id]).toBe(
      "comment",
    );
    // The guest now sees the collection's space, with the collection's grant.
    expect(await spaceIds(w.guest.token, w.organization.id)).toEqual([w.inShelf.id]);
    expect((await c.removeUserFromCollection(w.shelf.id, w.guest.user.id)).status).toBe(205);
    expect((await c.removeTeamFromCollection(w.shelf.id, team.id)).status).toBe(205);
    expect((await c.removeUserFromCollection(w.shelf.id, w.guest.user.id)).status).toBe(204);
    expect((await c.removeTeamFromCollection(w.shelf.id, team.id)).status).toBe(204);
    expect(await spaceIds(w.guest.token, w.organization.id)).toEqual([]);
  });
});
