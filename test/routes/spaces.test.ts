import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { contentBlobs, contentNodes, revisions } from "../../src/db/schema";
import { eq } from "drizzle-orm";
import { api, client, clientError } from "../helpers/http";
import { db, seedMember, seedOrganization, seedUser } from "../helpers/seed";
import { addMember } from "../../src/services/people/organizations";

const DAY = 24 * 60 * 60 * 1000;

async function setup() {
  const { organization, owner } = await seedOrganization();
  return { org: organization.id, owner, admin: client(owner.token) };
}

describe("spaces", () => {
  it("createSpace: 201 with Location, an empty body, every reference field and a first revision", async () => {
    const { org, owner, admin } = await setup();
    const res = await api("POST", `/orgs/${org}/spaces`, { token: owner.token, body: "" });
    expect(res.status).toBe(201);
    expect(res.json.title).toBe("Untitled");
    const { data, headers } = await admin.orgs.createSpace(org, {
      title: "Docs",
      emoji: "📘",
      language: "fr" as never,
      editMode: "locked" as never,
    });
    expect(data).toMatchObject({
      object: "space",
      title: "Docs",
      emoji: "📘",
      visibility: "private",
      editMode: "locked",
      language: "fr",
      organization: org,
      defaultLevel: "inherit",
      comments: 0,
      changeRequests: 0,
      changeRequestsOpen: 0,
      changeRequestsDraft: 0,
      urls: {
        location: `https://api.quire.test/v1/spaces/${data.id}`,
        app: `https://app.quire.test/o/${org}/s/${data.id}`,
      },
    });
    expect(headers.get("location")).toBe(data.urls.location);
    expect(data.parent).toBeUndefined();
    expect(data.deletedAt).toBeUndefined();
    expect(data.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Object.values(data.permissions).every(Boolean)).toBe(true);
    const [rev] = await db.select().from(revisions).where(eq(revisions.id, data.revision));
    expect(rev?.spaceId).toBe(data.id);
    const row = await env.DB.prepare("SELECT revision_id FROM spaces WHERE id = ?").bind(data.id).first();
    expect(row?.revision_id).toBe(data.revision);
  });

  it("createSpace with an empty body through the client; defaults", async () => {
    const { org, admin } = await setup();
    const { data } = await admin.orgs.createSpace(org, {});
    expect(data).toMatchObject({ title: "Untitled", emoji: "", editMode: "live", visibility: "private" });
  });

  it("getSpaceById accepts shareKey, updateSpaceById changes each field", async () => {
    const { org, admin } = await setup();
    const { data: space } = await admin.orgs.createSpace(org, { title: "A" });
    expect((await admin.spaces.getSpaceById(space.id, { shareKey: "whatever" })).data.id).toBe(space.id);
    const { data } = await admin.spaces.updateSpaceById(space.id, {
      title: "B",
      editMode: "locked" as never,
      defaultLevel: "read" as never,
      language: "de" as never,
      emoji: "🎉",
    });
    expect(data).toMatchObject({ title: "B", editMode: "locked", defaultLevel: "read", language: "de", emoji: "🎉" });
    const icon = await admin.spaces.updateSpaceById(space.id, { icon: "https://example.com/i.png" });
    expect(icon.data.urls.icon).toBe("https://example.com/i.png");
    expect(icon.data.emoji).toBe("");
    const guest = await admin.spaces.updateSpaceById(space.id, { defaultLevel: null, emoji: null, icon: null });
    expect(guest.data.defaultLevel).toBeNull();
    expect(guest.data.urls.icon).toBeUndefined();
  });

  it("400 bodies name the field; no input gives a 500", async () => {
    const { org, owner, admin } = await setup();
    const { data: space } = await admin.orgs.createSpace(org, {});
    const bad: Array<[string, string, unknown, RegExp]> = [
      ["POST", `/orgs/${org}/spaces`, { title: "x".repeat(51) }, /^body\.title/],
      ["POST", `/orgs/${org}/spaces`, { language: "xx" }, /^body\.language/],
      ["POST", `/orgs/${org}/spaces`, { editMode: "open" }, /^body\.editMode/],
      ["POST", `/orgs/${org}/spaces`, { parent: "nope" }, /^body\.parent/],
      ["POST", `/orgs/${org}/spaces`, "{not json", /./],
      ["PATCH", `/spaces/${space.id}`, { defaultLevel: "owner" }, /^body\.defaultLevel/],
      ["PATCH", `/spaces/${space.id}`, { icon: "not a url" }, /^body\.icon/],
      ["PATCH", `/spaces/${space.id}`, { emoji: "🎉", icon: "https://e.com/i.png" }, /^body\.icon/],
      ["POST", `/spaces/${space.id}/move`, { position: { after: { type: "page", page: "x" } } }, /^body\.position/],
      ["POST", `/spaces/${space.id}/move`, { parent: 42 }, /^body\.parent/],
      ["POST", `/spaces/${space.id}/transfer`, {}, /^body\.organization/],
      ["GET", `/orgs/${org}/spaces?limit=5000`, undefined, /^query\.limit/],
      ["GET", `/orgs/${org}/spaces?page=%%%`, undefined, /^query\.page/],
    ];
    for (const [method, path, body, message] of bad) {
      const res = await api(method, path, { token: owner.token, body });
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json.error.message).toMatch(message);
    }
  });

  it("delete hides the space everywhere; restore brings it back; delete is 204 whatever existed", async () => {
    const { org, owner, admin } = await setup();
    const { data: space } = await admin.orgs.createSpace(org, { title: "Trash me" });
    expect((await api("DELETE", `/spaces/${space.id}`, { token: owner.token })).status).toBe(204);
    expect((await clientError(admin.spaces.getSpaceById(space.id))).code).toBe(404);
    expect((await admin.orgs.listSpacesInOrganizationById(org)).data.items.map((s) => s.id)).not.toContain(space.id);
    expect((await api("DELETE", `/spaces/${space.id}`, { token: owner.token })).status).toBe(204);
    expect((await api("DELETE", `/spaces/does-not-exist`, { token: owner.token })).status).toBe(204);
    const { data } = await admin.spaces.restoreSpace(space.id);
    expect(data.id).toBe(space.id);
    expect(data.deletedAt).toBeUndefined();
    expect((await admin.spaces.getSpaceById(space.id)).data.title).toBe("Trash me");
    expect((await admin.orgs.listSpacesInOrganizationById(org)).data.items.map((s) => s.id)).toContain(space.id);
  });

  it("refuses to restore a space deleted more than 7 days ago with 412", async () => {
    const { org, admin } = await setup();
    const { data: space } = await admin.orgs.createSpace(org, {});
    await env.DB.prepare("UPDATE spaces SET deleted_at = ? WHERE id = ?")
      .bind(Date.now() - 8 * DAY, space.id)
      .run();
    const error = await clientError(admin.spaces.restoreSpace(space.id));
    expect(error.code).toBe(412);
    expect(error.errorMessage).toMatch(/more than 7 days/);
    await env.DB.prepare("UPDATE spaces SET deleted_at = ? WHERE id = ?")
      .bind(Date.now() - 6 * DAY, space.id)
      .run();
    expect((await admin.spaces.restoreSpace(space.id)).data.id).toBe(space.id);
  });

  it("duplicateSpace: 201, a copy with equal content, right after the source", async () => {
    const { org, owner, admin } = await setup();
    const { data: first } = await admin.orgs.createSpace(org, { title: "Guide", emoji: "📘" });
    const { data: last } = await admin.orgs.createSpace(org, { title: "Last" });
    // Give the source some content: a blob and a node referenced by its revision.
    await db.insert(contentBlobs).values({ spaceId: first.id, hash: "h1", body: "# Hello" });
    await db.insert(contentNodes).values({ spaceId: first.id, hash: "n1", data: '[{"page":"p1","blob":"h1"}]' });
    await db.update(revisions).set({ rootNode: "n1" }).where(eq(revisions.id, first.revision));
    const res = await api("POST", `/spaces/${first.id}/duplicate`, { token: owner.token });
    expect(res.status).toBe(201);
    const copy = res.json;
    expect(res.headers.get("location")).toBe(copy.urls.location);
    expect(copy).toMatchObject({ title: "Guide (copy)", emoji: "📘", organization: org });
    expect(copy.id).not.toBe(first.id);
    expect(copy.revision).not.toBe(first.revision);
    const contents = async (spaceId: string) => ({
      blobs: (await db.select().from(contentBlobs).where(eq(contentBlobs.spaceId, spaceId))).map((b) => [
        b.hash,
        b.body,
      ]),
      nodes: (await db.select().from(contentNodes).where(eq(contentNodes.spaceId, spaceId)))
        .map((n) => [n.hash, n.data])
        .sort(),
      root: (await db.select().from(revisions).where(eq(revisions.spaceId, spaceId)))[0]?.rootNode,
    });
    expect(await contents(copy.id)).toEqual(await contents(first.id));
    const order = (await admin.orgs.listSpacesInOrganizationById(org)).data.items.map((s) => s.id);
    expect(order).toEqual([first.id, copy.id, last.id]);
  });

  it("transferSpace: admins only, to an organization where they can create; 412 to its own", async () => {
    const { org, owner, admin } = await setup();
    const other = await seedOrganization("Other");
    const { data: space } = await admin.orgs.createSpace(org, {});
    // Not a member of the target: 404.
    expect(
      (await clientError(admin.spaces.transferSpace(space.id, { organization: other.organization.id }))).code,
    ).toBe(404);
    // A reader of the target: 403.
    await addMember(db, other.organization.id, owner.user.id, "read", Date.now());
    expect(
      (await clientError(admin.spaces.transferSpace(space.id, { organization: other.organization.id }))).code,
    ).toBe(403);
    expect((await clientError(admin.spaces.transferSpace(space.id, { organization: org }))).code).toBe(412);
    // A `create` member of the source cannot transfer (admin only).
    const creator = await seedMember(org, "create");
    await addMember(db, other.organization.id, creator.user.id, "admin", Date.now());
    expect(
      (await clientError(client(creator.token).spaces.transferSpace(space.id, { organization: other.organization.id })))
        .code,
    ).toBe(403);
    await addMember(db, other.organization.id, owner.user.id, "create", Date.now());
    const { data } = await admin.spaces.transferSpace(space.id, { organization: other.organization.id });
    expect(data.organization).toBe(other.organization.id);
    expect(data.permissions.admin).toBe(false); // a `create` member of the target
    const ids = (
      await client(other.owner.token).orgs.listSpacesInOrganizationById(other.organization.id)
    ).data.items.map((s) => s.id);
    expect(ids).toContain(space.id);
    expect((await admin.orgs.listSpacesInOrganizationById(org)).data.items.map((s) => s.id)).not.toContain(space.id);
  });

  it("a read member reads but gets 403 on every write; a non-member gets 404 on every read", async () => {
    const { org, admin } = await setup();
    const { data: space } = await admin.orgs.createSpace(org, {});
    const reader = client((await seedMember(org, "read")).token);
    const { data } = await reader.spaces.getSpaceById(space.id);
    expect(data.permissions).toMatchObject({ view: true, edit: false, admin: false, comment: false });
    expect((await reader.orgs.listSpacesInOrganizationById(org)).data.count).toBe(1);
    const writes = [
      () => reader.orgs.createSpace(org, {}),
      () => reader.spaces.updateSpaceById(space.id, { title: "x" }),
      () => reader.spaces.deleteSpaceById(space.id),
      () => reader.spaces.duplicateSpace(space.id),
      () => reader.spaces.moveSpace(space.id, {}),
      () => reader.spaces.transferSpace(space.id, { organization: org }),
      () => reader.spaces.restoreSpace(space.id),
    ];
    for (const call of writes) expect((await clientError(call())).code).toBe(403);
    const stranger = client((await seedUser()).token);
    const reads = [
      () => stranger.spaces.getSpaceById(space.id),
      () => stranger.orgs.listSpacesInOrganizationById(org),
      () => stranger.spaces.updateSpaceById(space.id, { title: "x" }),
      () => stranger.spaces.restoreSpace(space.id),
      () => stranger.spaces.duplicateSpace(space.id),
      () => stranger.spaces.moveSpace(space.id, {}),
      () => stranger.orgs.createSpace(org, {}),
    ];
    for (const call of reads) expect((await clientError(call())).code).toBe(404);
    expect((await api("DELETE", `/spaces/${space.id}`, { token: (await seedUser()).token })).status).toBe(204);
    expect((await admin.spaces.getSpaceById(space.id)).data.id).toBe(space.id);
  });

  it("401 without a token", async () => {
    const { org, admin } = await setup();
    const { data: space } = await admin.orgs.createSpace(org, {});
    const anon = client();
    expect((await clientError(anon.spaces.getSpaceById(space.id))).code).toBe(401);
    expect((await clientError(anon.orgs.createSpace(org, {}))).code).toBe(401);
    expect((await clientError(anon.orgs.listSpacesInOrganizationById(org))).code).toBe(401);
    expect((await clientError(anon.spaces.deleteSpaceById(space.id))).code).toBe(401);
  });

  it("anonymous reads of a share-link space need a share key of a site that publishes it", async () => {
    const { org, admin } = await setup();
    const { data: space } = await admin.orgs.createSpace(org, {});
    await env.DB.prepare("UPDATE spaces SET visibility = 'share-link' WHERE id = ?").bind(space.id).run();
    expect((await clientError(client().spaces.getSpaceById(space.id))).code).toBe(401);
    // No site publishes it, so no key opens it (site-visibility.test.ts covers the keys that do).
    expect((await clientError(client().spaces.getSpaceById(space.id, { shareKey: "secret-key" }))).code).toBe(401);
  });
});
