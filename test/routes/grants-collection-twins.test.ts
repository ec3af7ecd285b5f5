import { describe, expect, it } from "vitest";
import { api, client } from "../helpers/http";
import { seedMember, seedOrganization } from "../helpers/seed";

/**
 * The collection twins of the space permission routes share their handlers (routes/permissions/handlers.ts):
 * each must act on the collection its path names, never on a space of the same organization.
 */
describe("collection permission routes", () => {
  it("list, update and remove user and team grants on the collection itself", async () => {
    const { organization, owner } = await seedOrganization("Collection grants");
    const gb = client(owner.token);
    const shelf = (await gb.orgs.createCollection(organization.id, { title: "Shelf" })).data;
    const inShelf = (await gb.orgs.createSpace(organization.id, { title: "In shelf", parent: shelf.id } as never)).data;
    const guest = await seedMember(organization.id, null, "guest");
    const team = (await gb.orgs.createOrganizationTeam(organization.id, { title: "Writers", members: [] })).data;
    const on = (path: string, method = "GET", body?: unknown) =>
      api(method, `/collections/${shelf.id}/permissions${path}`, { token: owner.token, body });

    expect((await on("", "POST", { role: "read", users: [guest.user.id], teams: [team.id] })).status).toBe(204);
    const users = await on("/users");
    expect(
      users.json.items.map((p: { user: { id: string }; permission: string }) => [p.user.id, p.permission]),
    ).toEqual([[guest.user.id, "read"]]);
    const teams = await on("/teams");
    expect(
      teams.json.items.map((p: { team: { id: string }; permission: string }) => [p.team.id, p.permission]),
    ).toEqual([[team.id, "read"]]);
    // The grants are on the collection, not on the space inside it.
    expect((await gb.spaces.listUserPermissionsInSpace(inShelf.id)).data.items).toEqual([]);
    expect((await gb.spaces.listTeamPermissionsInSpace(inShelf.id)).data.items).toEqual([]);

    expect((await on(`/users/${guest.user.id}`, "PATCH", { role: "edit" })).status).toBe(204);
    expect((await on(`/teams/${team.id}`, "PATCH", { role: "comment" })).status).toBe(204);
    const aggregate = await on("/aggregate?role=edit");
    expect(aggregate.status).toBe(200);
    expect(aggregate.json.items.map((p: { user: { id: string } }) => p.user.id)).toContain(guest.user.id);
    expect((await on("/teams")).json.items[0].permission).toBe("comment");

    expect((await on(`/users/${guest.user.id}`, "DELETE")).status).toBe(205);
    expect((await on(`/teams/${team.id}`, "DELETE")).status).toBe(205);
    expect((await on("/users")).json.items).toEqual([]);
    expect((await on("/teams")).json.items).toEqual([]);
    expect((await on(`/users/${guest.user.id}`, "PATCH", { role: "edit" })).status).toBe(404);
  });
});
