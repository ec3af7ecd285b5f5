import { TeamMemberRole } from "@gitbook/api";
import { describe, expect, it } from "vitest";
import { api, client, clientError } from "../helpers/http";
import { seedMember, seedOrganization, seedUser } from "../helpers/seed";

async function setup() {
  const { organization, owner } = await seedOrganization();
  const alice = await seedMember(organization.id, "edit", "alice");
  const bob = await seedMember(organization.id, "read", "bob");
  const guest = await seedMember(organization.id, null, "guest");
  return { organization, owner, alice, bob, guest, orgs: client(owner.token).orgs };
}

describe("teams", () => {
  it("creates a team with initial members (by id or email) and validates the body", async () => {
    const { organization, orgs, owner, alice, bob } = await setup();
    const { data } = await orgs.createOrganizationTeam(organization.id, {
      title: "Writers",
      members: [alice.user.id, bob.user.email, alice.user.id],
    });
    expect(data).toMatchObject({
      object: "team",
      title: "Writers",
      members: 2,
      spaces: 0,
      permissions: { admin: true, view: true },
    });
    expect(data.createdAt).toMatch(/Z$/);
    const stranger = await seedUser();
    const res = await api("PUT", `/orgs/${organization.id}/teams`, {
      token: (await seedOrganization()).owner.token,
      body: { title: "x" },
    });
    expect(res.status).toBe(404);
    for (const [body, field] of [
      [{ title: "" }, /^body\.title/],
      [{ title: "x".repeat(65) }, /^body\.title/],
      [{}, /^body\.title/],
      [{ title: "ok", members: [alice.user.id, stranger.user.id] }, /^body\.members\.1: is not a member/],
    ] as const) {
      const bad = await api("PUT", `/orgs/${organization.id}/teams`, { token: owner.token, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.json.error.message).toMatch(field);
    }
    expect(
      (await clientError(client(alice.token).orgs.createOrganizationTeam(organization.id, { title: "Mine" }))).code,
    ).toBe(403);
    expect((await clientError(client().orgs.createOrganizationTeam(organization.id, { title: "Mine" }))).code).toBe(
      401,
    );
  });

  it("lists teams over pages with title and owner filters", async () => {
    const { organization, orgs, owner, alice, bob, guest } = await setup();
    const ids: string[] = [];
    for (const title of ["Docs Writers", "Reviewers", "API docs", "Support"]) {
      ids.push((await orgs.createOrganizationTeam(organization.id, { title })).data.id);
    }
    const first = await orgs.listTeamsInOrganizationById(organization.id, { limit: 3 });
    expect(first.data.count).toBe(4);
    const second = await orgs.listTeamsInOrganizationById(organization.id, { limit: 3, page: first.data.next!.page });
    expect(second.data.next).toBeUndefined();
    expect([...first.data.items, ...second.data.items].map((t) => t.id)).toEqual(ids);
    const docs = await client(bob.token).orgs.listTeamsInOrganizationById(organization.id, { title: "DOCS" });
    expect(docs.data.items.map((t) => t.id)).toEqual([ids[0], ids[2]]);
    expect(docs.data.items[0].permissions).toEqual({ admin: false, view: true });

    await orgs.addMemberToOrganizationTeamById(organization.id, ids[3], alice.user.id, { role: TeamMemberRole.Owner });
    const owned = await orgs.listTeamsInOrganizationById(organization.id, { owner: alice.user.id });
    expect(owned.data.items.map((t) => t.id)).toEqual([ids[3]]);
    expect((await orgs.listTeamsInOrganizationById(organization.id, { owner: owner.user.id })).data.count).toBe(4);
    expect(
      (await client(alice.token).orgs.listTeamsInOrganizationById(organization.id)).data.items[3].permissions.admin,
    ).toBe(true);
    expect((await clientError(client(guest.token).orgs.listTeamsInOrganizationById(organization.id))).code).toBe(403);
    const stranger = await seedUser();
    expect((await clientError(client(stranger.token).orgs.listTeamsInOrganizationById(organization.id))).code).toBe(
      404,
    );
  });

  it("gets, renames and deletes teams; team owners manage their team, other members may not", async () => {
    const { organization, orgs, alice, bob } = await setup();
    const team = (
      await orgs.createOrganizationTeam(organization.id, { title: "Writers", members: [alice.user.id, bob.user.id] })
    ).data;
    expect((await client(bob.token).orgs.getTeamInOrganizationById(organization.id, team.id)).data).toMatchObject({
      title: "Writers",
      members: 2,
    });
    expect(
      (
        await clientError(
          client(bob.token).orgs.updateTeamInOrganizationById(organization.id, team.id, { title: "Mine" }),
        )
      ).code,
    ).toBe(403);
    await orgs.addMemberToOrganizationTeamById(organization.id, team.id, alice.user.id, { role: TeamMemberRole.Owner });
    const renamed = await client(alice.token).orgs.updateTeamInOrganizationById(organization.id, team.id, {
      title: "Authors",
    });
    expect(renamed.data).toMatchObject({ title: "Authors", members: 2, permissions: { admin: true } });
    const bad = await api("PATCH", `/orgs/${organization.id}/teams/${team.id}`, {
      token: alice.token,
      body: { title: "" },
    });
    expect(bad.status).toBe(400);
    expect(
      (await clientError(client(bob.token).orgs.removeTeamFromOrganizationById(organization.id, team.id))).code,
    ).toBe(403);
    await orgs.removeTeamFromOrganizationById(organization.id, team.id);
    expect((await clientError(orgs.getTeamInOrganizationById(organization.id, team.id))).code).toBe(404);
    await orgs.removeTeamFromOrganizationById(organization.id, team.id);
    expect((await orgs.getMemberInOrganizationById(organization.id, alice.user.id)).data.teams).toBe(0);
    const stranger = await seedUser();
    expect(
      (await clientError(client(stranger.token).orgs.getTeamInOrganizationById(organization.id, team.id))).code,
    ).toBe(404);
  });

  it("adds, re-roles, lists and removes team members, reflected in the counts", async () => {
    const { organization, orgs, owner, alice, bob, guest } = await setup();
    const team = (await orgs.createOrganizationTeam(organization.id, { title: "Writers" })).data;
    await orgs.addMemberToOrganizationTeamById(organization.id, team.id, alice.user.id, {});
    await orgs.addMemberToOrganizationTeamById(organization.id, team.id, bob.user.id, { role: TeamMemberRole.Owner });
    expect(
      (
        await clientError(
          orgs.addMemberToOrganizationTeamById(organization.id, team.id, (await seedUser()).user.id, {}),
        )
      ).code,
    ).toBe(404);
    let members = (await orgs.listTeamMembersInOrganizationById(organization.id, team.id)).data;
    expect(members.count).toBe(2);
    expect(members.items.map((m) => [m.organization.id, m.team.role])).toEqual([
      [alice.user.id, "member"],
      [bob.user.id, "owner"],
    ]);
    expect(members.items[0].organization).toMatchObject({ object: "member", teams: 1, role: "edit" });
    expect(members.items[0].permissions).toEqual({ view: true });
    const page = await orgs.listTeamMembersInOrganizationById(organization.id, team.id, { limit: 1 });
    expect(
      (await orgs.listTeamMembersInOrganizationById(organization.id, team.id, { limit: 1, page: page.data.next!.page }))
        .data.items[0].organization.id,
    ).toBe(bob.user.id);

    await orgs.updateMembersInOrganizationTeam(organization.id, team.id, {
      add: [guest.user.email, owner.user.id],
      remove: [alice.user.id, owner.user.id],
      memberships: { [bob.user.id]: { role: TeamMemberRole.Member } },
    });
    members = (await orgs.listTeamMembersInOrganizationById(organization.id, team.id)).data;
    expect(Object.fromEntries(members.items.map((m) => [m.organization.id, m.team.role]))).toEqual({
      [bob.user.id]: "member",
      [guest.user.id]: "member",
    });
    expect((await orgs.getTeamInOrganizationById(organization.id, team.id)).data.members).toBe(2);
    const bad = await api("PUT", `/orgs/${organization.id}/teams/${team.id}/members`, {
      token: owner.token,
      body: { add: ["nobody@example.com"] },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/^body\.add\.0/);
    const badRole = await api("PUT", `/orgs/${organization.id}/teams/${team.id}/members`, {
      token: owner.token,
      body: { memberships: { [bob.user.id]: { role: "boss" } } },
    });
    expect(badRole.status).toBe(400);
    expect(
      (
        await clientError(
          client(bob.token).orgs.updateMembersInOrganizationTeam(organization.id, team.id, { add: [alice.user.id] }),
        )
      ).code,
    ).toBe(403);

    await orgs.deleteMemberFromOrganizationTeamById(organization.id, team.id, guest.user.id);
    await orgs.deleteMemberFromOrganizationTeamById(organization.id, team.id, guest.user.id);
    expect((await orgs.getTeamInOrganizationById(organization.id, team.id)).data.members).toBe(1);
  });

  it("lists a member's teams with their team role and a title filter", async () => {
    const { organization, orgs, alice, bob, guest } = await setup();
    const a = (await orgs.createOrganizationTeam(organization.id, { title: "Docs", members: [alice.user.id] })).data;
    const b = (await orgs.createOrganizationTeam(organization.id, { title: "API", members: [alice.user.id] })).data;
    await orgs.createOrganizationTeam(organization.id, { title: "Other docs" });
    await orgs.addMemberToOrganizationTeamById(organization.id, b.id, alice.user.id, { role: TeamMemberRole.Owner });
    const { data } = await client(bob.token).orgs.listTeamsForOrganizationMember(organization.id, alice.user.id);
    expect(data.count).toBe(2);
    expect(data.items.map((i) => [i.team.id, i.member.role])).toEqual([
      [a.id, "member"],
      [b.id, "owner"],
    ]);
    expect(data.items[0].team.members).toBe(1);
    const filtered = await client(alice.token).orgs.listTeamsForOrganizationMember(organization.id, alice.user.id, {
      title: "dOc",
      limit: 1,
    });
    expect(filtered.data.items.map((i) => i.team.id)).toEqual([a.id]);
    expect(filtered.data.next).toBeUndefined();
    expect(
      (await client(guest.token).orgs.listTeamsForOrganizationMember(organization.id, guest.user.id)).data.count,
    ).toBe(0);
    expect(
      (await clientError(client(guest.token).orgs.listTeamsForOrganizationMember(organization.id, alice.user.id))).code,
    ).toBe(403);
    expect((await clientError(orgs.listTeamsForOrganizationMember(organization.id, "nobody"))).code).toBe(404);
  });
});
