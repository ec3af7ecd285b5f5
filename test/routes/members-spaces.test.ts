import { describe, expect, it } from "vitest";
import { client } from "../helpers/http";
import { seedMember, seedOrganization } from "../helpers/seed";

describe("members and spaces", () => {
  it("lists the spaces a member can access with their role, and counts them on the member", async () => {
    const { organization, owner } = await seedOrganization();
    const admin = client(owner.token);
    const reader = await seedMember(organization.id, "read");
    const guest = await seedMember(organization.id, null);
    const open = (await admin.orgs.createSpace(organization.id, { title: "Open" })).data;
    const hidden = (await admin.orgs.createSpace(organization.id, { title: "Hidden" })).data;
    await admin.spaces.updateSpaceById(hidden.id, { defaultLevel: null } as never);

    const { data } = await admin.orgs.listSpacesForOrganizationMember(organization.id, reader.user.id);
    expect(data.items.map((i) => [i.space.id, i.permission])).toEqual([[open.id, "read"]]);
    expect(data.count).toBe(1);
    const all = await admin.orgs.listSpacesForOrganizationMember(organization.id, owner.user.id);
    expect(all.data.items.map((i) => i.permission)).toEqual(["admin", "admin"]);

    const member = await admin.orgs.getMemberInOrganizationById(organization.id, reader.user.id);
    expect(member.data.spaces).toBe(1);
    const members = await admin.orgs.listMembersInOrganizationById(organization.id);
    const byId = new Map(members.data.items.map((m) => [m.id, m.spaces]));
    expect(byId.get(owner.user.id)).toBe(2);
    expect(byId.get(reader.user.id)).toBe(1);
    expect(byId.get(guest.user.id)).toBe(0);
  });
});
