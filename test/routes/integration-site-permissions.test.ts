import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { issueIntegrationToken } from "../../src/services/integrations";
import { api, client } from "../helpers/http";
import { db, seedMember, seedOrganization } from "../helpers/seed";

// Installation tokens on site permissions (issue 38): the `site:permissions:read` / `site:permissions:write`
// scopes open the site permission operations on the installation's selected sites; other scopes do not.

let counter = 0;
const uniqueName = () => `site-perms-${++counter}-${crypto.randomUUID().slice(0, 8)}`;

/**
 * An organization with two sites and a read member, an integration asking for `scopes` installed on the first
 * site, and a real installation token (createIntegrationInstallationToken, by the publisher's admin).
 */
async function world(scopes: string[]) {
  const { organization, owner } = await seedOrganization("Site permission scopes");
  const gb = client(owner.token);
  const name = uniqueName();
  await gb.integrations.publishIntegration(name, {
    title: "Access manager",
    description: "Manages who may use the docs site",
    scopes,
    script: "export default { async fetch() { return new Response('ok'); } };",
    organization: organization.id,
  } as never);
  const installation = (await gb.integrations.installIntegration(name, { organization: organization.id })).data;
  const selected = (await gb.orgs.createSite(organization.id, { title: "Selected" } as never)).data;
  const unselected = (await gb.orgs.createSite(organization.id, { title: "Unselected" } as never)).data;
  await gb.integrations.installIntegrationOnSite(name, installation.id, { siteId: selected.id });
  const { token } = (await gb.integrations.createIntegrationInstallationToken(name, installation.id)).data;
  const member = await seedMember(organization.id, "read", "invitee");
  const team = (await gb.orgs.createOrganizationTeam(organization.id, { title: "Docs" } as never)).data;
  const at = (siteId: string) => `/orgs/${organization.id}/sites/${siteId}/permissions`;
  return { organization, owner, gb, name, selected, unselected, token, member, team, at };
}

type World = Awaited<ReturnType<typeof world>>;

/** Every site permission operation on `siteId` with `token`, by operation, as statuses. */
async function statuses(w: World, siteId: string, token: string) {
  const at = w.at(siteId);
  return {
    listPermissionsAggregateInSite: (await api("GET", `${at}/aggregate`, { token })).status,
    listUserPermissionsInSite: (await api("GET", `${at}/users`, { token })).status,
    listTeamPermissionsInSite: (await api("GET", `${at}/teams`, { token })).status,
    inviteToSite: (await api("POST", at, { token, body: { role: "edit", users: [w.member.user.id] } })).status,
    updateUserPermissionInSite: (
      await api("PATCH", `${at}/users/${w.member.user.id}`, { token, body: { role: "comment" } })
    ).status,
    updateTeamPermissionInSite: (await api("PATCH", `${at}/teams/${w.team.id}`, { token, body: { role: "read" } }))
      .status,
    removeUserFromSite: (await api("DELETE", `${at}/users/${w.member.user.id}`, { token })).status,
    removeTeamFromSite: (await api("DELETE", `${at}/teams/${w.team.id}`, { token })).status,
  };
}

const all = (status: number) => ({
  listPermissionsAggregateInSite: status,
  listUserPermissionsInSite: status,
  listTeamPermissionsInSite: status,
  inviteToSite: status,
  updateUserPermissionInSite: status,
  updateTeamPermissionInSite: status,
  removeUserFromSite: status,
  removeTeamFromSite: status,
});

