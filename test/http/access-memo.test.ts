// A known personal token is read as its row and the access generation (migration 0040); the memberships and
// grants this isolate keeps for it are used only while the generation stands still.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { seedSpace } from "../helpers/content";
import { countedApp } from "../helpers/counting-d1";
import { api } from "../helpers/http";
import { seedMember } from "../helpers/seed";

const tokenStatements = (statements: string[]) =>
  statements.filter((s) => /^\s*select\b/i.test(s) && /\bapi_tokens\b/.test(s));
const fullRead = (statement: string) => /\borganization_members\b/.test(statement);

async function generation() {
  const row = await env.DB.prepare("SELECT generation FROM access_generation WHERE id = 1").first<{
    generation: number;
  }>();
  return row!.generation;
}

describe("a known token's access, kept while the access generation stands still", () => {
  it("reads a known token's row alone, and sees a grant and a removal at once", async () => {
    const { organization, owner, space } = await seedSpace();
    const member = await seedMember(organization.id, null, "guest");
    const { request } = countedApp();
    const path = `/spaces/${space.id}`;

    const first = await request(path, member.token);
    expect(first.res.status).toBe(404); // a guest of the organization sees no space it was not given
    expect(tokenStatements(first.statements).map(fullRead)).toEqual([true]);
    const known = await request(path, member.token);
    expect(known.res.status).toBe(404);
    expect(tokenStatements(known.statements).map(fullRead)).toEqual([false]);
    expect(known.roundTrips).toBe(1);

    // A grant moves the generation: the next read finds the kept access stale and reads it in full, once.
    const granted = await api("POST", `/spaces/${space.id}/permissions`, {
      token: owner.token,
      body: { role: "read", users: [member.user.id] },
    });
    expect(granted.status).toBeLessThan(300);
    const fresh = await request(path, member.token);
    expect(fresh.res.status).toBe(200);
    expect(tokenStatements(fresh.statements).map(fullRead)).toEqual([false, true]);
    expect(fresh.roundTrips).toBe(2);
    const again = await request(path, member.token);
    expect(again.res.status).toBe(200);
    expect(again.roundTrips).toBe(1);
    expect(tokenStatements(again.statements).map(fullRead)).toEqual([false]);

    // Removed from the organization: the grant goes with the membership, and the next read knows.
    const removed = await api("DELETE", `/orgs/${organization.id}/members/${member.user.id}`, { token: owner.token });
    expect(removed.status).toBe(204);
    expect((await request(path, member.token)).res.status).toBe(404);
    expect((await request(`/orgs/${organization.id}`, member.token)).res.status).toBe(404);
  });

  it("sees a role change and a revoked token on the next read", async () => {
    const { organization, owner, space } = await seedSpace();
    const member = await seedMember(organization.id, "read", "reader");
    const { request } = countedApp();
    const path = `/spaces/${space.id}`;
    await request(path, member.token);
    const before = (await (await request(path, member.token)).res.json()) as { permissions: { edit: boolean } };
    expect(before.permissions.edit).toBe(false);
    const changed = await api("PATCH", `/orgs/${organization.id}/members/${member.user.id}`, {
      token: owner.token,
      body: { role: "edit" },
    });
    expect(changed.status).toBe(200);
    const after = (await (await request(path, member.token)).res.json()) as { permissions: { edit: boolean } };
    expect(after.permissions.edit).toBe(true);

    await env.DB.prepare("UPDATE api_tokens SET revoked_at = 1 WHERE id = ?").bind(member.tokenId).run();
    expect((await request(path, member.token)).res.status).toBe(401);
  });

  it("reads a known space's row without its chain, and sees its collections change and its move at once", async () => {
    const { organization, owner, space } = await seedSpace();
    const member = await seedMember(organization.id, "read", "reader");
    const { request } = countedApp();
    const collection = async (title: string) => {
      const res = await api("POST", `/orgs/${organization.id}/collections`, { token: owner.token, body: { title } });
      return res.json.id as string;
    };
    const [shelf, other] = [await collection("Shelf"), await collection("Other")];
    expect(
      (await api("POST", `/spaces/${space.id}/move`, { token: owner.token, body: { parent: shelf } })).status,
    ).toBe(200);
    const path = `/spaces/${space.id}`;
    const chainRead = (statements: string[]) => statements.some((s) => /WITH RECURSIVE chain/.test(s));
    const read = async () => {
      const r = await request(path, member.token);
      return { status: r.res.status, chain: chainRead(r.statements), roundTrips: r.roundTrips };
    };
    // (The move itself read the space at the top level: this isolate finds its parent changed and reads the chain.)
    expect(await read()).toMatchObject({ status: 200, chain: true });
    expect(await read()).toEqual({ status: 200, chain: false, roundTrips: 1 });

    // The shelf shuts out members: its default level is the generation's business, read again at once (the
    // token's kept access and the chain both, one more round trip each, once).
    const shut = await api("PATCH", `/collections/${shelf}`, { token: owner.token, body: { defaultLevel: null } });
    expect(shut.status).toBe(200);
    expect(await read()).toEqual({ status: 404, chain: true, roundTrips: 3 });
    expect(await read()).toEqual({ status: 404, chain: false, roundTrips: 1 });

    // Moved to another collection (the space row changes, not the counter): its parent tells.
    expect(
      (await api("POST", `/spaces/${space.id}/move`, { token: owner.token, body: { parent: other } })).status,
    ).toBe(200);
    expect(await read()).toEqual({ status: 200, chain: true, roundTrips: 2 });
    const moved = (await (await request(path, member.token)).res.json()) as { parent?: string };
    expect(moved.parent).toBe(other);
  });

  it("has a trigger on every table a token's access or a space's chain is read from; only access moves them", async () => {
    const { results } = await env.DB.prepare(
      `SELECT tbl_name AS tableName, name FROM sqlite_master
        WHERE type = 'trigger' AND name LIKE '%access_generation%'`,
    ).all<{ tableName: string; name: string }>();
    const byTable = new Map<string, string[]>();
    for (const { tableName, name } of results) byTable.set(tableName, [...(byTable.get(tableName) ?? []), name]);
    for (const table of ["organization_members", "content_grants", "team_members", "collections"]) {
      expect(byTable.get(table)?.sort(), table).toEqual(
        ["ad", "ai", "au"].map((suffix) => `${table}_access_generation_${suffix}`),
      );
    }

    const { organization } = await seedSpace();
    const member = await seedMember(organization.id, "read", "seen");
    const at = await generation();
    await env.DB.prepare("UPDATE organization_members SET last_seen_at = 1 WHERE user_id = ?")
      .bind(member.user.id)
      .run();
    expect(await generation()).toBe(at);
    await env.DB.prepare("UPDATE organization_members SET disabled = 1 WHERE user_id = ?").bind(member.user.id).run();
    expect(await generation()).toBe(at + 1);
  });
});
