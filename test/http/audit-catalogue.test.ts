import { describe, expect, it } from "vitest";
import { READS_SENT_AS_POST } from "../../src/http/audit";
import { api, workerFetch } from "../helpers/http";
import { type Doc, operationsOf } from "../helpers/openapi-world";
import { seedOrganization } from "../helpers/seed";

// Generated from the served /openapi.json, like the security matrix: every operation that writes (POST, PUT,
// PATCH, DELETE) has an audit action, and the catalogue lists nothing else. A POST that only reads is named in
// READS_SENT_AS_POST (src/http/audit.ts) with its reason, or this fails.

const WRITE = new Set(["post", "put", "patch", "delete"]);

describe("audit catalogue over every served operation", () => {
  it("has an action for every write operation, and only for those", async () => {
    const doc = (await (await workerFetch("https://api.quire.test/openapi.json")).json()) as Doc;
    const operations = operationsOf(doc);
    const { organization, owner } = await seedOrganization();
    const res = await api("GET", `/orgs/${organization.id}/audit-event-actions`, { token: owner.token });
    expect(res.status).toBe(200);
    const actions = new Set((res.json.items as { id: string }[]).map((a) => a.id));

    const writes = operations.filter((op) => WRITE.has(op.method) && !READS_SENT_AS_POST[op.operationId]);
    expect(writes.length).toBeGreaterThan(100);
    expect(writes.filter((op) => !actions.has(op.operationId)).map((op) => op.operationId)).toEqual([]);
    const served = new Set(writes.map((op) => op.operationId));
    expect([...actions].filter((id) => !served.has(id))).toEqual([]);
    // Each read-as-POST named is a served POST (a stale name would hide nothing, but says something false).
    const posts = new Set(operations.filter((op) => op.method === "post").map((op) => op.operationId));
    expect(Object.keys(READS_SENT_AS_POST).filter((id) => !posts.has(id))).toEqual([]);
  });
});