describe("installation tokens and site permissions", () => {
  it("site:permissions:read lists the selected site's permissions, and changes none (403)", async () => {
    const w = await world(["site:permissions:read"]);
    // A grant by the owner, for the token to see.
    const granted = await api("POST", w.at(w.selected.id), {
      token: w.owner.token,
      body: { role: "edit", users: [w.member.user.id], teams: [w.team.id] },
    });
    expect(granted.status).toBe(204);

    const users = await api("GET", `${w.at(w.selected.id)}/users`, { token: w.token });
    expect(users.status).toBe(200);
    expect(
      users.json.items.map((p: { user: { id: string }; permission: string }) => [p.user.id, p.permission]),
    ).toEqual([[w.member.user.id, "edit"]]);
    const teams = await api("GET", `${w.at(w.selected.id)}/teams`, { token: w.token });
    expect(teams.json.items.map((p: { team: { id: string } }) => p.team.id)).toEqual([w.team.id]);
    const aggregate = await api("GET", `${w.at(w.selected.id)}/aggregate`, { token: w.token });
    expect(aggregate.status).toBe(200);
    expect(aggregate.json.items.map((p: { user: { id: string } }) => p.user.id)).toContain(w.member.user.id);

    const writes = await statuses(w, w.selected.id, w.token);
    expect(writes).toEqual({
      ...all(403),
      listPermissionsAggregateInSite: 200,
      listUserPermissionsInSite: 200,
      listTeamPermissionsInSite: 200,
    });
    // Nothing changed.
    const after = await api("GET", `${w.at(w.selected.id)}/users`, { token: w.owner.token });
    expect(after.json.items.map((p: { permission: string }) => p.permission)).toEqual(["edit"]);
    // The site shows the token cannot manage its permissions.
    const site = await api("GET", `/orgs/${w.organization.id}/sites/${w.selected.id}`, { token: w.token });
    expect(site.status).toBe(200);
    expect(site.json.permissions).toMatchObject({ view: true, admin: false, edit: false });
  });

  it("site:permissions:write invites, updates and removes users and teams on the selected site", async () => {
    const w = await world(["site:permissions:write"]);
    const at = w.at(w.selected.id);
    const invited = await api("POST", at, {
      token: w.token,
      body: { role: "edit", users: [w.member.user.id], teams: [w.team.id] },
    });
    expect(invited.status).toBe(204);
    const byOwner = await api("GET", `${at}/users`, { token: w.owner.token });
    expect(byOwner.json.items.map((p: { user: { id: string } }) => p.user.id)).toEqual([w.member.user.id]);
    // The grant is real: raised to `create` on the site, the read member may now change it.
    expect(
      (await api("PATCH", `${at}/users/${w.member.user.id}`, { token: w.token, body: { role: "create" } })).status,
    ).toBe(204);
    const renamed = await api("PATCH", `/orgs/${w.organization.id}/sites/${w.selected.id}`, {
      token: w.member.token,
      body: { title: "Renamed by the invitee" },
    });
    expect(renamed.status).toBe(200);
    expect((await api("PATCH", `${at}/teams/${w.team.id}`, { token: w.token, body: { role: "read" } })).status).toBe(
      204,
    );
    expect((await api("GET", `${at}/users`, { token: w.token })).status).toBe(200);
    expect((await api("DELETE", `${at}/users/${w.member.user.id}`, { token: w.token })).status).toBe(205);
    expect((await api("DELETE", `${at}/users/${w.member.user.id}`, { token: w.token })).status).toBe(204);
    expect((await api("DELETE", `${at}/teams/${w.team.id}`, { token: w.token })).status).toBe(205);
    expect((await api("GET", `${at}/users`, { token: w.owner.token })).json.items).toEqual([]);
    // Its site `permissions` say so, from the rule that authorized it; the site itself stays unchangeable.
    const site = await api("GET", `/orgs/${w.organization.id}/sites/${w.selected.id}`, { token: w.token });
    expect(site.json.permissions).toMatchObject({ view: true, admin: true, edit: false });
    expect(
      (
        await api("PATCH", `/orgs/${w.organization.id}/sites/${w.selected.id}`, {
          token: w.token,
          body: { title: "Not mine" },
        })
      ).status,
    ).toBe(403);
  });

  it("without a site:permissions scope: 403 on the selected site; 404 on unselected and other organizations' sites", async () => {
    const w = await world(["site:metadata:read"]);
    expect((await api("GET", `/orgs/${w.organization.id}/sites/${w.selected.id}`, { token: w.token })).status).toBe(
      200,
    );
    expect(await statuses(w, w.selected.id, w.token)).toEqual(all(403));

    const writer = await world(["site:permissions:write"]);
    expect(await statuses(writer, writer.unselected.id, writer.token)).toEqual(all(404));
    // Another organization's selected site, through its own path and through the token's organization.
    expect(await statuses(w, w.selected.id, writer.token)).toEqual(all(404));
    const crossed = await api("GET", `/orgs/${writer.organization.id}/sites/${w.selected.id}/permissions/users`, {
      token: writer.token,
    });
    expect(crossed.status).toBe(404);
    // Space scopes open no site.
    const spaces = await world(["space:content:read"]);
    expect(await statuses(spaces, spaces.selected.id, spaces.token)).toEqual(all(404));
  });

  it("the integration's own token (no installation) gets 403 (404 for the aggregate: it sees no site); anonymous 401", async () => {
    const w = await world(["site:permissions:write"]);
    const { token } = await issueIntegrationToken({ db, env }, w.name);
    expect(await statuses(w, w.selected.id, token)).toEqual({ ...all(403), listPermissionsAggregateInSite: 404 });
    expect((await api("GET", `${w.at(w.selected.id)}/users`)).status).toBe(401);
    expect((await api("POST", w.at(w.selected.id), { body: { role: "read", users: [w.member.user.id] } })).status).toBe(
      401,
    );
  });
});
