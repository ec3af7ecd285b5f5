import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api } from "../helpers/http";
import { seedUser, seedOrganization } from "../helpers/seed";

// A creation's event targets what it made, with what the path named as the payload's `parent`: an admin who
// filters the audit log by a created id finds its creation. Other writes target what their path names last.

type Listed = { id: string; action: string; actor: { id: string }; target: { type: string; id: string } };

describe("audit log: a creation targets what it created", () => {
  it("finds each creation by the created id, with the path's target as its parent", async () => {
    const { organization, owner } = await seedOrganization();
    const org = organization.id;
    const as = { token: owner.token };
    const created = async (method: string, path: string, body: object) => {
      const res = await api(method, path, { ...as, body });
      expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
      return res.json as { id: string; number?: number };
    };
    /** The one event of the action that filtering the organization's log by the id finds, and its details. */
    const creationOf = async (id: string, action: string) => {
      const listed = await api("GET", `/orgs/${org}/audit-events?target=${encodeURIComponent(id)}`, as);
      expect(listed.status).toBe(200);
      const events = (listed.json.items as Listed[]).filter((e) => e.action === action);
      expect(events, `${action} when filtering by ${id}`).toHaveLength(1);
      const details = await api("GET", `/orgs/${org}/audit-events/${events[0]!.id}`, as);
      return details.json as Listed & { payload: Record<string, unknown> };
    };
    const expectCreation = async (id: string, action: string, type: string, parent?: object) => {
      const event = await creationOf(id, action);
      expect(event.target).toEqual({ type, id });
      expect(event.payload.operation).toBe(action);
      expect(event.payload.parent).toEqual(parent);
    };
    const orgParent = { type: "organization", id: org };

    const space = await created("POST", `/orgs/${org}/spaces`, { title: "Audited" });
    await expectCreation(space.id, "createSpace", "space", orgParent);
    const collection = await created("POST", `/orgs/${org}/collections`, { title: "Shelf" });
    await expectCreation(collection.id, "createCollection", "collection", orgParent);
    const site = await created("POST", `/orgs/${org}/sites`, { title: "Docs" });
    await expectCreation(site.id, "createSite", "site", orgParent);
    const team = await created("PUT", `/orgs/${org}/teams`, { title: "Writers" });
    await expectCreation(team.id, "createOrganizationTeam", "team", orgParent);
    const invite = await created("POST", `/orgs/${org}/link-invites`, { role: "read" });
    await expectCreation(invite.id, "createOrganizationInvite", "invite", orgParent);

    const spaceParent = { type: "space", id: space.id };
    const cr = await created("POST", `/spaces/${space.id}/change-requests`, { subject: "Audited" });
    await expectCreation(cr.id, "createChangeRequest", "change-request", spaceParent);
    const comment = await created("POST", `/spaces/${space.id}/comments`, { body: { markdown: "Hello" } });
    await expectCreation(comment.id, "postCommentInSpace", "comment", spaceParent);
    const reply = await created("POST", `/spaces/${space.id}/comments/${comment.id}/replies`, {
      body: { markdown: "Hi" },
    });
    await expectCreation(reply.id, "postCommentReplyInSpace", "comment-reply", { type: "comment", id: comment.id });
    // Addressed by its number, the change request is still named by its id: the parent, and later writes.
    const onCr = await created("POST", `/spaces/${space.id}/change-requests/${cr.number}/comments`, {
      body: { markdown: "On the change request" },
    });
    await expectCreation(onCr.id, "postCommentInChangeRequest", "comment", { type: "change-request", id: cr.id });
    await created("PATCH", `/spaces/${space.id}/change-requests/${cr.number}`, { subject: "Renamed" });
    const crEvents = await api("GET", `/orgs/${org}/audit-events?target=${cr.id}`, as);
    expect((crEvents.json.items as Listed[]).map((e) => e.action)).toEqual([
      "updateChangeRequestById",
      "createChangeRequest",
    ]);

    const integrationName = `audited-${crypto.randomUUID().slice(0, 8)}`;
    await created("POST", `/integrations/${integrationName}`, {
      title: "Audited",
      description: "An integration of the organization under test",
      scopes: [],
      script: "export default { async fetch() { return new Response('ok'); } };",
      organization: org,
    });
    const installation = await created("POST", `/integrations/${integrationName}/installations`, {
      organization: org,
    });
    await expectCreation(installation.id, "installIntegration", "installation", {
      type: "integration",
      id: integrationName,
    });

    // A write that creates nothing keeps its path's target (and has no parent).
    await created("PATCH", `/spaces/${space.id}`, { title: "Renamed" });
    const bySpace = await api("GET", `/orgs/${org}/audit-events?target=${space.id}`, as);
    const spaceEvents = bySpace.json.items as Listed[];
    expect(spaceEvents.map((e) => [e.action, e.target])).toEqual([
      ["updateSpaceById", { type: "space", id: space.id }],
      ["createSpace", { type: "space", id: space.id }],
    ]);
    const update = await api("GET", `/orgs/${org}/audit-events/${spaceEvents[0]!.id}`, as);
    expect(update.json.payload.parent).toBeUndefined();
    // The organization the creations were made in is now only the target of writes to it, not of creations in it.
    const byOrg = await api("GET", `/orgs/${org}/audit-events?target=${org}`, as);
    expect(byOrg.json.items).toEqual([]);
  });

  it("records an installation in the installing organization's log, not the publisher's", async () => {
    const publisher = await seedOrganization("Publisher");
    const installer = await seedOrganization("Installer");
    const integrationName = `public-${crypto.randomUUID().slice(0, 8)}`;
    const published = await api("POST", `/integrations/${integrationName}`, {
      token: publisher.owner.token,
      body: {
        title: "Public",
        description: "Installed by another organization",
        scopes: [],
        script: "export default { async fetch() { return new Response('ok'); } };",
        organization: publisher.organization.id,
        visibility: "public",
      },
    });
    expect(published.status, published.text).toBe(200);
    const installation = await api("POST", `/integrations/${integrationName}/installations`, {
      token: installer.owner.token,
      body: { organization: installer.organization.id },
    });
    expect(installation.status, installation.text).toBe(201);
    const inLog = async (org: { organization: { id: string }; owner: { token: string } }) =>
      (
        (
          await api("GET", `/orgs/${org.organization.id}/audit-events?target=${installation.json.id}`, {
            token: org.owner.token,
          })
        ).json.items as Listed[]
      ).map((e) => e.action);
    expect(await inLog(installer)).toEqual(["installIntegration"]);
    expect(await inLog(publisher)).toEqual([]);
  });

  it("targets a new API token, and a new organization, with no parent: their paths name none", async () => {
    const { user, token } = await seedUser("creator");
    const apiToken = await api("POST", "/user/tokens", { token, body: { label: "Audited" } });
    expect(apiToken.status).toBe(201);
    // A user's own tokens belong to no organization, so no organization's log lists them: the row itself.
    const row = await env.DB.prepare("SELECT * FROM audit_events WHERE target_id = ?")
      .bind(apiToken.json.id)
      .first<{ action: string; target_type: string; organization_id: string | null; payload: string }>();
    expect(row).toMatchObject({ action: "createApiToken", target_type: "token", organization_id: null });
    expect(JSON.parse(row!.payload).parent).toBeUndefined();

    // A new organization's creation is in its own log (a write outside any organization until then).
    const organization = await api("POST", "/orgs", { token, body: { title: "Founded" } });
    expect(organization.status).toBe(201);
    const listed = await api("GET", `/orgs/${organization.json.id}/audit-events?target=${organization.json.id}`, {
      token,
    });
    expect((listed.json.items as Listed[]).map((e) => [e.action, e.actor.id, e.target])).toEqual([
      ["createOrganization", user.id, { type: "organization", id: organization.json.id }],
    ]);
  });
});
