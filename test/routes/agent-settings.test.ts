import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { agentInstructions, agentInstructionsStatement } from "../../src/services/agents";
import { currentClient, expectCurrentShape } from "../helpers/current-client";
import { api, workerFetch } from "../helpers/http";
import { db, seedMember, seedOrganization } from "../helpers/seed";

async function siteOfNewOrganization() {
  const { organization, owner } = await seedOrganization("Agents");
  const current = currentClient(owner.token);
  const site = (await current.orgs.createSite(organization.id, { title: "Docs" } as never)).data;
  return { organization, owner, site, current };
}

const paragraph = (text: string) => ({
  object: "document" as const,
  data: {},
  nodes: [
    {
      object: "block",
      type: "paragraph",
      data: {},
      nodes: [{ object: "text", leaves: [{ object: "leaf", text, marks: [] }] }],
    },
  ],
});

const settingsInput = (instructions: unknown = paragraph("Prefer short sentences.")) => ({
  scans: { topics: "auto" as const },
  findings: { changeRequests: "auto-fixable" as const },
  editing: { customInstructions: instructions as ReturnType<typeof paragraph> },
});

const auditActions = async (organizationId: string) =>
  (
    await env.DB.prepare("SELECT action FROM audit_events WHERE organization_id = ? ORDER BY occurred_at, rowid")
      .bind(organizationId)
      .all<{ action: string }>()
  ).results.map((r) => r.action);

