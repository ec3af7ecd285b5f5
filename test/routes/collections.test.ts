import { describe, expect, it } from "vitest";
import { listSpacesForMember } from "../../src/services/spaces/space-lists";
import { organizationAccess } from "../../src/services/access/organization-access";
import { api, client, clientError } from "../helpers/http";
import { db, seedMember, seedOrganization, seedUser } from "../helpers/seed";
import { addMember } from "../../src/services/people/organizations";
import { env } from "cloudflare:workers";

async function setup() {
  const { organization, owner } = await seedOrganization();
  return { org: organization.id, owner, admin: client(owner.token) };
}

describe("collections", () => {
  it("createCollection: 201 with Location, empty body, nesting, every field", async () => {
    const { org, owner, admin } = await setup();
    const res = await api("POST", `/orgs/${org}/collections`, { token: owner.token, body: "" });
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe(`https://api.quire.test/v1/collections/${res.json.id}`);
    expect(res.json).toMatchObject({
      object: "collection",
      title: "Untitled",
      organization: org,
      defaultLevel: "inherit",
    });
    const { data: child } = await admin.orgs.createCollection(org, { title: "Child", parent: res.json.id });
    expect(child).toMatchObject({
      parent: res.json.id,
      title: "Child",
      urls: {
        location: `https://api.quire.test/v1/collections/${child.id}`,
        app: `https://app.quire.test/o/${org}/c/${child.id}`,
      },
      permissions: { view: true, admin: true, viewInviteLinks: true, create: true },
    });
    const { data: got } = await admin.collections.getCollectionById(child.id);
    expect(got).toEqual(child);
  });

  it("lists nested collections by default and only top-level ones with nested=false", async () => {
    const { org, admin } = await setup();
    const { data: top } = await admin.orgs.createCollection(org, { title: "Top" });
    const { data: mid } = await admin.orgs.createCollection(org, { title: "Mid", parent: top.id });
    await admin.orgs.createCollection(org, { title: "Leaf", parent: mid.id });
    const { data: top2 } = await admin.orgs.createCollection(org, { title: "Top2" });
    const all = await admin.orgs.listCollectionsInOrganizationById(org);
    expect(all.data.count).toBe(4);
    const tops = await admin.orgs.listCollectionsInOrganizationById(org, { nested: false });
    expect(tops.data.items.map((c) => c.id)).toEqual([top.id, top2.id]);
    expect(tops.data.count).toBe(2);
    const paged = await admin.orgs.listCollectionsInOrganizationById(org, { limit: 3 });
    const rest = await admin.orgs.listCollectionsInOrganizationById(org, { limit: 3, page: paged.data.next!.page });
    expect([...paged.data.items, ...rest.data.items].map((c) => c.id).sort()).toEqual(
      all.data.items.map((c) => c.id).sort(),
    );
  });

  it("updateCollectionById updates title, description and defaultLevel; validates lengths", async () => {
    const { org, owner, admin } = await setup();
    const { data: col } = await admin.orgs.createCollection(org, {});
    const { data } = await admin.collections.updateCollectionById(col.id, {
      title: "T",
      description: "D",
      defaultLevel: null,
    });
    expect(data).toMatchObject({ title: "T", description: "D", defaultLevel: null });
    const bad: Array<[string, string, unknown, RegExp]> = [
      ["PATCH", `/collections/${col.id}`, { title: "x".repeat(51) }, /^body\.title/],
      ["PATCH", `/collections/${col.id}`, { description: "x".repeat(101) }, /^body\.description/],
      ["PATCH", `/collections/${col.id}`, { defaultLevel: "boss" }, /^body\.defaultLevel/],
      ["POST", `/orgs/${org}/collections`, { title: "x".repeat(51) }, /^body\.title/],
      ["POST", `/orgs/${org}/collections`, { parent: "missing" }, /^body\.parent/],
      ["GET", `/orgs/${org}/collections?nested=maybe`, undefined, /^query\.nested/],
      ["POST", `/collections/${col.id}/move`, { parent: "missing" }, /^body\.parent/],
      ["POST", `/collections/${col.id}/transfer`, { organization: "" }, /^body\.organization/],
    ];
    for (const [method, path, body, message] of bad) {
      const res = await api(method, path, { token: owner.token, body });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.json.error.message).toMatch(message);
    }
  });

  it("keeps sibling order (spaces and collections) through several moves, rewriting one key per move", async () => {
    const { org, admin } = await setup();
    const { data: col } = await admin.orgs.createCollection(org, { title: "C" });
    const ids: string[] = [];
    for (const title of ["a", "b", "c", "d"])
      ids.push((await admin.orgs.createSpace(org, { title, parent: col.id })).data.id);
    const order = async () =>
      (await admin.collections.listSpacesInCollectionById(col.id)).data.items.map((s) => s.title);
    expect(await order()).toEqual(["a", "b", "c", "d"]);
    const keys = async () =>
      Object.fromEntries(
        (await env.DB.prepare("SELECT title, sort_key FROM spaces WHERE parent_id = ?").bind(col.id).all()).results.map(
          (r: any) => [r.title, r.sort_key],
        ),
      );
    const before = await keys();
    await admin.spaces.moveSpace(ids[3], { position: { before: { type: "space", space: ids[0] } } as never });
    const after = await keys();
    expect(Object.keys(before).filter((t) => before[t] !== after[t])).toEqual(["d"]);
    expect(await order()).toEqual(["d", "a", "b", "c"]);
    await admin.spaces.moveSpace(ids[0], { position: { after: { type: "space", space: ids[2] } } as never });
    expect(await order()).toEqual(["d", "b", "c", "a"]);
    await admin.spaces.moveSpace(ids[1], {
      position: { after: { type: "space", space: ids[3] }, before: { type: "space", space: ids[2] } } as never,
    });
    expect(await order()).toEqual(["d", "b", "c", "a"]);
    await admin.spaces.moveSpace(ids[2], { position: { after: { type: "space", space: ids[3] } } as never });
    expect(await order()).toEqual(["d", "c", "b", "a"]);
    // A collection among the same siblings takes part in the order.
    const { data: sub } = await admin.orgs.createCollection(org, { title: "sub", parent: col.id });
    await admin.collections.moveCollection(sub.id, { position: { after: { type: "space", space: ids[3] } } as never });
    await admin.spaces.moveSpace(ids[0], { position: { before: { type: "collection", collection: sub.id } } as never });
    expect(await order()).toEqual(["d", "a", "c", "b"]);
    // Out of the collection to the top level, then a pointer outside the target parent is 400.
    const { data: moved } = await admin.spaces.moveSpace(ids[1], { parent: null });
    expect(moved.parent).toBeUndefined();
    expect(await order()).toEqual(["d", "a", "c"]);
    const bad = await clientError(
      admin.spaces.moveSpace(ids[1], { position: { after: { type: "space", space: ids[0] } } as never }),
    );
    expect(bad.code).toBe(400);
  });

  it("refuses to move a collection into itself or a descendant (409)", async () => {
    const { org, admin } = await setup();
    const { data: a } = await admin.orgs.createCollection(org, { title: "A" });
    const { data: b } = await admin.orgs.createCollection(org, { title: "B", parent: a.id });
    const { data: c } = await admin.orgs.createCollection(org, { title: "C", parent: b.id });
    expect((await clientError(admin.collections.moveCollection(a.id, { parent: a.id }))).code).toBe(409);
    expect((await clientError(admin.collections.moveCollection(a.id, { parent: c.id }))).code).toBe(409);
    const { data } = await admin.collections.moveCollection(c.id, { parent: null });
    expect(data.parent).toBeUndefined();
    expect((await admin.collections.moveCollection(a.id, { parent: c.id })).data.parent).toBe(c.id);
  });

  it("delete trashes its spaces and sub-collections; a space restores to the top level", async () => {
    const { org, owner, admin } = await setup();
    const { data: a } = await admin.orgs.createCollection(org, { title: "A" });
    const { data: b } = await admin.orgs.createCollection(org, { title: "B", parent: a.id });
    const { data: s1 } = await admin.orgs.createSpace(org, { parent: a.id });
    const { data: s2 } = await admin.orgs.createSpace(org, { parent: b.id });
    expect((await api("DELETE", `/collections/${a.id}`, { token: owner.token })).status).toBe(204);
    expect((await api("DELETE", `/collections/${a.id}`, { token: owner.token })).status).toBe(204);
    for (const id of [a.id, b.id]) expect((await clientError(admin.collections.getCollectionById(id))).code).toBe(404);
    for (const id of [s1.id, s2.id]) expect((await clientError(admin.spaces.getSpaceById(id))).code).toBe(404);
    expect((await admin.orgs.listSpacesInOrganizationById(org)).data.count).toBe(0);
    expect((await admin.orgs.listCollectionsInOrganizationById(org)).data.count).toBe(0);
    const { data } = await admin.spaces.restoreSpace(s2.id);
    expect(data.parent).toBeUndefined();
    expect((await admin.orgs.listSpacesInOrganizationById(org)).data.items.map((s) => s.id)).toEqual([s2.id]);
  });

  it("defaultLevel along the chain caps or raises the organization role; inherit follows the parent", async () => {
    const { org, admin } = await setup();
    const reader = await seedMember(org, "read");
    const creator = await seedMember(org, "create");
    const { data: top } = await admin.orgs.createCollection(org, { title: "Top" });
    const { data: inner } = await admin.orgs.createCollection(org, { title: "Inner", parent: top.id });
    const { data: space } = await admin.orgs.createSpace(org, { parent: inner.id });
    const perms = async (token: string) => (await client(token).spaces.getSpaceById(space.id)).data.permissions;
    expect(await perms(reader.token)).toMatchObject({ view: true, edit: false });
    await admin.collections.updateCollectionById(top.id, { defaultLevel: "edit" as never });
    expect(await perms(reader.token)).toMatchObject({ view: true, edit: true, review: false }); // raised via inherit
    expect(await perms(creator.token)).toMatchObject({ edit: true, admin: false }); // capped
    expect((await clientError(client(creator.token).orgs.createSpace(org, { parent: inner.id }))).code).toBe(403);
    await admin.collections.updateCollectionById(inner.id, { defaultLevel: null });
    expect((await clientError(client(reader.token).spaces.getSpaceById(space.id))).code).toBe(404);
    expect((await client(reader.token).orgs.listSpacesInOrganizationById(org)).data.count).toBe(0);
    expect(
      (await client(reader.token).orgs.listCollectionsInOrganizationById(org)).data.items.map((c) => c.id),
    ).toEqual([top.id]);
    expect(await perms((await seedMember(org, "admin")).token)).toMatchObject({ admin: true, view: true }); // admins keep admin
    await admin.spaces.updateSpaceById(space.id, { defaultLevel: "comment" as never });
    expect(await perms(reader.token)).toMatchObject({ view: true, comment: true, edit: false });
  });

  it("transferCollection moves its sub-collections and spaces; permission checks and 412", async () => {
    const { org, owner, admin } = await setup();
    const other = await seedOrganization("Target");
    const { data: a } = await admin.orgs.createCollection(org, { title: "A" });
    const { data: b } = await admin.orgs.createCollection(org, { title: "B", parent: a.id });
    const { data: s } = await admin.orgs.createSpace(org, { parent: b.id });
    expect(
      (await clientError(admin.collections.transferCollection(a.id, { organization: other.organization.id }))).code,
    ).toBe(404);
    expect((await clientError(admin.collections.transferCollection(a.id, { organization: org }))).code).toBe(412);
    const creator = await seedMember(org, "create");
    await addMember(db, other.organization.id, creator.user.id, "admin", Date.now());
    expect(
      (
        await clientError(
          client(creator.token).collections.transferCollection(a.id, { organization: other.organization.id }),
        )
      ).code,
    ).toBe(403);
    await addMember(db, other.organization.id, owner.user.id, "read", Date.now());
    expect(
      (await clientError(admin.collections.transferCollection(a.id, { organization: other.organization.id }))).code,
    ).toBe(403);
    await addMember(db, other.organization.id, owner.user.id, "create", Date.now());
    const { data } = await admin.collections.transferCollection(a.id, { organization: other.organization.id });
    expect(data.organization).toBe(other.organization.id);
    const target = client(other.owner.token);
    expect((await target.collections.getCollectionById(b.id)).data.organization).toBe(other.organization.id);
    expect((await target.spaces.getSpaceById(s.id)).data.organization).toBe(other.organization.id);
    expect((await admin.orgs.listCollectionsInOrganizationById(org)).data.count).toBe(0);
  });

  it("a read member gets 403 on every write, a non-member 404 on every read, 401 without token", async () => {
    const { org, admin } = await setup();
    const { data: col } = await admin.orgs.createCollection(org, {});
    const reader = client((await seedMember(org, "read")).token);
    expect((await reader.collections.getCollectionById(col.id)).data.permissions).toEqual({
      view: true,
      admin: false,
      viewInviteLinks: false,
      create: false,
    });
    const writes = [
      () => reader.orgs.createCollection(org, {}),
      () => reader.orgs.createSpace(org, { parent: col.id }),
      () => reader.collections.updateCollectionById(col.id, { title: "x" }),
      () => reader.collections.deleteCollectionById(col.id),
      () => reader.collections.moveCollection(col.id, {}),
      () => reader.collections.transferCollection(col.id, { organization: org }),
    ];
    for (const call of writes) expect((await clientError(call())).code).toBe(403);
    const stranger = client((await seedUser()).token);
    const reads = [
      () => stranger.collections.getCollectionById(col.id),
      () => stranger.collections.listSpacesInCollectionById(col.id),
      () => stranger.orgs.listCollectionsInOrganizationById(org),
      () => stranger.collections.updateCollectionById(col.id, { title: "x" }),
      () => stranger.collections.moveCollection(col.id, {}),
      () => stranger.orgs.createCollection(org, {}),
    ];
    for (const call of reads) expect((await clientError(call())).code).toBe(404);
    const anon = client();
    for (const call of [
      () => anon.collections.getCollectionById(col.id),
      () => anon.orgs.createCollection(org, {}),
      () => anon.orgs.listCollectionsInOrganizationById(org),
    ]) {
      expect((await clientError(call())).code).toBe(401);
    }
  });
});

