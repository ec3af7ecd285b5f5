import { env } from "cloudflare:workers";
import { MemberRole } from "gitbook-api-current";
import { beforeAll, describe, expect, it } from "vitest";
import { currentClient, expectCurrentShape } from "../helpers/current-client";
import { api, clientError } from "../helpers/http";
import { seedMember, seedOrganization } from "../helpers/seed";

// Site permissions (issue 29, part 6): the grant model of spaces on a site. A grant raises the grantee's role on
// that site's own operations (view, manage, manage its permissions) and nothing else; taking it back takes the
// rights back at once, for the same token.

let orgId: string;
let owner: Awaited<ReturnType<typeof seedOrganization>>["owner"];
let siteA: string;
let siteB: string;

const site = (id: string, token: string) => api("GET", `/orgs/${orgId}/sites/${id}`, { token });
const rename = (id: string, token: string, title: string) =>
  api("PATCH", `/orgs/${orgId}/sites/${id}`, { token, body: { title } });
const grant = (id: string, body: object) =>
  api("POST", `/orgs/${orgId}/sites/${id}/permissions`, { token: owner.token, body });

beforeAll(async () => {
  const seeded = await seedOrganization("Site grants");
  orgId = seeded.organization.id;
  owner = seeded.owner;
  const gb = currentClient(owner.token);
  siteA = (await gb.orgs.createSite(orgId, { title: "Site A" } as never)).data.id;
  siteB = (await gb.orgs.createSite(orgId, { title: "Site B" } as never)).data.id;
});

