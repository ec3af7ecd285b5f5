import { describe, expect, it } from "vitest";
import { organizationMembers } from "../../src/db/schema";
import { api, workerFetch } from "../helpers/http";
import { acsForm, makeTestIdp, samlResponseXml, signXml } from "../helpers/saml";
import { db, seedMember, seedOrganization } from "../helpers/seed";

const IDP = "https://idp.enforced.test/metadata";

describe("SSO enforcement (the organization's `sso`)", () => {
  it("refuses tokens of members who never signed in through SSO, until they do; admins and other organizations unaffected", async () => {
    const { organization, owner } = await seedOrganization("Enforced");
    const other = await seedOrganization("Free");
    const member = await seedMember(organization.id, "edit", "member");
    await db
      .insert(organizationMembers)
      .values({ organizationId: other.organization.id, userId: member.user.id, role: "read", joinedAt: 1 });
    const idp = await makeTestIdp();
    const provider = await api("POST", `/orgs/${organization.id}/saml`, {
      token: owner.token,
      body: { label: "IdP", entityID: IDP, ssoURL: "https://idp.enforced.test/sso", certificate: idp.pem },
    });
    expect(provider.status).toBe(201);

    expect((await api("GET", `/orgs/${organization.id}`, { token: member.token })).status).toBe(200);
    const enforce = await api("PATCH", `/orgs/${organization.id}`, { token: owner.token, body: { sso: true } });
    expect(enforce.status).toBe(200);
    expect(enforce.json.sso).toBe(true);

    const refused = await api("GET", `/orgs/${organization.id}`, { token: member.token });
    expect([403, 404]).toContain(refused.status);
    expect(
      (await api("GET", `/orgs/${organization.id}/spaces`, { token: member.token })).status,
    ).toBeGreaterThanOrEqual(400);
    // The admin (who configures the IdP) keeps access; the member's other organization is not affected.
    expect((await api("GET", `/orgs/${organization.id}`, { token: owner.token })).status).toBe(200);
    expect((await api("GET", `/orgs/${other.organization.id}`, { token: member.token })).status).toBe(200);

    // One sign-in through the organization's IdP, and the member's tokens work there again.
    const { acsURL, entityID } = provider.json.service;
    const xml = samlResponseXml({
      idpEntityId: IDP,
      audience: entityID,
      acsUrl: acsURL,
      nameId: member.user.email,
      assertionId: "_enf1",
    });
    const res = await workerFetch(acsURL, {
      method: "POST",
      body: acsForm(await signXml(xml, idp, "_enf1")),
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    expect((await api("GET", `/orgs/${organization.id}`, { token: member.token })).status).toBe(200);

    // Turning enforcement off restores everyone's tokens.
    const second = await seedMember(organization.id, "read", "second");
    expect([403, 404]).toContain((await api("GET", `/orgs/${organization.id}`, { token: second.token })).status);
    await api("PATCH", `/orgs/${organization.id}`, { token: owner.token, body: { sso: false } });
    expect((await api("GET", `/orgs/${organization.id}`, { token: second.token })).status).toBe(200);
  });
});
