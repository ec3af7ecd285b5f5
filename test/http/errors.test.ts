import { describe, expect, it } from "vitest";
import { api, ORIGIN, workerFetch } from "../helpers/http";
import { seedOrganization } from "../helpers/seed";

describe("cross-cutting HTTP behaviour", () => {
  it("answers unknown routes with the error body and 404", async () => {
    const res = await api("GET", "/no/such/thing");
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error: { code: 404, message: expect.any(String) } });
    const outside = await workerFetch(`${ORIGIN}/nowhere`);
    expect(outside.status).toBe(404);
    expect(await outside.json()).toMatchObject({ error: { code: 404 } });
  });

  it("answers a known path with another method with 405 and Allow", async () => {
    const res = await api("PUT", "/orgs");
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, POST");
    expect(res.json.error.code).toBe(405);
  });

  it("echoes X-Request-Id, or makes one", async () => {
    const mine = await api("GET", "/", { headers: { "x-request-id": "req-abc-123" } });
    expect(mine.headers.get("x-request-id")).toBe("req-abc-123");
    const made = await api("GET", "/");
    expect(made.headers.get("x-request-id")).toMatch(/\S{8,}/);
  });

  it("sets secure headers and CORS, and answers preflights", async () => {
    const res = await api("GET", "/");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const preflight = await workerFetch(`${ORIGIN}/v1/orgs`, {
      method: "OPTIONS",
      headers: {
        origin: "https://example.com",
        "access-control-request-method": "PATCH",
        "access-control-request-headers": "authorization,content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-methods")).toContain("PATCH");
    expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("authorization");
  });

  it("answers malformed JSON with a 400 body", async () => {
    const { organization, owner } = await seedOrganization();
    const res = await api("PATCH", `/orgs/${organization.id}`, { token: owner.token, body: "{not json" });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe(400);
  });

  it("names the offending field in validation errors", async () => {
    const { organization, owner } = await seedOrganization();
    const res = await api("PATCH", `/orgs/${organization.id}`, { token: owner.token, body: { title: "x" } });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/^body\.title: /);
    const query = await api("GET", "/orgs?limit=1001", { token: owner.token });
    expect(query.status).toBe(400);
    expect(query.json.error.message).toMatch(/^query\.limit: /);
  });

  it("reads an empty JSON body as {}", async () => {
    const { organization, owner } = await seedOrganization("Empty body");
    const res = await api("PATCH", `/orgs/${organization.id}`, {
      token: owner.token,
      body: "",
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(200);
    expect(res.json.title).toBe("Empty body");
  });

  it("refuses bodies over the limit with 413", async () => {
    const { organization, owner } = await seedOrganization();
    const big = JSON.stringify({ title: "x".repeat(11 * 1024 * 1024) });
    const res = await api("PATCH", `/orgs/${organization.id}`, { token: owner.token, body: big });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ error: { code: 413, message: expect.stringMatching(/larger than/) } });
  });

  it("serves the OpenAPI document and the reference page", async () => {
    const doc = await workerFetch(`${ORIGIN}/openapi.json`);
    expect(doc.status).toBe(200);
    const json = (await doc.json()) as any;
    expect(json.openapi).toBe("3.1.0");
    expect(json.paths["/v1/orgs/{organizationId}"].patch.operationId).toBe("updateOrganizationById");
    expect(json.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    const page = await workerFetch(`${ORIGIN}/reference`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toContain("/openapi.json");
  });
});
