import { MemberRole as ClientRole } from "@gitbook/api";
import { describe, expect, it } from "vitest";
import { IDP_CERTIFICATE } from "../fixtures/certificate";
import { api, client, clientError } from "../helpers/http";
import { seedMember, seedOrganization, seedUser } from "../helpers/seed";

const complete = {
  entityID: "https://idp.example.com/metadata",
  certificate: IDP_CERTIFICATE,
  ssoURL: "https://idp.example.com/sso",
};

describe("SAML providers", () => {
  it("creates an active provider with its service URLs and default team, and a pending one with a label only", async () => {
    const { organization, owner } = await seedOrganization();
    const orgs = client(owner.token).orgs;
    const team = (await orgs.createOrganizationTeam(organization.id, { title: "SSO people", members: [owner.user.id] }))
      .data;
    const res = await api("POST", `/orgs/${organization.id}/saml`, {
      token: owner.token,
      body: { label: "Okta", ...complete, defaultTeam: team.id, defaultRole: "edit" },
    });
    expect(res.status).toBe(201);
    const id = res.json.id;
    const location = `https://api.quire.test/v1/orgs/${organization.id}/saml/${id}`;
    expect(res.headers.get("location")).toBe(location);
    expect(res.json).toMatchObject({
      object: "saml-provider",
      label: "Okta",
      ...complete,
      defaultRole: "edit",
      status: "active",
      defaultTeam: { object: "team", id: team.id, title: "SSO people", members: 1, spaces: 0 },
      service: {
        acsURL: `https://api.quire.test/sso/saml/${id}/acs`,
        startURL: `https://api.quire.test/sso/saml/${id}/start`,
        entityID: `https://api.quire.test/sso/saml/${id}/metadata`,
      },
      urls: { location },
    });
    expect(res.json.createdAt).toBeDefined();
    const pending = await orgs.createOrganizationSamlProvider(organization.id, { label: "Later" });
    expect(pending.data).toMatchObject({
      status: "pending",
      ssoURL: "",
      entityID: "",
      certificate: "",
      defaultRole: "read",
    });
    expect(pending.data.defaultTeam).toBeUndefined();
  });

  it("answers 400 naming the field for each limit", async () => {
    const { organization, owner } = await seedOrganization();
    const garbled = IDP_CERTIFICATE.replace(/\n[A-Za-z0-9+/]{20}/, "\nAAAAAAAAAAAAAAAAAAAA");
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{}, /^body\.label/],
      [{ label: "" }, /^body\.label/],
      [{ label: "x".repeat(31) }, /^body\.label/],
      [{ label: "ok", entityID: "e".repeat(1025) }, /^body\.entityID/],
      [{ label: "ok", certificate: `${IDP_CERTIFICATE}\n${"A".repeat(10000)}` }, /^body\.certificate/],
      [{ label: "ok", certificate: "not a certificate" }, /^body\.certificate: must be a PEM/],
      [
        { label: "ok", certificate: "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----" },
        /^body\.certificate/,
      ],
      [{ label: "ok", certificate: garbled }, /^body\.certificate/],
      [{ label: "ok", ssoURL: "not a url" }, /^body\.ssoURL/],
      [{ label: "ok", ssoURL: "javascript:alert(1)" }, /^body\.ssoURL/],
      [{ label: "ok", ssoURL: `https://idp.example.com/${"a".repeat(2030)}` }, /^body\.ssoURL/],
      [{ label: "ok", defaultTeam: "no-such-team" }, /^body\.defaultTeam/],
      [{ label: "ok", defaultRole: "boss" }, /^body\.defaultRole/],
    ];
    for (const [body, field] of cases) {
      const res = await api("POST", `/orgs/${organization.id}/saml`, { token: owner.token, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json.error.message, JSON.stringify(body).slice(0, 80)).toMatch(field);
    }
    const provider = (await client(owner.token).orgs.createOrganizationSamlProvider(organization.id, { label: "ok" }))
      .data;
    for (const [body, field] of cases.slice(1)) {
      const res = await api("PATCH", `/orgs/${organization.id}/saml/${provider.id}`, { token: owner.token, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json.error.message).toMatch(field);
    }
  });

  it("lists over pages, reads, updates and deletes providers", async () => {
    const { organization, owner } = await seedOrganization();
    const orgs = client(owner.token).orgs;
    const ids: string[] = [];
    for (const label of ["One", "Two", "Three"])
      ids.push((await orgs.createOrganizationSamlProvider(organization.id, { label })).data.id);
    const first = await orgs.listSamlProvidersInOrganizationById(organization.id, { limit: 2 });
    expect(first.data.count).toBe(3);
    const second = await orgs.listSamlProvidersInOrganizationById(organization.id, {
      limit: 2,
      page: first.data.next!.page,
    });
    expect([...first.data.items, ...second.data.items].map((p) => p.id)).toEqual(ids);

    const team = (await orgs.createOrganizationTeam(organization.id, { title: "Default" })).data;
    const updated = await orgs.updateOrganizationSamlProvider(organization.id, ids[0], {
      label: "Okta",
      ...complete,
      defaultTeam: team.id,
      defaultRole: ClientRole.Comment,
    });
    expect(updated.data).toMatchObject({
      label: "Okta",
      status: "active",
      defaultRole: "comment",
      defaultTeam: { id: team.id },
    });
    expect((await orgs.getOrganizationSamlProviderById(organization.id, ids[0])).data.label).toBe("Okta");
    // Deleting the default team clears it from the provider.
    await orgs.removeTeamFromOrganizationById(organization.id, team.id);
    expect((await orgs.getOrganizationSamlProviderById(organization.id, ids[0])).data.defaultTeam).toBeUndefined();

    await orgs.deleteOrganizationSamlProvider(organization.id, ids[1]);
    await orgs.deleteOrganizationSamlProvider(organization.id, ids[1]);
    expect((await clientError(orgs.getOrganizationSamlProviderById(organization.id, ids[1]))).code).toBe(404);
    const other = await seedOrganization();
    expect(
      (await clientError(client(other.owner.token).orgs.getOrganizationSamlProviderById(other.organization.id, ids[0])))
        .code,
    ).toBe(404);
  });

  it("is admin-only: 403 for members, 404 for strangers, 401 without a token", async () => {
    const { organization, owner } = await seedOrganization();
    const provider = (await client(owner.token).orgs.createOrganizationSamlProvider(organization.id, { label: "Okta" }))
      .data;
    const creator = await seedMember(organization.id, "create");
    const stranger = await seedUser();
    for (const [token, code] of [
      [creator.token, 403],
      [stranger.token, 404],
      [undefined, 401],
    ] as const) {
      const orgs = client(token).orgs;
      expect((await clientError(orgs.listSamlProvidersInOrganizationById(organization.id))).code).toBe(code);
      expect((await clientError(orgs.createOrganizationSamlProvider(organization.id, { label: "x" }))).code).toBe(code);
      expect((await clientError(orgs.getOrganizationSamlProviderById(organization.id, provider.id))).code).toBe(code);
      expect(
        (await clientError(orgs.updateOrganizationSamlProvider(organization.id, provider.id, { label: "y" }))).code,
      ).toBe(code);
      expect((await clientError(orgs.deleteOrganizationSamlProvider(organization.id, provider.id))).code).toBe(code);
    }
  });
});

