import { describe, expect, it } from "vitest";
import { api, client, clientError } from "../helpers/http";
import { db, seedMember, seedOrganization, seedUser } from "../helpers/seed";
import { addMember, createOrganization } from "../../src/services/people/organizations";

describe("organizations", () => {
  it("lists the caller's organizations across pages", async () => {
    const owner = await seedUser("multi");
    const ids: string[] = [];
    for (const title of ["One", "Two", "Three"]) {
      ids.push((await createOrganization(db, { title, ownerId: owner.user.id }, Date.now() + ids.length)).id);
    }
    await seedOrganization("Someone else's");
    const api1 = client(owner.token);
    const first = await api1.orgs.listOrganizationsForAuthenticatedUser({ limit: 2 });
    expect(first.data.count).toBe(3);
    expect(first.data.items).toHaveLength(2);
    const second = await api1.orgs.listOrganizationsForAuthenticatedUser({ limit: 2, page: first.data.next!.page });
    expect(second.data.next).toBeUndefined();
    expect([...first.data.items, ...second.data.items].map((o) => o.id)).toEqual(ids);
  });

  it("getOrganizationById returns every reference field, with honest self-hosted values", async () => {
    const { organization, owner } = await seedOrganization("Acme");
    const { data } = await client(owner.token).orgs.getOrganizationById(organization.id);
    expect(data).toMatchObject({
      object: "organization",
      id: organization.id,
      title: "Acme",
      emailDomains: [],
      type: "business",
      defaultRole: "read",
      inviteLinks: true,
      plan: "enterprise_2024",
      trial: { status: "notapplicable" },
      urls: {
        location: `https://api.quire.test/v1/orgs/${organization.id}`,
        app: `https://app.quire.test/o/${organization.id}`,
      },
    });
    expect(data.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(data.billing).toBeUndefined();
    expect(Object.values(data.permissions).every(Boolean)).toBe(true);
  });

  it("fills permissions from the caller's role", async () => {
    const { organization } = await seedOrganization();
    const reader = await seedMember(organization.id, "read");
    const guest = await seedMember(organization.id, null);
    const creator = await seedMember(organization.id, "create");
    const perms = async (token: string) =>
      (await client(token).orgs.getOrganizationById(organization.id)).data.permissions;
    expect(await perms(reader.token)).toMatchObject({
      view: true,
      admin: false,
      createContent: false,
      listMembers: true,
    });
    expect(await perms(guest.token)).toMatchObject({ view: true, admin: false, listMembers: false, listTeams: false });
    expect(await perms(creator.token)).toMatchObject({ createContent: true, admin: false, viewBilling: false });
  });

  it("404s an organization the caller is not a member of", async () => {
    const { organization } = await seedOrganization();
    const stranger = await seedUser();
    const error = await clientError(client(stranger.token).orgs.getOrganizationById(organization.id));
    expect(error.code).toBe(404);
    expect(error.errorMessage).toBe("Organization not found");
    expect(
      (await clientError(client(stranger.token).orgs.updateOrganizationById(organization.id, { title: "Mine" }))).code,
    ).toBe(404);
  });

  it("updateOrganizationById updates every field for admins", async () => {
    const { organization, owner } = await seedOrganization();
    const { data } = await client(owner.token).orgs.updateOrganizationById(organization.id, {
      title: "Acme Docs",
      emailDomains: ["Acme.com", "acme.com", "docs.acme.io"],
      hostname: "acme-docs",
      defaultRole: null,
      defaultContent: { type: "site", site: "site123" },
      logo: "https://acme.com/logo.png",
      sso: true,
      ai: true,
      inviteLinks: false,
    });
    expect(data).toMatchObject({
      title: "Acme Docs",
      emailDomains: ["acme.com", "docs.acme.io"],
      hostname: "acme-docs",
      defaultRole: null,
      defaultContent: { type: "site", site: "site123" },
      sso: true,
      ai: true,
      inviteLinks: false,
      urls: { logo: "https://acme.com/logo.png" },
    });
    const cleared = await client(owner.token).orgs.updateOrganizationById(organization.id, {
      logo: null,
      defaultContent: null,
    });
    expect(cleared.data.urls.logo).toBeUndefined();
    expect(cleared.data.defaultContent).toBeUndefined();
    expect(cleared.data.title).toBe("Acme Docs");
  });

  it("updateOrganizationById is admin-only (403) and validates each field (400)", async () => {
    const { organization, owner } = await seedOrganization();
    const creator = await seedMember(organization.id, "create");
    const denied = await clientError(
      client(creator.token).orgs.updateOrganizationById(organization.id, { title: "Nope" }),
    );
    expect(denied.code).toBe(403);
    const bad: Array<[Record<string, unknown>, RegExp]> = [
      [{ title: "A" }, /^body\.title/],
      [{ title: "x".repeat(256) }, /^body\.title/],
      [{ hostname: "ab" }, /^body\.hostname/],
      [{ hostname: "-abc" }, /^body\.hostname/],
      [{ hostname: "Has Spaces" }, /^body\.hostname/],
      [{ emailDomains: ["not a domain"] }, /^body\.emailDomains\.0/],
      [{ emailDomains: "acme.com" }, /^body\.emailDomains/],
      [{ defaultRole: "owner" }, /^body\.defaultRole/],
      [{ logo: "not-a-url" }, /^body\.logo/],
      [{ sso: "yes" }, /^body\.sso/],
      [{ defaultContent: { type: "space", site: "x" } }, /^body\.defaultContent/],
    ];
    for (const [body, message] of bad) {
      const res = await api("PATCH", `/orgs/${organization.id}`, { token: owner.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.message, JSON.stringify(body)).toMatch(message);
    }
  });

  it("refuses a hostname another organization owns with 409", async () => {
    const a = await seedOrganization();
    const b = await seedOrganization();
    await client(a.owner.token).orgs.updateOrganizationById(a.organization.id, { hostname: "taken-name" });
    const error = await clientError(
      client(b.owner.token).orgs.updateOrganizationById(b.organization.id, { hostname: "taken-name" }),
    );
    expect(error.code).toBe(409);
    // Setting one's own hostname again is fine.
    await client(a.owner.token).orgs.updateOrganizationById(a.organization.id, { hostname: "taken-name" });
  });

  it("401s without a token", async () => {
    expect((await clientError(client().orgs.listOrganizationsForAuthenticatedUser())).code).toBe(401);
    expect((await clientError(client().orgs.getOrganizationById("x"))).code).toBe(401);
  });
});

describe("email domains and subdomains", () => {
  it("lists organizations for one's own email domain, and only one's own for other domains", async () => {
    const { organization, owner } = await seedOrganization("Example Inc");
    await client(owner.token).orgs.updateOrganizationById(organization.id, {
      emailDomains: ["example.com", "other.org"],
    });
    const colleague = await seedUser("colleague"); // @example.com, not a member
    const { data } = await client(colleague.token).emailDomains.getOrganizationsForEmailDomain("example.com");
    expect(data.organizations.map((o) => o.id)).toContain(organization.id);
    const found = data.organizations.find((o) => o.id === organization.id)!;
    expect(found.permissions.view).toBe(false);
    const other = await client(colleague.token).emailDomains.getOrganizationsForEmailDomain("other.org");
    expect(other.data.organizations).toEqual([]);
    const asMember = await client(owner.token).emailDomains.getOrganizationsForEmailDomain("OTHER.org");
    expect(asMember.data.organizations.map((o) => o.id)).toEqual([organization.id]);
  });

  it("resolves an organization's subdomain and 404s unknown ones", async () => {
    const { organization, owner } = await seedOrganization();
    await client(owner.token).orgs.updateOrganizationById(organization.id, { hostname: "docs-team" });
    const someone = await seedUser();
    const { data } = await client(someone.token).subdomains.getSubdomain("docs-team");
    expect(data).toEqual({
      object: "subdomain",
      subdomain: "docs-team",
      target: { type: "organization", organization: organization.id },
      isActive: true,
    });
    expect((await clientError(client(someone.token).subdomains.getSubdomain("nobody-here"))).code).toBe(404);
  });

  it("sees an organization as soon as they are added (memberships are read per request)", async () => {
    const { organization } = await seedOrganization();
    const member = await seedUser();
    await addMember(db, organization.id, member.user.id, "read", Date.now());
    expect((await client(member.token).orgs.getOrganizationById(organization.id)).data.id).toBe(organization.id);
  });
});
