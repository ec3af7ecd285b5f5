import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { purgeAuditEvents } from "../../src/services/audit";
import { currentClient, expectCurrentShape } from "../helpers/current-client";
import { api } from "../helpers/http";
import { seedMember, seedOrganization } from "../helpers/seed";

type AuditRow = {
  id: string;
  organization_id: string | null;
  action: string;
  actor_type: string;
  actor_id: string;
  actor_label: string | null;
  source: string;
  target_type: string;
  target_id: string;
  request_id: string | null;
  address: string | null;
  user_agent: string | null;
  payload: string;
};

const eventsOf = async (organizationId: string) =>
  (
    await env.DB.prepare("SELECT * FROM audit_events WHERE organization_id = ? ORDER BY occurred_at, rowid")
      .bind(organizationId)
      .all<AuditRow>()
  ).results;

describe("audit log: every API write records one event in its own batch", () => {
  it("records who did what to which resource, from where, with the request's id", async () => {
    const { organization, owner } = await seedOrganization();
    const created = await api("POST", `/orgs/${organization.id}/spaces`, {
      token: owner.token,
      body: { title: "Audited" },
      headers: { "cf-connecting-ip": "203.0.113.7", "user-agent": "audit-test/1.0", "x-request-id": "req-audit-1" },
    });
    expect(created.status).toBe(201);
    const [event, ...more] = await eventsOf(organization.id);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      action: "createSpace",
      actor_type: "user",
      actor_id: owner.user.id,
      actor_label: owner.user.displayName,
      source: "api",
      target_type: "space",
      target_id: created.json.id,
      request_id: "req-audit-1",
      address: "203.0.113.7",
      user_agent: "audit-test/1.0",
    });
    expect(JSON.parse(event!.payload)).toEqual({
      operation: "createSpace",
      method: "POST",
      path: `/v1/orgs/${organization.id}/spaces`,
      parent: { type: "organization", id: organization.id },
    });

    // A write under /spaces/{spaceId} belongs to the space's organization, its target the space.
    await api("PATCH", `/spaces/${created.json.id}`, { token: owner.token, body: { title: "Renamed" } });
    const events = await eventsOf(organization.id);
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({ action: "updateSpaceById", target_type: "space", target_id: created.json.id });
  });

  it("records nothing for a write that failed or changed nothing", async () => {
    const { organization, owner } = await seedOrganization();
    const reader = await seedMember(organization.id, "read");
    // Refused by validation, by permission, by a unique index inside the write's batch (409).
    expect(
      (await api("POST", `/orgs/${organization.id}/spaces`, { token: owner.token, body: { title: 5 } })).status,
    ).toBe(400);
    expect(
      (await api("POST", `/orgs/${organization.id}/spaces`, { token: reader.token, body: { title: "No" } })).status,
    ).toBe(403);
    const other = await seedOrganization("Other");
    await api("PATCH", `/orgs/${other.organization.id}`, {
      token: other.owner.token,
      body: { hostname: "taken-host" },
    });
    const conflict = await api("PATCH", `/orgs/${organization.id}`, {
      token: owner.token,
      body: { hostname: "taken-host" },
    });
    expect(conflict.status).toBe(409);
    // A delete of something that is not there: 204, and no row changed.
    const team = await api("PUT", `/orgs/${organization.id}/teams`, { token: owner.token, body: { title: "Team" } });
    expect(team.status).toBeLessThan(300);
    const before = (await eventsOf(organization.id)).length;
    const removed = await api("DELETE", `/orgs/${organization.id}/teams/${team.json.id}/members/${reader.user.id}`, {
      token: owner.token,
    });
    expect(removed.status).toBe(204);
    const events = await eventsOf(organization.id);
    expect(events).toHaveLength(before);
    expect(events.map((e) => e.action)).toEqual(["createOrganizationTeam"]);
  });

  it("lists newest first with the 0.202 filters and keyset pages, for admins only", async () => {
    const { organization, owner } = await seedOrganization();
    const member = await seedMember(organization.id, "admin");
    const spaceIds: string[] = [];
    for (const title of ["One", "Two", "Three"]) {
      spaceIds.push(
        (await api("POST", `/orgs/${organization.id}/spaces`, { token: owner.token, body: { title } })).json.id,
      );
    }
    await api("PATCH", `/spaces/${spaceIds[0]}`, { token: member.token, body: { title: "One again" } });

    const gb = currentClient(owner.token);
    const all = await gb.orgs.listOrganizationAuditEvents(organization.id);
    expect(all.data.items.map((e) => e.action)).toEqual([
      "updateSpaceById",
      "createSpace",
      "createSpace",
      "createSpace",
    ]);
    for (const item of all.data.items) expectCurrentShape("AuditEvent", item);

    const byActor = await gb.orgs.listOrganizationAuditEvents(organization.id, { actor: member.user.id });
    expect(byActor.data.items.map((e) => e.target.id)).toEqual([spaceIds[0]]);
    const byTarget = await gb.orgs.listOrganizationAuditEvents(organization.id, { target: spaceIds[0] });
    expect(byTarget.data.items.map((e) => e.action)).toEqual(["updateSpaceById", "createSpace"]);
    const byAction = await gb.orgs.listOrganizationAuditEvents(organization.id, { action: "createSpace", limit: 2 });
    expect(byAction.data.items).toHaveLength(2);
    expect(byAction.data.count).toBe(3);
    const rest = await gb.orgs.listOrganizationAuditEvents(organization.id, {
      action: "createSpace",
      limit: 2,
      page: byAction.data.next!.page,
    });
    expect(rest.data.items).toHaveLength(1);
    expect(rest.data.next).toBeUndefined();
    const future = await gb.orgs.listOrganizationAuditEvents(organization.id, {
      from: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(future.data.items).toEqual([]);
    const past = await gb.orgs.listOrganizationAuditEvents(organization.id, { to: "2020-01-01T00:00:00Z" });
    expect(past.data.items).toEqual([]);

    const details = await gb.orgs.getOrganizationAuditEvent(organization.id, all.data.items[0]!.id);
    expectCurrentShape("AuditEventDetails", details.data);
    expect(details.data).toMatchObject({ action: "updateSpaceById", schemaVersion: 1, actor: { id: member.user.id } });

    const reader = await seedMember(organization.id, "edit");
    expect((await api("GET", `/orgs/${organization.id}/audit-events`, { token: reader.token })).status).toBe(403);
    const outsider = await seedOrganization("Outside");
    expect((await api("GET", `/orgs/${organization.id}/audit-events`, { token: outsider.owner.token })).status).toBe(
      404,
    );
    // Another organization's event id is not found through this one.
    expect(
      (
        await api("GET", `/orgs/${outsider.organization.id}/audit-events/${all.data.items[0]!.id}`, {
          token: outsider.owner.token,
        })
      ).status,
    ).toBe(404);
    expect(
      (await api("GET", `/orgs/${organization.id}/audit-events?from=yesterday`, { token: owner.token })).status,
    ).toBe(400);
    expect((await api("GET", `/orgs/${organization.id}/audit-events?limit=101`, { token: owner.token })).status).toBe(
      400,
    );
  });

  it("serves the catalogue of actions: every write operation, with its summary", async () => {
    const { organization, owner } = await seedOrganization();
    const { data } = await currentClient(owner.token).orgs.listOrganizationAuditEventActions(organization.id);
    for (const item of data.items) expectCurrentShape("AuditEventAction", item);
    const ids = data.items.map((a) => a.id);
    expect(ids).toContain("createSpace");
    expect(ids).toContain("mergeChangeRequest");
    expect(ids).not.toContain("getSpaceById");
    expect(ids).not.toContain("searchSiteContent");
    expect(data.items.find((a) => a.id === "createSpace")?.label).toBe("Create a space");
  });

  it("purges events older than AUDIT_RETENTION_DAYS (a bad value keeps the default 365)", async () => {
    const { organization, owner } = await seedOrganization();
    await api("POST", `/orgs/${organization.id}/spaces`, { token: owner.token, body: { title: "Kept" } });
    const day = 24 * 60 * 60 * 1000;
    const insertAged = (id: string, ageDays: number) =>
      env.DB.prepare(
        `INSERT INTO audit_events (id, organization_id, occurred_at, action, actor_type, actor_id, source, target_type,
          target_id, payload) VALUES (?, ?, ?, 'createSpace', 'user', ?, 'api', 'organization', ?, '{}')`,
      )
        .bind(id, organization.id, Date.now() - ageDays * day, owner.user.id, organization.id)
        .run();
    await insertAged("aged-40", 40);
    await insertAged("aged-400", 400);
    const db = createDb(env.DB);
    await purgeAuditEvents({ db, env: { ...env, AUDIT_RETENTION_DAYS: "soon" } as never, now: Date.now() });
    expect((await eventsOf(organization.id)).map((e) => e.id)).toContain("aged-40");
    expect((await eventsOf(organization.id)).map((e) => e.id)).not.toContain("aged-400");
    await purgeAuditEvents({ db, env: { ...env, AUDIT_RETENTION_DAYS: "30" } as never, now: Date.now() });
    const left = await eventsOf(organization.id);
    expect(left.map((e) => e.id)).not.toContain("aged-40");
    expect(left.map((e) => e.action)).toEqual(["createSpace"]);
  });
});