describe("site grants through the 0.202 client", () => {
  it("invites users and teams, lists, updates and removes them (205, then 204)", async () => {
    const gb = currentClient(owner.token);
    const [member, other] = await Promise.all([seedMember(orgId, "read", "granted"), seedMember(orgId, "read")]);
    const team = (await gb.orgs.createOrganizationTeam(orgId, { title: "Docs", members: [other.user.id] } as never))
      .data;
    const invited = await gb.orgs.inviteToSite(orgId, siteA, {
      role: "edit",
      users: [member.user.id],
      teams: [team.id],
    } as never);
    expect(invited.status).toBe(204);

    const users = (await gb.orgs.listUserPermissionsInSite(orgId, siteA)).data;
    expect(users.items.map((p) => [p.user.id, p.permission])).toEqual([[member.user.id, "edit"]]);
    for (const item of users.items) expectCurrentShape("UserSitePermissionOverride", item);
    const teams = (await gb.orgs.listTeamPermissionsInSite(orgId, siteA)).data;
    expect(teams.items.map((p) => [p.team.id, p.permission])).toEqual([[team.id, "edit"]]);
    for (const item of teams.items) expectCurrentShape("TeamSitePermissionOverride", item);
    // Grants on site A are not grants on site B.
    expect((await gb.orgs.listUserPermissionsInSite(orgId, siteB)).data.items).toEqual([]);

    expect(
      (await gb.orgs.updateUserPermissionInSite(orgId, siteA, member.user.id, { role: MemberRole.Admin })).status,
    ).toBe(204);
    expect((await gb.orgs.updateTeamPermissionInSite(orgId, siteA, team.id, { role: MemberRole.Review })).status).toBe(
      204,
    );
    expect((await gb.orgs.listUserPermissionsInSite(orgId, siteA)).data.items[0]?.permission).toBe("admin");
    expect((await gb.orgs.listTeamPermissionsInSite(orgId, siteA)).data.items[0]?.permission).toBe("review");
    // Updating a grant that does not exist: 404 (the member holds none on site B).
    expect((await clientError(gb.orgs.updateUserPermissionInSite(orgId, siteB, member.user.id, {}))).code).toBe(404);
    expect((await clientError(gb.orgs.updateTeamPermissionInSite(orgId, siteB, team.id, {}))).code).toBe(404);

    expect((await gb.orgs.removeUserFromSite(orgId, siteA, member.user.id)).status).toBe(205);
    expect((await gb.orgs.removeUserFromSite(orgId, siteA, member.user.id)).status).toBe(204);
    expect((await gb.orgs.removeTeamFromSite(orgId, siteA, team.id)).status).toBe(205);
    expect((await gb.orgs.removeTeamFromSite(orgId, siteA, team.id)).status).toBe(204);
    expect((await gb.orgs.listUserPermissionsInSite(orgId, siteA)).data.items).toEqual([]);
    expect((await gb.orgs.listTeamPermissionsInSite(orgId, siteA)).data.items).toEqual([]);
  });

  it("grants only to the site's organization: 400 for others' users and teams, 404 for others' sites", async () => {
    const other = await seedOrganization("Elsewhere");
    const stranger = await seedMember(other.organization.id, "admin", "stranger");
    const theirTeam = (
      await currentClient(other.owner.token).orgs.createOrganizationTeam(other.organization.id, {
        title: "Theirs",
      } as never)
    ).data;
    const toStranger = await grant(siteA, { role: "admin", users: [stranger.user.id] });
    expect(toStranger.status).toBe(400);
    expect(toStranger.json.error.message).toContain(stranger.user.id);
    expect((await grant(siteA, { role: "admin", teams: [theirTeam.id] })).status).toBe(400);
    expect((await grant(siteA, { role: MemberRole.Admin })).status).toBe(400);
    // The other organization's admin cannot see, let alone grant on, this organization's site.
    const across = await api("POST", `/orgs/${orgId}/sites/${siteA}/permissions`, {
      token: other.owner.token,
      body: { role: "admin", users: [stranger.user.id] },
    });
    expect(across.status).toBe(404);
    // This site named under another organization's path is not found, even by its own admin.
    const wrongPath = await api("GET", `/orgs/${other.organization.id}/sites/${siteA}/permissions/users`, {
      token: owner.token,
    });
    expect(wrongPath.status).toBe(404);
    expect((await api("GET", `/orgs/${orgId}/sites/nope/permissions/teams`, { token: owner.token })).status).toBe(404);
    expect(await grantRows(siteA, stranger.user.id)).toBe(0);
  });

  it("managing a site's permissions needs admin on it: a create member gets 403", async () => {
    const creator = await seedMember(orgId, "create", "creator");
    const reader = await seedMember(orgId, "read", "reader");
    const res = await api("POST", `/orgs/${orgId}/sites/${siteA}/permissions`, {
      token: creator.token,
      body: { role: "admin", users: [reader.user.id] },
    });
    expect(res.status).toBe(403);
    expect((await api("GET", `/orgs/${orgId}/sites/${siteA}/permissions/users`, { token: creator.token })).status).toBe(
      403,
    );
    // Yet creators manage the site itself, as before.
    expect((await rename(siteA, creator.token, "Site A")).status).toBe(200);
  });
});

const grantRows = async (siteId: string, subjectId: string) =>
  (
    await env.DB.prepare(
      "SELECT count(*) AS n FROM content_grants WHERE resource_kind = 'site' AND resource_id = ? AND subject_id = ?",
    )
      .bind(siteId, subjectId)
      .first<{ n: number }>()
  )?.n;

