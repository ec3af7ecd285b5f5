import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { jwtVerify } from "jose";
import { MemberRole as ClientRole } from "@gitbook/api";
import { describe, expect, it } from "vitest";
import { organizationMembers, teamMembers } from "../../src/db/schema";
import { addMember } from "../../src/services/people/organizations";
import type { MemberRole } from "../../src/services/access/roles";
import { api, client, clientError } from "../helpers/http";
import { db, seedMember, seedOrganization, seedUser } from "../helpers/seed";

/** An organization whose members joined at known, distinct times (owner first). */
async function organizationWithMembers() {
  const { organization, owner } = await seedOrganization();
  const base = Date.now() - 100_000;
  await db.update(organizationMembers).set({ joinedAt: base }).where(eq(organizationMembers.userId, owner.user.id));
  const people: Array<[string, MemberRole]> = [
    ["alice", "edit"],
    ["bob", "read"],
    ["carol", "edit"],
    ["dave", null],
  ];
  const members = [];
  for (const [i, [name, role]] of people.entries()) {
    const m = await seedUser(name);
    await addMember(db, organization.id, m.user.id, role, base + (i + 1) * 1000);
    members.push(m);
  }
  return { organization, owner, members };
}

async function allPages(token: string, organizationId: string, query: Record<string, unknown>) {
  const ids: string[] = [];
  let page: string | undefined;
  let pages = 0;
  do {
    const { data } = await client(token).orgs.listMembersInOrganizationById(organizationId, {
      ...query,
      limit: 2,
      page,
    } as never);
    ids.push(...data.items.map((m) => m.id));
    page = data.next?.page;
    pages++;
  } while (page);
  return { ids, pages };
}

