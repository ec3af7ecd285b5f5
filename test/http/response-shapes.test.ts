import { z } from "@hono/zod-openapi";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { createRouter, defineRoute } from "../../src/http/router";
import { changeRequestWith, seedSpace } from "../helpers/content";
import { api } from "../helpers/http";

// The response-shape check (src/http/router.ts): with VALIDATE_RESPONSES=true, a route's 2xx JSON body must
// match the schema the route declares for that status, or the response becomes a 500 that says why.

const Thing = z.object({ id: z.string(), count: z.number().int(), tags: z.array(z.string()) });

function routeFor(path: string, responses: Parameters<typeof defineRoute>[0]["responses"]) {
  return defineRoute({ method: "get", path, operationId: `get${path.slice(1)}`, anonymous: true, responses });
}

const ok = { 200: { description: "OK", content: { "application/json": { schema: Thing } } } };

const app = createRouter()
  .openapi(routeFor("/right", ok), (c) => c.json({ id: "a", count: 1, tags: [], extra: true }, 200))
  // Wrong on purpose: a number for a string, a missing field, a string inside the array.
  .openapi(routeFor("/wrong", ok), (c) => c.json({ id: 5, tags: ["x", 7] } as never, 200))
  // Answers 201 although only 200 is declared.
  .openapi(routeFor("/undeclared", ok), (c) => c.json({ id: "a", count: 1, tags: [] }, 201 as never))
  .openapi(routeFor("/empty", { 204: { description: "No content" } }), (c) => c.body(null, 204) as never)
  .openapi(routeFor("/failing", ok), (c) => c.json({ error: { code: 404, message: "nope" } }, 404 as never));

const on = { VALIDATE_RESPONSES: "true" };

async function get(path: string, bindings: Record<string, string> | undefined) {
  const res = await app.request(path, {}, bindings);
  return { status: res.status, body: res.status === 204 ? undefined : await res.json<any>() };
}

describe("response shapes", () => {
  it("passes a body that matches its declared schema (extra keys allowed), untouched", async () => {
    expect(await get("/right", on)).toEqual({ status: 200, body: { id: "a", count: 1, tags: [], extra: true } });
  });

  it("turns a body that does not match into a 500 naming the operation, the status and the issues", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await get("/wrong", on);
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe(500);
    const message: string = res.body.error.message;
    expect(message).toContain("getwrong answered 200");
    expect(message).toMatch(/id: Invalid input: expected string, received number/);
    expect(message).toMatch(/count: Invalid input: expected number, received undefined/);
    expect(message).toMatch(/tags\.1: Invalid input: expected string, received number/);
    expect(logged).toHaveBeenCalledWith(message);
    logged.mockRestore();
  });

  it("reports a 2xx JSON body for a status the route does not declare", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await get("/undeclared", on);
    expect(res.status).toBe(500);
    expect(res.body.error.message).toBe("getundeclared answered 201 with JSON, but declares no JSON schema for 201");
    logged.mockRestore();
  });

  it("leaves bodiless and error responses alone", async () => {
    expect(await get("/empty", on)).toEqual({ status: 204, body: undefined });
    expect(await get("/failing", on)).toEqual({ status: 404, body: { error: { code: 404, message: "nope" } } });
  });

  it("checks nothing when the flag is unset", async () => {
    const logged = vi.spyOn(console, "error");
    expect(await get("/wrong", undefined)).toEqual({ status: 200, body: { id: 5, tags: ["x", 7] } });
    expect(await get("/undeclared", {})).toEqual({ status: 201, body: { id: "a", count: 1, tags: [] } });
    expect(await get("/wrong", { VALIDATE_RESPONSES: "false" })).toMatchObject({ status: 200 });
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  it("is on for the Worker under test, so every test's 2xx bodies are checked", async () => {
    expect(env.VALIDATE_RESPONSES).toBe("true");
    const res = await api("GET", "/");
    expect(res.status).toBe(200);
  });

  // The other suites reach few kinds of semantic change; here each kind the engine reports passes its schema.
  it("accepts every kind of semantic change the content engine reports", async () => {
    const s = await seedSpace();
    const base = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "insert_page", title: "A", document: { markdown: "a\n" } },
      { operation: "insert_page", title: "B", document: { markdown: "b\n" } },
      { operation: "insert_page", title: "C", document: { markdown: "c\n" } },
    ]);
    const [a, b, c] = base.pages;
    await s.api.spaces.mergeChangeRequest(s.space.id, base.cr.id);
    const { cr } = await changeRequestWith(s.owner.token, s.space.id, [
      { operation: "update_page", page: a, title: "A2", description: "new", document: { markdown: "changed\n" } },
      { operation: "update_page", page: b, into: a },
      { operation: "delete_page", page: c },
      { operation: "insert_files", files: [{ name: "x.txt", contentType: "text/plain", base64: btoa("x") }] },
    ]);
    const kinds = ["file_created", "page_deleted", "page_edited", "page_moved"];
    const changes = await s.api.spaces.getChangeRequestChanges(s.space.id, cr.id, { limit: 100 });
    expect([...new Set(changes.data.changes.map((change) => change.type))].sort()).toEqual(kinds);
    const merge = await s.api.spaces.mergeChangeRequest(s.space.id, cr.id);
    const semantic = await s.api.spaces.getRevisionSemanticChanges(s.space.id, merge.data.revision!, { limit: 100 });
    expect([...new Set(semantic.data.changes.map((change) => change.type))].sort()).toEqual(kinds);
  });
});