describe("what a site grant gives", () => {
  it("an admin grant lets a read member manage that site and nothing else; removing it takes it back at once", async () => {
    const member = await seedMember(orgId, "read", "manager");
    // Before: a reader sees both sites and may change neither.
    const before = await site(siteA, member.token);
    expect(before.json.permissions).toMatchObject({ view: true, create: false, admin: false });
    expect((await rename(siteA, member.token, "Renamed")).status).toBe(403);

    expect((await grant(siteA, { role: "admin", users: [member.user.id] })).status).toBe(204);
    const granted = await site(siteA, member.token);
    expect(granted.json.permissions).toEqual({
      view: true,
      access: true,
      edit: true,
      create: true,
      admin: true,
      installIntegration: true,
      viewAdaptiveSchema: true,
      editAdaptiveSchema: true,
    });
    // (The exact keys of the 0.202 Site `permissions`, all required there.)
    // The site's management operations: settings, customization, share links, publishing, its permissions.
    expect((await rename(siteA, member.token, "Managed")).status).toBe(200);
    const customization = await api("GET", `/orgs/${orgId}/sites/${siteA}/customization`, { token: member.token });
    const customized = await api("PUT", `/orgs/${orgId}/sites/${siteA}/customization`, {
      token: member.token,
      body: customization.json,
    });
    expect(customized.status).toBe(200);
    const shareLink = await api("POST", `/orgs/${orgId}/sites/${siteA}/share-links`, {
      token: member.token,
      body: { name: "Preview" },
    });
    expect(shareLink.status).toBe(201);
    expect((await api("POST", `/orgs/${orgId}/sites/${siteA}/publish`, { token: member.token })).status).toBe(200);
    expect((await api("POST", `/orgs/${orgId}/sites/${siteA}/unpublish`, { token: member.token })).status).toBe(200);
    expect(
      (await api("GET", `/orgs/${orgId}/sites/${siteA}/permissions/aggregate`, { token: member.token })).status,
    ).toBe(200);
    const colleague = await seedMember(orgId, "read", "colleague");
    expect(
      (
        await api("POST", `/orgs/${orgId}/sites/${siteA}/permissions`, {
          token: member.token,
          body: { role: "create", users: [colleague.user.id] },
        })
      ).status,
    ).toBe(204);
    // The list of sites shows each at the caller's access to it.
    const listed = await api("GET", `/orgs/${orgId}/sites`, { token: member.token });
    const rights = Object.fromEntries(
      (listed.json.items as { id: string; permissions: { create: boolean } }[]).map((s) => [
        s.id,
        s.permissions.create,
      ]),
    );
    expect(rights[siteA]).toBe(true);
    expect(rights[siteB]).toBe(false);

    // Nothing else: not site B, not the organization.
    expect((await site(siteB, member.token)).json.permissions).toMatchObject({ view: true, create: false });
    expect((await rename(siteB, member.token, "Not mine")).status).toBe(403);
    expect(
      (
        await api("PUT", `/orgs/${orgId}/sites/${siteB}/customization`, {
          token: member.token,
          body: customization.json,
        })
      ).status,
    ).toBe(403);
    expect((await api("POST", `/orgs/${orgId}/sites`, { token: member.token, body: { title: "New" } })).status).toBe(
      403,
    );
    expect(
      (
        await api("POST", `/orgs/${orgId}/sites/${siteB}/permissions`, {
          token: member.token,
          body: { role: "admin", users: [member.user.id] },
        })
      ).status,
    ).toBe(403);

    // Taken back: the same token loses the rights on its very next request.
    expect((await currentClient(owner.token).orgs.removeUserFromSite(orgId, siteA, member.user.id)).status).toBe(205);
    expect((await rename(siteA, member.token, "Again")).status).toBe(403);
    expect((await site(siteA, member.token)).json.permissions).toMatchObject({
      view: true,
      create: false,
      admin: false,
    });
  });

  it("a team's grant reaches its members; removing the team takes it back", async () => {
    const member = await seedMember(orgId, "comment", "teammate");
    const team = (
      await currentClient(owner.token).orgs.createOrganizationTeam(orgId, {
        title: "Site team",
        members: [member.user.id],
      } as never)
    ).data;
    expect((await rename(siteB, member.token, "Team")).status).toBe(403);
    expect((await grant(siteB, { role: "create", teams: [team.id] })).status).toBe(204);
    expect((await rename(siteB, member.token, "Team")).status).toBe(200);
    expect((await site(siteB, member.token)).json.permissions).toMatchObject({ create: true, admin: false });
    expect((await rename(siteA, member.token, "Team")).status).toBe(403);
    expect((await currentClient(owner.token).orgs.removeTeamFromSite(orgId, siteB, team.id)).status).toBe(205);
    expect((await rename(siteB, member.token, "Team")).status).toBe(403);
  });

  it("a guest granted read sees that site alone; the aggregate list shows where each role comes from", async () => {
    const guest = await seedMember(orgId, null, "guest");
    expect((await site(siteA, guest.token)).status).toBe(404);
    expect((await api("GET", `/orgs/${orgId}/sites`, { token: guest.token })).status).toBe(404);
    expect((await grant(siteA, { role: "read", users: [guest.user.id] })).status).toBe(204);
    const seen = await site(siteA, guest.token);
    expect(seen.status).toBe(200);
    expect(seen.json.permissions).toMatchObject({ view: true, create: false });
    expect((await site(siteB, guest.token)).status).toBe(404);
    const listed = await api("GET", `/orgs/${orgId}/sites`, { token: guest.token });
    expect(listed.status).toBe(200);
    expect((listed.json.items as { id: string }[]).map((s) => s.id)).toEqual([siteA]);
    expect((await rename(siteA, guest.token, "Guest")).status).toBe(403);

    const raised = await seedMember(orgId, "read", "raised");
    await grant(siteA, { role: "admin", users: [raised.user.id] });
    const aggregate = await api("GET", `/orgs/${orgId}/sites/${siteA}/permissions/aggregate?limit=1000`, {
      token: owner.token,
    });
    expect(aggregate.status).toBe(200);
    const byUser = new Map(
      (aggregate.json.items as { user: { id: string }; permission: string; origin: object }[]).map((p) => [
        p.user.id,
        p,
      ]),
    );
    expect(byUser.get(guest.user.id)).toMatchObject({
      permission: "read",
      origin: { type: "site", site: siteA, reason: "member" },
    });
    expect(byUser.get(raised.user.id)).toMatchObject({ permission: "admin", origin: { type: "site", site: siteA } });
    expect(byUser.get(owner.user.id)).toMatchObject({
      permission: "admin",
      origin: { type: "organization", organization: orgId },
    });
    for (const item of aggregate.json.items) expectCurrentShape("UserSitePermission", item);
  });

  it("a site grant gives nothing on spaces: a site admin cannot publish a space they may not read", async () => {
    const gb = currentClient(owner.token);
    const closed = (await gb.orgs.createSpace(orgId, { title: "Closed" } as never)).data.id;
    await api("PATCH", `/spaces/${closed}`, { token: owner.token, body: { defaultLevel: null } });
    const member = await seedMember(orgId, "create", "site-admin");
    expect((await grant(siteB, { role: "admin", users: [member.user.id] })).status).toBe(204);
    expect((await site(siteB, member.token)).json.permissions.admin).toBe(true);
    expect((await api("GET", `/spaces/${closed}`, { token: member.token })).status).toBe(404);
    const added = await api("POST", `/orgs/${orgId}/sites/${siteB}/site-spaces`, {
      token: member.token,
      body: { spaceId: closed },
    });
    expect([400, 403, 404]).toContain(added.status);
    // The positive control: the same call by the owner reaches the space.
    const byOwner = await api("POST", `/orgs/${orgId}/sites/${siteB}/site-spaces`, {
      token: owner.token,
      body: { spaceId: closed },
    });
    expect(byOwner.status).toBe(201);
  });

  it("deleting a site deletes its grants", async () => {
    const gb = currentClient(owner.token);
    const doomed = (await gb.orgs.createSite(orgId, { title: "Doomed" } as never)).data.id;
    const member = await seedMember(orgId, "read", "doomed");
    await grant(doomed, { role: "admin", users: [member.user.id] });
    expect(await grantRows(doomed, member.user.id)).toBe(1);
    expect((await api("DELETE", `/orgs/${orgId}/sites/${doomed}`, { token: member.token })).status).toBe(205);
    expect(await grantRows(doomed, member.user.id)).toBe(0);
  });
});