describe("site agent settings (0.202)", () => {
  it("answers the defaults, then stores a replacement and reads it back through the 0.202 client", async () => {
    const { organization, owner, site, current } = await siteOfNewOrganization();
    const defaults = await current.orgs.getSiteAgentSettingsById(organization.id, site.id);
    expect(defaults.status).toBe(200);
    expectCurrentShape("SiteAgentSettings", defaults.data);
    expect(defaults.data).toMatchObject({
      object: "site-agent-settings",
      scans: { topics: "never" },
      findings: { changeRequests: "never" },
      editing: { customInstructions: { object: "document", nodes: [] } },
    });
    expect(defaults.data.updatedAt).toBeUndefined();

    const updated = await current.orgs.updateSiteAgentSettingsById(organization.id, site.id, settingsInput() as never);
    expect(updated.status).toBe(200);
    expectCurrentShape("SiteAgentSettings", updated.data);
    expect(updated.data).toMatchObject({
      scans: { topics: "auto" },
      findings: { changeRequests: "auto-fixable" },
      updatedBy: owner.user.id,
    });
    const read = (await current.orgs.getSiteAgentSettingsById(organization.id, site.id)).data;
    expectCurrentShape("SiteAgentSettings", read);
    expect(JSON.stringify(read.editing.customInstructions)).toContain("Prefer short sentences.");
    expect(read.urls.location).toMatch(new RegExp(`/v1/orgs/${organization.id}/sites/${site.id}/agent-settings$`));
    expect(await auditActions(organization.id)).toContain("updateSiteAgentSettingsById");

    // A markdown string is accepted as the document (the contract's leniency).
    const lenient = await api("PUT", `/orgs/${organization.id}/sites/${site.id}/agent-settings`, {
      token: owner.token,
      body: settingsInput("Use **bold** for UI labels."),
    });
    expect(lenient.status).toBe(200);
    expect(JSON.stringify(lenient.json.editing.customInstructions)).toContain("UI labels");
  });

  it("validates the body: enums, required parts, instruction length (400 naming the field)", async () => {
    const { organization, owner, site } = await siteOfNewOrganization();
    const put = (body: unknown) =>
      api("PUT", `/orgs/${organization.id}/sites/${site.id}/agent-settings`, { token: owner.token, body });
    const badTopic = await put({ ...settingsInput(), scans: { topics: "sometimes" } });
    expect(badTopic.status).toBe(400);
    expect(badTopic.json.error).toMatchObject({ code: 400 });
    expect(badTopic.json.error.message).toMatch(/^body\.scans\.topics/);
    const missing = await put({ scans: { topics: "auto" }, findings: { changeRequests: "never" } });
    expect(missing.status).toBe(400);
    expect(missing.json.error.message).toMatch(/^body\.editing/);
    const long = await put(settingsInput("x".repeat(10_001)));
    expect(long.status).toBe(400);
    expect(long.json.error.message).toMatch(/^body\.editing\.customInstructions/);
    const longDocument = await put(settingsInput(paragraph("y".repeat(10_001))));
    expect(longDocument.status).toBe(400);
    expect(longDocument.json.error.message).toMatch(/^body\.editing\.customInstructions: must be at most 10000/);
    const notJson = await put("{");
    expect(notJson.status).toBe(400);
  });

  it("reads for members who see the site, writes for site managers; 401, 403 and 404 across the boundary", async () => {
    const { organization, owner, site } = await siteOfNewOrganization();
    const path = `/orgs/${organization.id}/sites/${site.id}/agent-settings`;
    const reader = await seedMember(organization.id, "read");
    const creator = await seedMember(organization.id, "create");
    const guest = await seedMember(organization.id, null);
    const stranger = await seedOrganization("Elsewhere");

    expect((await api("GET", path)).status).toBe(401);
    expect((await api("PUT", path, { body: settingsInput() })).status).toBe(401);
    expect((await api("GET", path, { token: reader.token })).status).toBe(200);
    const denied = await api("PUT", path, { token: reader.token, body: settingsInput() });
    expect(denied.status).toBe(403);
    expect((await api("PUT", path, { token: creator.token, body: settingsInput() })).status).toBe(200);
    expect((await api("GET", path, { token: guest.token })).status).toBe(404);
    expect((await api("GET", path, { token: stranger.owner.token })).status).toBe(404);
    expect((await api("PUT", path, { token: stranger.owner.token, body: settingsInput() })).status).toBe(404);
    // The site id under another organization is not this site.
    const foreign = `/orgs/${stranger.organization.id}/sites/${site.id}/agent-settings`;
    expect((await api("GET", foreign, { token: stranger.owner.token })).status).toBe(404);
    expect(
      (await api("GET", `/orgs/${organization.id}/sites/nope/agent-settings`, { token: owner.token })).status,
    ).toBe(404);
  });

  it("goes with its site", async () => {
    const { organization, owner, site, current } = await siteOfNewOrganization();
    await current.orgs.updateSiteAgentSettingsById(organization.id, site.id, settingsInput() as never);
    await api("DELETE", `/orgs/${organization.id}/sites/${site.id}`, { token: owner.token });
    const left = await env.DB.prepare("SELECT count(*) AS n FROM site_agent_settings WHERE site_id = ?")
      .bind(site.id)
      .first<{ n: number }>();
    expect(left!.n).toBe(0);
  });
});

