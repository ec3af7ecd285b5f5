import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../src/index";
import { currentClient, expectCurrentShape } from "../helpers/current-client";
import { api, clientError } from "../helpers/http";
import { db, seedMember, seedOrganization, seedUser } from "../helpers/seed";
import { addMember } from "../../src/services/people/organizations";

/** A request to the Worker with some variables changed (the deployment's settings). */
async function withSettings(vars: Record<string, string>, path: string, token: string, body: unknown) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`https://api.quire.test/v1${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    }) as never,
    { ...env, ...vars } as never,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { status: res.status, json: (await res.json()) as any };
}

const roleOf = async (organizationId: string, userId: string) =>
  (
    await env.DB.prepare("SELECT role FROM organization_members WHERE organization_id = ? AND user_id = ?")
      .bind(organizationId, userId)
      .first<{ role: string | null }>()
  )?.role;

describe("createOrganization (0.202)", () => {
  it("creates an organization whose admin is the caller, in the 0.202 shape, with its Location", async () => {
    const { user, token } = await seedUser("founder");
    const res = await currentClient(token).orgs.createOrganization({
      title: "Founders",
      emailDomains: ["Founders.example"],
    });
    expect(res.status).toBe(201);
    expectCurrentShape("Organization", res.data);
    expect(res.data).toMatchObject({ object: "organization", title: "Founders", emailDomains: ["founders.example"] });
    expect(res.headers.get("location")).toBe(`https://api.quire.test/v1/orgs/${res.data.id}`);
    expect(await roleOf(res.data.id, user.id)).toBe("admin");
    // The creator's token reaches it at once (the membership is read with the token on the next request).
    const read = await currentClient(token).orgs.getOrganizationById(res.data.id);
    expect(read.data.id).toBe(res.data.id);
  });

  it("creates a default site with a sample space when asked, and refuses openapiUrl", async () => {
    const { token } = await seedUser("founder");
    const { data: organization } = await currentClient(token).orgs.createOrganization(
      { title: "With site" },
      { withDefaultSite: true },
    );
    const sites = await api("GET", `/orgs/${organization.id}/sites`, { token });
    expect(sites.status).toBe(200);
    expect(sites.json.items).toHaveLength(1);
    expect(sites.json.items[0]).toMatchObject({ title: "With site" });
    const siteSpaces = await api("GET", `/orgs/${organization.id}/sites/${sites.json.items[0].id}/site-spaces`, {
      token,
    });
    expect(siteSpaces.json.items).toHaveLength(1);

    const refused = await api("POST", "/orgs?withDefaultSite=true&openapiUrl=https%3A%2F%2Fexample.com%2Fapi.json", {
      token,
      body: { title: "Spec" },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toMatch(/openapiUrl/);
  });

  it("answers 400 for a bad body, 401 without a token, 403 to an integration token", async () => {
    const { token } = await seedUser("founder");
    expect((await api("POST", "/orgs", { token, body: {} })).status).toBe(400);
    expect((await api("POST", "/orgs", { token, body: { title: "x" } })).json.error.code).toBe(400);
    expect(
      (await api("POST", "/orgs", { token, body: { title: "Okay", emailDomains: ["not a domain"] } })).status,
    ).toBe(400);
    const anonymous = await api("POST", "/orgs", { body: { title: "Nobody" } });
    expect(anonymous.status).toBe(401);
  });

  it("follows ALLOW_ORGANIZATION_CREATION: none refuses, admins lets only admins, a typo counts as none", async () => {
    const { organization, owner } = await seedOrganization();
    const reader = await seedMember(organization.id, "read");
    const loner = await seedUser("loner");

    const none = await withSettings({ ALLOW_ORGANIZATION_CREATION: "none" }, "/orgs", owner.token, { title: "No" });
    expect(none.status).toBe(403);
    expect(none.json.error.message).toMatch(/turned off/);
    const typo = await withSettings({ ALLOW_ORGANIZATION_CREATION: "everyone" }, "/orgs", owner.token, { title: "No" });
    expect(typo.status).toBe(403);

    const admins = { ALLOW_ORGANIZATION_CREATION: "admins" };
    expect((await withSettings(admins, "/orgs", reader.token, { title: "Reader's" })).status).toBe(403);
    expect((await withSettings(admins, "/orgs", loner.token, { title: "Loner's" })).status).toBe(403);
    const made = await withSettings(admins, "/orgs", owner.token, { title: "Admin's" });
    expect(made.status).toBe(201);
    expect(await roleOf(made.json.id, owner.user.id)).toBe("admin");

    expect(
      (await withSettings({ ALLOW_ORGANIZATION_CREATION: "" }, "/orgs", loner.token, { title: "Open" })).status,
    ).toBe(201);
  });
});

describe("joinOrganization (0.202)", () => {
  it("joins an organization that lists the caller's email domain, with its default role, once", async () => {
    const { organization, owner } = await seedOrganization();
    // seedUser's emails are @example.com.
    await api("PATCH", `/orgs/${organization.id}`, {
      token: owner.token,
      body: { emailDomains: ["example.com"], defaultRole: "comment" },
    });
    const joiner = await seedUser("joiner");
    const res = await currentClient(joiner.token).orgs.joinOrganization(organization.id);
    expect(res.status).toBe(204);
    expect(await roleOf(organization.id, joiner.user.id)).toBe("comment");
    // They now read it, and joining again changes nothing (an admin's later role change stays).
    expect((await api("GET", `/orgs/${organization.id}`, { token: joiner.token })).status).toBe(200);
    await addMember(db, organization.id, joiner.user.id, "edit", Date.now());
    expect((await api("POST", `/orgs/${organization.id}/join`, { token: joiner.token })).status).toBe(204);
    expect(await roleOf(organization.id, joiner.user.id)).toBe("edit");
  });

  it("refuses a caller whose domain the organization does not list (400), an unknown one (404), no token (401)", async () => {
    const { organization, owner } = await seedOrganization();
    const outsider = await seedUser("outsider");
    const unlisted = await clientError(currentClient(outsider.token).orgs.joinOrganization(organization.id));
    expect(unlisted.code).toBe(400);
    expect(await roleOf(organization.id, outsider.user.id)).toBeUndefined();

    // A domain that merely ends like the caller's is not theirs.
    await api("PATCH", `/orgs/${organization.id}`, { token: owner.token, body: { emailDomains: ["ample.com"] } });
    expect((await api("POST", `/orgs/${organization.id}/join`, { token: outsider.token })).status).toBe(400);
    expect(await roleOf(organization.id, outsider.user.id)).toBeUndefined();

    expect((await api("POST", "/orgs/no-such-organization/join", { token: outsider.token })).status).toBe(404);
    expect((await api("POST", `/orgs/${organization.id}/join`)).status).toBe(401);
  });
});