describe("organization members", () => {
  it("lists members across pages in both orders, with role, search and lastSeenAt filters", async () => {
    const { organization, owner, members } = await organizationWithMembers();
    const joined = [owner.user.id, ...members.map((m) => m.user.id)];
    const desc = await allPages(owner.token, organization.id, {});
    expect(desc.ids).toEqual([...joined].reverse());
    expect(desc.pages).toBe(3);
    expect((await allPages(owner.token, organization.id, { order: "asc" })).ids).toEqual(joined);

    const first = await client(owner.token).orgs.listMembersInOrganizationById(organization.id, { limit: 2 });
    expect(first.data.count).toBe(5);
    expect(first.data.items[0]).toMatchObject({
      object: "member",
      role: null,
      disabled: false,
      sso: false,
      spaces: 0,
      teams: 0,
    });
    expect(first.data.items[0].user).toMatchObject({ object: "user", id: members[3].user.id });

    const editors = await allPages(owner.token, organization.id, { role: "edit", order: "asc" });
    expect(editors.ids).toEqual([members[0].user.id, members[2].user.id]);
    expect((await allPages(owner.token, organization.id, { role: "guest" })).ids).toEqual([members[3].user.id]);
    expect((await allPages(owner.token, organization.id, { search: "ALICE" })).ids).toEqual([members[0].user.id]);
    // Email search: every seeded email contains "@example.com".
    expect((await allPages(owner.token, organization.id, { search: "Example.COM" })).ids).toHaveLength(5);

    // Only seen members are listed when sorting by lastSeenAt, most recent first by default.
    const seen = [members[1], members[3], members[0]];
    for (const [i, m] of seen.entries()) {
      await db
        .update(organizationMembers)
        .set({ lastSeenAt: Date.now() - 10_000 + i * 1000 })
        .where(and(eq(organizationMembers.organizationId, organization.id), eq(organizationMembers.userId, m.user.id)));
    }
    const recent = await client(owner.token).orgs.listMembersInOrganizationById(organization.id, {
      sort: "lastSeenAt",
      limit: 2,
    });
    expect(recent.data.count).toBe(3);
    const bySeen = await allPages(owner.token, organization.id, { sort: "lastSeenAt" });
    expect(bySeen.ids).toEqual([members[0].user.id, members[3].user.id, members[1].user.id]);
    expect((await allPages(owner.token, organization.id, { sort: "lastSeenAt", order: "asc" })).ids).toEqual(
      seen.map((m) => m.user.id),
    );
  });

  it("validates list filters and refuses guests (403) and strangers (404)", async () => {
    const { organization, owner, members } = await organizationWithMembers();
    for (const [query, field] of [
      ["role=owner", "query.role"],
      ["sort=title", "query.sort"],
      ["order=up", "query.order"],
      ["limit=1001", "query.limit"],
    ]) {
      const res = await api("GET", `/orgs/${organization.id}/members?${query}`, { token: owner.token });
      expect(res.status, query).toBe(400);
      expect(res.json.error.message, query).toMatch(new RegExp(`^${field.replace(".", "\\.")}`));
    }
    const guest = members[3];
    expect((await clientError(client(guest.token).orgs.listMembersInOrganizationById(organization.id))).code).toBe(403);
    const stranger = await seedUser();
    expect((await clientError(client(stranger.token).orgs.listMembersInOrganizationById(organization.id))).code).toBe(
      404,
    );
    expect((await clientError(client().orgs.listMembersInOrganizationById(organization.id))).code).toBe(401);
  });

  it("gets a member (a guest may read only themself) and 404s non-members", async () => {
    const { organization, owner, members } = await organizationWithMembers();
    const { data } = await client(owner.token).orgs.getMemberInOrganizationById(organization.id, members[0].user.id);
    expect(data).toMatchObject({ object: "member", id: members[0].user.id, role: "edit", teams: 0, spaces: 0 });
    expect(data.joinedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(data.lastSeenAt).toBeUndefined();
    const guest = members[3];
    expect(
      (await client(guest.token).orgs.getMemberInOrganizationById(organization.id, guest.user.id)).data.role,
    ).toBeNull();
    expect(
      (await clientError(client(guest.token).orgs.getMemberInOrganizationById(organization.id, owner.user.id))).code,
    ).toBe(403);
    const stranger = await seedUser();
    expect(
      (await clientError(client(owner.token).orgs.getMemberInOrganizationById(organization.id, stranger.user.id))).code,
    ).toBe(404);
    expect(
      (await clientError(client(stranger.token).orgs.getMemberInOrganizationById(organization.id, owner.user.id))).code,
    ).toBe(404);
  });

  it("updates roles (admins only) and never demotes the last admin", async () => {
    const { organization, owner, members } = await organizationWithMembers();
    const orgs = client(owner.token).orgs;
    expect(
      (await orgs.updateMemberInOrganizationById(organization.id, members[1].user.id, { role: ClientRole.Review })).data
        .role,
    ).toBe("review");
    expect(
      (await orgs.updateMemberInOrganizationById(organization.id, members[1].user.id, { role: null })).data.role,
    ).toBeNull();
    const bad = await api("PATCH", `/orgs/${organization.id}/members/${members[1].user.id}`, {
      token: owner.token,
      body: { role: "owner" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/^body\.role/);
    expect(
      (
        await clientError(
          client(members[0].token).orgs.updateMemberInOrganizationById(organization.id, owner.user.id, {
            role: ClientRole.Read,
          }),
        )
      ).code,
    ).toBe(403);
    expect(
      (await clientError(orgs.updateMemberInOrganizationById(organization.id, "nobody", { role: ClientRole.Read })))
        .code,
    ).toBe(404);

    const lastAdmin = await clientError(
      orgs.updateMemberInOrganizationById(organization.id, owner.user.id, { role: ClientRole.Edit }),
    );
    expect(lastAdmin.code).toBe(409);
    expect((await orgs.getMemberInOrganizationById(organization.id, owner.user.id)).data.role).toBe("admin");
    // With a second admin, the first may step down.
    await orgs.updateMemberInOrganizationById(organization.id, members[0].user.id, { role: ClientRole.Admin });
    expect(
      (await orgs.updateMemberInOrganizationById(organization.id, owner.user.id, { role: ClientRole.Edit })).data.role,
    ).toBe("edit");
  });

  it("removes members with their team memberships; refuses removing the last admin; members may leave", async () => {
    const { organization, owner, members } = await organizationWithMembers();
    const orgs = client(owner.token).orgs;
    const team = await orgs.createOrganizationTeam(organization.id, {
      title: "Writers",
      members: [members[0].user.id, owner.user.id],
    });
    expect(
      (
        await clientError(
          client(members[1].token).orgs.removeMemberFromOrganizationById(organization.id, members[0].user.id),
        )
      ).code,
    ).toBe(403);

    await orgs.removeMemberFromOrganizationById(organization.id, members[0].user.id);
    expect((await clientError(orgs.getMemberInOrganizationById(organization.id, members[0].user.id))).code).toBe(404);
    expect((await orgs.getTeamInOrganizationById(organization.id, team.data.id)).data.members).toBe(1);
    const left = await db.select().from(teamMembers).where(eq(teamMembers.userId, members[0].user.id));
    expect(left).toEqual([]);
    // Idempotent.
    await orgs.removeMemberFromOrganizationById(organization.id, members[0].user.id);

    const refused = await clientError(orgs.removeMemberFromOrganizationById(organization.id, owner.user.id));
    expect(refused.code).toBe(409);
    expect((await orgs.getMemberInOrganizationById(organization.id, owner.user.id)).data).toMatchObject({
      role: "admin",
      teams: 1,
    });

    await client(members[1].token).orgs.removeMemberFromOrganizationById(organization.id, members[1].user.id);
    expect((await clientError(client(members[1].token).orgs.getOrganizationById(organization.id))).code).toBe(404);
  });

  it("sets a member as an SSO member (admins only)", async () => {
    const { organization, owner } = await seedOrganization();
    const member = await seedMember(organization.id, "read");
    const { data } = await client(owner.token).orgs.setUserAsSsoMemberForOrganization(organization.id, member.user.id);
    expect(data).toMatchObject({ id: member.user.id, sso: true });
    expect(
      (await clientError(client(member.token).orgs.setUserAsSsoMemberForOrganization(organization.id, member.user.id)))
        .code,
    ).toBe(403);
    expect(
      (await clientError(client(owner.token).orgs.setUserAsSsoMemberForOrganization(organization.id, "nobody"))).code,
    ).toBe(404);
  });

  it("ping stamps lastSeenAt and returns visitor claims that verify with the signing secret", async () => {
    const { organization } = await seedOrganization();
    const member = await seedMember(organization.id, "comment");
    const before = Date.now();
    const { data } = await client(member.token).orgs.updateOrganizationMemberLastSeenAt(organization.id);
    const { payload, protectedHeader } = await jwtVerify(
      data.gitbookVisitorClaims!,
      new TextEncoder().encode(env.SIGNING_SECRET),
      {
        issuer: "https://api.quire.test",
        audience: "quire:visitor",
      },
    );
    expect(protectedHeader.alg).toBe("HS256");
    expect(payload).toMatchObject({ sub: member.user.id, org: organization.id, role: "comment" });
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(15 * 60);
    await expect(jwtVerify(data.gitbookVisitorClaims!, new TextEncoder().encode("another-secret"))).rejects.toThrow();
    const seen = await client(member.token).orgs.getMemberInOrganizationById(organization.id, member.user.id);
    expect(Date.parse(seen.data.lastSeenAt!)).toBeGreaterThanOrEqual(before - 1000);
    const stranger = await seedUser();
    expect(
      (await clientError(client(stranger.token).orgs.updateOrganizationMemberLastSeenAt(organization.id))).code,
    ).toBe(404);
    expect((await clientError(client().orgs.updateOrganizationMemberLastSeenAt(organization.id))).code).toBe(401);
  });

  it("lists a member's spaces as an empty page until spaces exist, with the member checks", async () => {
    const { organization, owner } = await seedOrganization();
    const member = await seedMember(organization.id, "read");
    const { data } = await client(owner.token).orgs.listSpacesForOrganizationMember(organization.id, member.user.id);
    expect(data).toEqual({ items: [], count: 0 });
    expect(
      (await clientError(client(owner.token).orgs.listSpacesForOrganizationMember(organization.id, "nobody"))).code,
    ).toBe(404);
    const stranger = await seedUser();
    expect(
      (await clientError(client(stranger.token).orgs.listSpacesForOrganizationMember(organization.id, member.user.id)))
        .code,
    ).toBe(404);
  });
});
