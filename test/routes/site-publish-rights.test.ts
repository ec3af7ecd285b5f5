import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, client } from "../helpers/http";
import { seedMember, seedOrganization } from "../helpers/seed";

/**
 * An organization with a restricted space (no default access) and an open one, a `create` member, and a site of
 * theirs that already shows the open space (put there by the organization's admin).
 */
async function world() {
  const { organization, owner } = await seedOrganization("Publishing rights");
  const admin = client(owner.token);
  const secret = (await admin.orgs.createSpace(organization.id, { title: "Secret" })).data;
  await admin.spaces.updateSpaceById(secret.id, { defaultLevel: null } as never);
  const open = (await admin.orgs.createSpace(organization.id, { title: "Open" })).data;
  const creator = await seedMember(organization.id, "create", "creator");
  const site = (await client(creator.token).orgs.createSite(organization.id, { title: "Theirs" } as never)).data;
  const siteSpace = (await admin.orgs.addSpaceToSite(organization.id, site.id, { spaceId: open.id })).data;
  return { organization, owner, secret, open, creator, site, siteSpace };
}

type World = Awaited<ReturnType<typeof world>>;

/** Each operation that puts a space on a site, naming `spaceId`, as `token`: its status. */
async function publishAttempts(w: World, token: string, spaceId: string) {
  const base = `/orgs/${w.organization.id}/sites`;
  const site = `${base}/${w.site.id}`;
  return {
    createSite: (await api("POST", base, { token, body: { title: "New", spaces: [spaceId] } })).status,
    addSpaceToSite: (await api("POST", `${site}/site-spaces`, { token, body: { spaceId } })).status,
    updateSiteSpaceById: (await api("PATCH", `${site}/site-spaces/${w.siteSpace.id}`, { token, body: { spaceId } }))
      .status,
    addSectionToSite: (await api("POST", `${site}/sections`, { token, body: { spaceId } })).status,
  };
}

const every = (status: number) => ({
  createSite: status,
  addSpaceToSite: status,
  updateSiteSpaceById: status,
  addSectionToSite: status,
});

/** The site spaces of the organization that show `spaceId`. */
async function placesOf(spaceId: string) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM site_spaces WHERE space_id = ?")
    .bind(spaceId)
    .first<{ n: number }>();
  return row!.n;
}

describe("publishing needs admin on the space", () => {
  it("a `create` member cannot publish a restricted space they cannot see: 404 on every operation", async () => {
    const w = await world();
    expect(await publishAttempts(w, w.creator.token, w.secret.id)).toEqual(every(404));
    expect(await placesOf(w.secret.id)).toBe(0);
  });

  it("one who can read the space but is not its admin gets 403; its admin (granted) may publish it", async () => {
    const w = await world();
    await client(w.owner.token).spaces.inviteToSpace(w.secret.id, {
      role: "read",
      users: [w.creator.user.id],
    } as never);
    expect(await publishAttempts(w, w.creator.token, w.secret.id)).toEqual(every(403));
    expect(await placesOf(w.secret.id)).toBe(0);
    // The `create` role inherited on an open space is not admin either.
    expect(await publishAttempts(w, w.creator.token, w.open.id)).toEqual(every(403));

    await client(w.owner.token).spaces.inviteToSpace(w.secret.id, {
      role: "admin",
      users: [w.creator.user.id],
    } as never);
    expect(await publishAttempts(w, w.creator.token, w.secret.id)).toEqual({
      createSite: 201,
      addSpaceToSite: 201,
      updateSiteSpaceById: 200,
      addSectionToSite: 201,
    });
  });

  it("an organization admin publishes any space of the organization", async () => {
    const w = await world();
    expect(await publishAttempts(w, w.owner.token, w.secret.id)).toEqual({
      createSite: 201,
      addSpaceToSite: 201,
      updateSiteSpaceById: 200,
      addSectionToSite: 201,
    });
    expect(await placesOf(w.secret.id)).toBe(4);
  });

  it("a space that is not a live space of the organization stays a 400 naming the field", async () => {
    const w = await world();
    const res = await api("POST", `/orgs/${w.organization.id}/sites/${w.site.id}/site-spaces`, {
      token: w.owner.token,
      body: { spaceId: "no-such-space" },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/spaceId/);
  });
});
