import { MemberRole as ClientRole } from "@gitbook/api";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inviteLinks, organizationInvitations } from "../../src/db/schema";
import { findOrCreateUser } from "../../src/services/people/users";
import { api, client, clientError } from "../helpers/http";
import { db, seedMember, seedOrganization, seedUser } from "../helpers/seed";

describe("invites by email", () => {
  it("makes existing users members and turns other emails into memberships once the user exists", async () => {
    const { organization, owner } = await seedOrganization();
    const existing = await seedUser("existing");
    const newcomer = `new-${crypto.randomUUID()}@example.org`;
    const editor = `Editor-${crypto.randomUUID()}@Example.org`;
    const { data } = await client(owner.token).orgs.inviteUsersToOrganization(organization.id, {
      emails: [existing.user.email, newcomer, { email: editor, role: ClientRole.Edit }],
      role: ClientRole.Comment,
    });
    // Quire adds `links`: each new email's one-time link to create its account (test/routes/auth-invite-sign-up.test.ts).
    const { links, ...reference } = data as typeof data & { links: { email: string }[] };
    expect(reference).toEqual({ users: [existing.user.id], invited: 3 });
    expect(links.map((l) => l.email).sort()).toEqual([newcomer, editor.toLowerCase()].sort());
    const orgs = client(owner.token).orgs;
    expect((await orgs.getMemberInOrganizationById(organization.id, existing.user.id)).data.role).toBe("comment");

    const pending = await db
      .select()
      .from(organizationInvitations)
      .where(eq(organizationInvitations.organizationId, organization.id));
    expect(pending.map((p) => p.email).sort()).toEqual([newcomer, editor.toLowerCase()].sort());

    const created = await findOrCreateUser(db, { email: editor }, Date.now());
    expect((await orgs.getMemberInOrganizationById(organization.id, created.id)).data.role).toBe("edit");
    const other = await findOrCreateUser(db, { email: newcomer }, Date.now());
    expect((await orgs.getMemberInOrganizationById(organization.id, other.id)).data.role).toBe("comment");
    expect(
      await db
        .select()
        .from(organizationInvitations)
        .where(eq(organizationInvitations.organizationId, organization.id)),
    ).toEqual([]);
  });

  it("never demotes an existing member, uses the organization's default role, and marks SSO invites", async () => {
    const { organization, owner } = await seedOrganization();
    const editor = await seedMember(organization.id, "edit");
    const outsider = await seedUser();
    await client(owner.token).orgs.inviteUsersToOrganization(organization.id, {
      emails: [editor.user.email, outsider.user.email],
      sso: true,
    });
    const orgs = client(owner.token).orgs;
    expect((await orgs.getMemberInOrganizationById(organization.id, editor.user.id)).data.role).toBe("edit");
    expect((await orgs.getMemberInOrganizationById(organization.id, outsider.user.id)).data).toMatchObject({
      role: "read",
      sso: true,
    });
  });

  it("is admin-only and validates the emails", async () => {
    const { organization, owner } = await seedOrganization();
    const editor = await seedMember(organization.id, "edit");
    expect(
      (await clientError(client(editor.token).orgs.inviteUsersToOrganization(organization.id, { emails: ["a@b.co"] })))
        .code,
    ).toBe(403);
    const stranger = await seedUser();
    expect(
      (
        await clientError(
          client(stranger.token).orgs.inviteUsersToOrganization(organization.id, { emails: ["a@b.co"] }),
        )
      ).code,
    ).toBe(404);
    expect(
      (await clientError(client().orgs.inviteUsersToOrganization(organization.id, { emails: ["a@b.co"] }))).code,
    ).toBe(401);
    for (const [body, field] of [
      [{ emails: ["not-an-email"] }, /^body\.emails\.0/],
      [{ emails: [] }, /^body\.emails/],
      [{ emails: [{ email: "a@b.co", role: "boss" }] }, /^body\.emails\.0/],
      [{ emails: ["a@b.co"], role: "boss" }, /^body\.role/],
    ] as const) {
      const res = await api("POST", `/orgs/${organization.id}/invites`, { token: owner.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.message).toMatch(field);
    }
  });
});

describe("invite links", () => {
  it("creates, lists, reads, updates and deletes links (admins only)", async () => {
    const { organization, owner } = await seedOrganization();
    const orgs = client(owner.token).orgs;
    const created = await orgs.createOrganizationInvite(organization.id, { role: ClientRole.Edit });
    expect(created.data).toMatchObject({ object: "invite", role: "edit", redundant: true, disabled: false });
    const guestLink = (await orgs.createOrganizationInvite(organization.id, { role: null })).data;
    const third = (await orgs.createOrganizationInvite(organization.id, { role: ClientRole.Read })).data;
    const first = await orgs.listOrganizationInviteLinks(organization.id, { limit: 2 });
    expect(first.data.count).toBe(3);
    const second = await orgs.listOrganizationInviteLinks(organization.id, { limit: 2, page: first.data.next!.page });
    expect([...first.data.items, ...second.data.items].map((l) => l.id)).toEqual([
      created.data.id,
      guestLink.id,
      third.id,
    ]);
    expect((await orgs.getOrganizationInviteLink(organization.id, guestLink.id)).data).toMatchObject({ role: null });
    const updated = await orgs.updateOrganizationInviteById(organization.id, created.data.id, {
      role: ClientRole.Review,
    });
    expect(updated.data).toMatchObject({ role: "review" });
    await orgs.deleteOrganizationInviteById(organization.id, third.id);
    await orgs.deleteOrganizationInviteById(organization.id, third.id);
    expect((await clientError(orgs.getOrganizationInviteLink(organization.id, third.id))).code).toBe(404);

    const editor = await seedMember(organization.id, "edit");
    expect((await clientError(client(editor.token).orgs.listOrganizationInviteLinks(organization.id))).code).toBe(403);
    expect(
      (
        await clientError(
          client(editor.token).orgs.createOrganizationInvite(organization.id, { role: ClientRole.Admin }),
        )
      ).code,
    ).toBe(403);
    const space = await api("POST", `/orgs/${organization.id}/link-invites`, {
      token: owner.token,
      body: { level: "read", space: "s1" },
    });
    expect(space.status).toBe(400);
    expect(space.json.error.message).toMatch(/^body\.space/);
    const missing = await api("POST", `/orgs/${organization.id}/link-invites`, { token: owner.token, body: {} });
    expect(missing.json.error.message).toMatch(/^body\.role/);
    const past = await api("POST", `/orgs/${organization.id}/link-invites`, {
      token: owner.token,
      body: { role: "read", expiresAt: "2001-01-01T00:00:00.000Z" },
    });
    expect(past.status).toBe(400);
    expect(past.json.error.message).toMatch(/^body\.expiresAt/);
  });

  it("lets a user join with the link's role, keeping a stronger existing role", async () => {
    const { organization, owner } = await seedOrganization();
    const link = (
      await client(owner.token).orgs.createOrganizationInvite(organization.id, { role: ClientRole.Comment })
    ).data;
    const joiner = await seedUser("joiner");
    expect((await client(joiner.token).orgs.joinOrganizationWithInvite(organization.id, link.id)).data).toEqual({});
    expect(
      (await client(owner.token).orgs.getMemberInOrganizationById(organization.id, joiner.user.id)).data.role,
    ).toBe("comment");
    const editor = await seedMember(organization.id, "edit");
    await client(editor.token).orgs.joinOrganizationWithInvite(organization.id, link.id);
    expect(
      (await client(owner.token).orgs.getMemberInOrganizationById(organization.id, editor.user.id)).data.role,
    ).toBe("edit");
    const reader = await seedMember(organization.id, "read");
    await client(reader.token).orgs.joinOrganizationWithInvite(organization.id, link.id);
    expect(
      (await client(owner.token).orgs.getMemberInOrganizationById(organization.id, reader.user.id)).data.role,
    ).toBe("comment");
    expect((await clientError(client().orgs.joinOrganizationWithInvite(organization.id, link.id))).code).toBe(401);
  });

  it("refuses unknown, deleted, disabled and expired links, and every link when the organization turns them off", async () => {
    const { organization, owner } = await seedOrganization();
    const orgs = client(owner.token).orgs;
    const joiner = await seedUser("joiner");
    const join = (id: string, orgId = organization.id) =>
      clientError(client(joiner.token).orgs.joinOrganizationWithInvite(orgId, id));

    expect((await join("no-such-link")).code).toBe(404);
    const deleted = (await orgs.createOrganizationInvite(organization.id, { role: ClientRole.Read })).data;
    await orgs.deleteOrganizationInviteById(organization.id, deleted.id);
    expect((await join(deleted.id)).code).toBe(404);
    const elsewhere = await seedOrganization();
    expect(
      (
        await join(
          (
            await orgs.createOrganizationInvite(organization.id, { role: ClientRole.Read })
          ).data.id,
          elsewhere.organization.id,
        )
      ).code,
    ).toBe(404);

    const disabled = (await orgs.createOrganizationInvite(organization.id, { role: ClientRole.Read })).data;
    await api("PATCH", `/orgs/${organization.id}/link-invites/${disabled.id}`, {
      token: owner.token,
      body: { disabled: true },
    });
    const refusedDisabled = await join(disabled.id);
    expect([refusedDisabled.code, refusedDisabled.errorMessage]).toEqual([403, "This invite link has been disabled"]);

    const expiring = await api("POST", `/orgs/${organization.id}/link-invites`, {
      token: owner.token,
      body: { role: "read", expiresAt: new Date(Date.now() + 60_000).toISOString() },
    });
    expect(expiring.json.expiresAt).toBeDefined();
    await db
      .update(inviteLinks)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(inviteLinks.id, expiring.json.id));
    const refusedExpired = await join(expiring.json.id);
    expect([refusedExpired.code, refusedExpired.errorMessage]).toEqual([403, "This invite link has expired"]);

    const good = (await orgs.createOrganizationInvite(organization.id, { role: ClientRole.Read })).data;
    await orgs.updateOrganizationById(organization.id, { inviteLinks: false });
    const refusedOff = await join(good.id);
    expect([refusedOff.code, refusedOff.errorMessage]).toEqual([403, "This organization does not accept invite links"]);
    expect((await clientError(client(joiner.token).orgs.getOrganizationById(organization.id))).code).toBe(404);
    await orgs.updateOrganizationById(organization.id, { inviteLinks: true });
    await client(joiner.token).orgs.joinOrganizationWithInvite(organization.id, good.id);
    expect((await client(joiner.token).orgs.getOrganizationById(organization.id)).data.id).toBe(organization.id);
  });
});
