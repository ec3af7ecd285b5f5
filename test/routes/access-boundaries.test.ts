import { describe, expect, it } from "vitest";
import { api, client, clientError } from "../helpers/http";
import { seedMember, seedOrganization } from "../helpers/seed";

// Cross-resource permission boundaries: what one operation may reveal or move of things the caller cannot see.
describe("access boundaries", () => {
  it("listing another member's spaces shows only spaces the caller can see too", async () => {
    const { organization, owner } = await seedOrganization();
    const admin = client(owner.token);
    const reader = await seedMember(organization.id, "read");
    const open = (await admin.orgs.createSpace(organization.id, { title: "Open" })).data;
    const hidden = (await admin.orgs.createSpace(organization.id, { title: "Hidden" })).data;
    await admin.spaces.updateSpaceById(hidden.id, { defaultLevel: null } as never);
    expect((await clientError(client(reader.token).spaces.getSpaceById(hidden.id))).code).toBe(404);
    const { data } = await client(reader.token).orgs.listSpacesForOrganizationMember(organization.id, owner.user.id);
    expect(data.items.map((i) => i.space.id)).toEqual([open.id]);
    expect(data.count).toBe(1);
  });

  it("orders a member's spaces with `order`", async () => {
    const { organization, owner } = await seedOrganization();
    const admin = client(owner.token);
    const a = (await admin.orgs.createSpace(organization.id, { title: "A" })).data;
    const b = (await admin.orgs.createSpace(organization.id, { title: "B" })).data;
    const asc = await admin.orgs.listSpacesForOrganizationMember(organization.id, owner.user.id, {
      order: "asc",
    } as never);
    const desc = await admin.orgs.listSpacesForOrganizationMember(organization.id, owner.user.id);
    expect(asc.data.items.map((i) => i.space.id)).toEqual([a.id, b.id]);
    expect(desc.data.items.map((i) => i.space.id)).toEqual([b.id, a.id]);
  });

  it("a collection admin who is not an organization admin cannot transfer or delete a collection holding hidden spaces", async () => {
    const { organization, owner } = await seedOrganization();
    const admin = client(owner.token);
    const creator = await seedMember(organization.id, "create");
    const { data: collection } = await admin.orgs.createCollection(organization.id, { title: "Shared" });
    await admin.collections.updateCollectionById(collection.id, { defaultLevel: "admin" } as never);
    const { data: secret } = await admin.orgs.createSpace(organization.id, {
      title: "Secret",
      parent: collection.id,
    } as never);
    await admin.spaces.updateSpaceById(secret.id, { defaultLevel: null } as never);
    expect((await clientError(client(creator.token).spaces.getSpaceById(secret.id))).code).toBe(404);

    const other = (await seedOrganization("Theirs")).organization;
    const transfer = await api("POST", `/collections/${collection.id}/transfer`, {
      token: creator.token,
      body: { organization: other.id },
    });
    expect(transfer.status).toBe(403);
    const del = await api("DELETE", `/collections/${collection.id}`, { token: creator.token });
    expect(del.status).toBe(403);
    expect((await admin.spaces.getSpaceById(secret.id)).data).toMatchObject({ organization: organization.id });
    expect((await admin.spaces.getSpaceById(secret.id)).data.deletedAt).toBeUndefined();
  });

  it("owning a team gives a guest no rights over it", async () => {
    const { organization, owner } = await seedOrganization();
    const guest = await seedMember(organization.id, null);
    const admin = client(owner.token);
    const { data: team } = await admin.orgs.createOrganizationTeam(organization.id, { title: "Guests" });
    await admin.orgs.addMemberToOrganizationTeamById(organization.id, team.id, guest.user.id, {
      role: "owner",
    } as never);
    const del = await api("DELETE", `/orgs/${organization.id}/teams/${team.id}`, { token: guest.token });
    expect(del.status).toBe(404);
    expect((await admin.orgs.getTeamInOrganizationById(organization.id, team.id)).data.id).toBe(team.id);
    const mine = await client(guest.token).orgs.listTeamsForOrganizationMember(organization.id, guest.user.id);
    for (const item of mine.data.items) expect(item.team.permissions).toMatchObject({ admin: false });
  });
});