describe("SSO login info", () => {
  it("lists the active providers' start URLs to anyone, without membership or token", async () => {
    const { organization, owner } = await seedOrganization();
    const orgs = client(owner.token).orgs;
    const active = (await orgs.createOrganizationSamlProvider(organization.id, { label: "Okta", ...complete })).data;
    await orgs.createOrganizationSamlProvider(organization.id, { label: "Not ready" });
    const expected = { items: [{ id: active.id, label: "Okta", startURL: active.service.startURL }] };
    expect((await client().orgs.listSsoProviderLoginsInOrganization(organization.id)).data).toEqual(expected);
    const stranger = await seedUser();
    expect((await client(stranger.token).orgs.listSsoProviderLoginsInOrganization(organization.id)).data).toEqual(
      expected,
    );
    const { organization: bare } = await seedOrganization("No SSO");
    expect((await client().orgs.listSsoProviderLoginsInOrganization(bare.id)).data).toEqual({ items: [] });
  });

  it("answers 404 with the error body for an unknown organization, with or without a token", async () => {
    const stranger = await seedUser();
    for (const token of [undefined, stranger.token]) {
      const res = await api("GET", "/orgs/no-such-org/sso", { token });
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ error: { code: 404, message: "Organization not found" } });
    }
    expect((await clientError(client().orgs.listSsoProviderLoginsInOrganization("no-such-org"))).code).toBe(404);
  });
});