describe("organization agent instructions (0.202)", () => {
  it("empty until set; an admin sets them, members read them; agentInstructions() gives the markdown", async () => {
    const { organization, owner } = await seedOrganization("Instructed");
    const current = currentClient(owner.token);
    const unset = await current.orgs.getOrganizationAgentInstructions(organization.id);
    expectCurrentShape("OrganizationAgentInstructions", unset.data);
    expect(unset.data).toMatchObject({ instructions: { object: "document", nodes: [] }, updatedBy: "" });
    expect(unset.data.updatedAt).toBe(new Date(organization.createdAt).toISOString());
    expect(await agentInstructions(db, organization.id)).toBeUndefined();

    const updated = await current.orgs.updateOrganizationAgentInstructions(organization.id, {
      instructions: paragraph("Always cite the page you used.") as never,
    });
    expect(updated.status).toBe(200);
    expectCurrentShape("OrganizationAgentInstructions", updated.data);
    expect(updated.data).toMatchObject({ object: "agent-instructions", updatedBy: owner.user.id });

    const member = await seedMember(organization.id, "read");
    const read = await currentClient(member.token).orgs.getOrganizationAgentInstructions(organization.id);
    expectCurrentShape("OrganizationAgentInstructions", read.data);
    expect(JSON.stringify(read.data.instructions)).toContain("Always cite the page you used.");
    expect(await agentInstructions(db, organization.id)).toBe("Always cite the page you used.");
    expect(await agentInstructionsStatement(db, organization.id)).toEqual([
      { instructions: "Always cite the page you used." },
    ]);
    expect(await auditActions(organization.id)).toContain("updateOrganizationAgentInstructions");

    // An empty document clears their use (the object stays, empty).
    await current.orgs.updateOrganizationAgentInstructions(organization.id, {
      instructions: { object: "document", data: {}, nodes: [] },
    });
    expect(await agentInstructions(db, organization.id)).toBeUndefined();
    expect(await agentInstructionsStatement(db, organization.id)).toEqual([]);
  });

  it("admins write (403 below), strangers see nothing (404), no token 401, bad bodies 400", async () => {
    const { organization, owner } = await seedOrganization("Guarded");
    const path = `/orgs/${organization.id}/agent-instructions`;
    const creator = await seedMember(organization.id, "create");
    const stranger = await seedOrganization("Other");
    const body = { instructions: "Be brief." };
    expect((await api("GET", path)).status).toBe(401);
    expect((await api("PUT", path, { body })).status).toBe(401);
    expect((await api("PUT", path, { token: creator.token, body })).status).toBe(403);
    expect((await api("PUT", path, { token: stranger.owner.token, body })).status).toBe(404);
    expect((await api("PUT", path, { token: owner.token, body })).status).toBe(200);
    expect((await api("GET", path, { token: stranger.owner.token })).status).toBe(404);
    expect((await api("GET", path, { token: creator.token })).status).toBe(200);
    // Another organization's instructions are its own.
    expect(await agentInstructions(db, stranger.organization.id)).toBeUndefined();

    const missing = await api("PUT", path, { token: owner.token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.error.message).toMatch(/^body\.instructions/);
    const long = await api("PUT", path, { token: owner.token, body: { instructions: "z".repeat(10_001) } });
    expect(long.status).toBe(400);
    expect(long.json.error.message).toMatch(/^body\.instructions/);
    const wrongType = await api("PUT", path, { token: owner.token, body: { instructions: 42 } });
    expect(wrongType.status).toBe(400);
  });

  it("takes the instructions as a document or as a markdown string, as the served OpenAPI says (a oneOf)", async () => {
    const { organization, owner } = await seedOrganization("Either");
    const path = `/orgs/${organization.id}/agent-instructions`;
    const asText = await api("PUT", path, {
      token: owner.token,
      body: { instructions: "Answer in **one** paragraph." },
    });
    expect(asText.status).toBe(200);
    expectCurrentShape("OrganizationAgentInstructions", asText.json);
    expect(asText.json.instructions.object).toBe("document");
    expect(await agentInstructions(db, organization.id)).toBe("Answer in **one** paragraph.");
    const asDocument = await api("PUT", path, { token: owner.token, body: { instructions: paragraph("Cite.") } });
    expect(asDocument.status).toBe(200);
    expect(await agentInstructions(db, organization.id)).toBe("Cite.");

    const served = (await (await workerFetch("https://api.quire.test/openapi.json")).json()) as {
      paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: unknown }> } }>>;
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    const body = served.paths["/v1/orgs/{organizationId}/agent-instructions"]!.put!.requestBody.content[
      "application/json"
    ]!.schema as { properties: { instructions: Record<string, unknown> } };
    const either = {
      oneOf: [
        { $ref: "#/components/schemas/JSONDocument" },
        expect.objectContaining({ type: "string", maxLength: 10_000 }),
      ],
    };
    expect(body.properties.instructions).toMatchObject(either);
    expect(body.properties.instructions).not.toHaveProperty("anyOf");
    const editing = served.components.schemas.SiteAgentSettingsInput!.properties.editing as {
      properties: { customInstructions: unknown };
    };
    expect(editing.properties.customInstructions).toMatchObject(either);
  });
});