describe("listSpacesForMember", () => {
  it("pages the spaces a member can access with their effective role", async () => {
    const { org, owner, admin } = await setup();
    const editor = await seedMember(org, "edit");
    const { data: open } = await admin.orgs.createCollection(org, { title: "Open" });
    const { data: closed } = await admin.orgs.createCollection(org, { title: "Closed" });
    await admin.collections.updateCollectionById(closed.id, { defaultLevel: null });
    const s1 = (await admin.orgs.createSpace(org, { parent: open.id })).data;
    await admin.orgs.createSpace(org, { parent: closed.id });
    const s3 = (await admin.orgs.createSpace(org, {})).data;
    await admin.spaces.updateSpaceById(s3.id, { defaultLevel: "review" as never });
    const caller = {
      kind: "user" as const,
      userId: owner.user.id,
      tokenId: "t",
      memberships: new Map([[org, "admin" as const]]),
    };
    const ctx = { db, env, caller, urls: { api: "https://api", app: "https://app" }, now: Date.now() };
    const first = await listSpacesForMember(ctx, org, editor.user.id, { limit: 1 });
    expect(first.count).toBe(2);
    const second = await listSpacesForMember(ctx, org, editor.user.id, { limit: 1, page: first.next!.page });
    expect(second.next).toBeUndefined();
    const got = [...first.items, ...second.items].map((i) => [i.space.id, i.role]);
    expect(got).toEqual([
      [s1.id, "edit"],
      [s3.id, "review"],
    ]);
    expect(first.items[0].view.access).toBe(organizationAccess(caller, org));
    const stranger = { ...ctx, caller: { ...caller, userId: "x", memberships: new Map() } };
    await expect(listSpacesForMember(stranger, org, editor.user.id, { limit: 10 })).rejects.toMatchObject({
      status: 404,
    });
    await expect(listSpacesForMember(ctx, org, "nobody", { limit: 10 })).rejects.toMatchObject({ status: 404 });
  });
});
