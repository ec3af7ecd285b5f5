import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { api, clientError, client } from "../helpers/http";
import { seedOrganization, seedUser } from "../helpers/seed";

describe("authentication", () => {
  it("answers 401 with WWW-Authenticate without a token", async () => {
    const res = await api("GET", "/user");
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(res.json).toEqual({ error: { code: 401, message: expect.any(String) } });
  });

  it("answers 401 for a malformed header and an unknown token", async () => {
    expect((await api("GET", "/user", { headers: { authorization: "Basic abc" } })).status).toBe(401);
    expect((await api("GET", "/user", { token: "qr_not-a-real-token" })).status).toBe(401);
    const error = await clientError(client("qr_wrong").user.getAuthenticatedUser());
    expect(error.code).toBe(401);
    expect(error.name).toBe("GitBookAPIError");
  });

  it("answers 401 for a revoked token, and revocation is idempotent", async () => {
    const { token, tokenId } = await seedUser();
    expect((await api("GET", "/user", { token })).status).toBe(200);
    expect((await api("DELETE", `/user/tokens/${tokenId}`, { token })).status).toBe(204);
    expect((await api("GET", "/user", { token })).status).toBe(401);
    const { token: other } = await seedUser();
    expect((await api("DELETE", `/user/tokens/${tokenId}`, { token: other })).status).toBe(204);
  });

  it("stores tokens only as SHA-256 hashes and stamps lastUsedAt", async () => {
    const { token, tokenId } = await seedUser();
    await api("GET", "/user", { token });
    const row = await env.DB.prepare("SELECT * FROM api_tokens WHERE id = ?")
      .bind(tokenId)
      .first<Record<string, unknown>>();
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.last_used_at).toBeGreaterThan(0);
  });

  it("serves getApiInformation without a token", async () => {
    const { data } = await client().getApiInformation();
    expect(data).toEqual({ version: expect.any(String), build: expect.any(String) });
  });
});

describe("rate limiting", () => {
  it("sends X-RateLimit-* on authenticated responses", async () => {
    const { token } = await seedUser();
    const first = await api("GET", "/user", { token });
    const second = await api("GET", "/user", { token });
    expect(first.headers.get("x-ratelimit-limit")).toBe("1000");
    expect(
      Number(first.headers.get("x-ratelimit-remaining")) - Number(second.headers.get("x-ratelimit-remaining")),
    ).toBe(1);
    expect(Number(second.headers.get("x-ratelimit-reset"))).toBeGreaterThan(Date.now() / 1000);
  });

  it("sends X-RateLimit-* on authenticated error responses too", async () => {
    const { token } = await seedUser();
    const missing = await api("GET", "/orgs/does-not-exist", { token });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-ratelimit-limit")).toBe("1000");
    const invalid = await api("GET", "/orgs?limit=5000", { token });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
  });

  it("answers 429 with Retry-After past the deployment's limit", async () => {
    const app = createApp();
    const lowered = { ...env, RATE_LIMIT_REQUESTS: "3", RATE_LIMIT_WINDOW_SECONDS: "60" };
    const { token } = await seedUser();
    const call = () =>
      app.request("https://api.quire.test/v1/user", { headers: { authorization: `Bearer ${token}` } }, lowered);
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 4; i++) {
      last = await call();
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(last!.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(last!.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(await last!.json()).toEqual({ error: { code: 429, message: expect.stringMatching(/Rate limit/) } });
  });

  it("counts per token", async () => {
    const app = createApp();
    const lowered = { ...env, RATE_LIMIT_REQUESTS: "1" };
    const a = await seedUser();
    const b = await seedUser();
    const get = (token: string) =>
      app.request("https://api.quire.test/v1/user", { headers: { authorization: `Bearer ${token}` } }, lowered);
    expect((await get(a.token)).status).toBe(200);
    expect((await get(a.token)).status).toBe(429);
    expect((await get(b.token)).status).toBe(200);
  });
});

describe("personal API tokens", () => {
  it("creates a token shown once, lists without secrets, and the new token works", async () => {
    const { token } = await seedOrganization().then((s) => s.owner);
    const created = await api("POST", "/user/tokens", { token, body: { label: "ci" } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ object: "api-token", label: "ci", token: expect.stringMatching(/^qr_/) });
    expect((await api("GET", "/user", { token: created.json.token })).status).toBe(200);
    const list = await api("GET", "/user/tokens", { token });
    expect(list.status).toBe(200);
    expect(list.json.items.map((t: any) => t.label)).toContain("ci");
    expect(list.text).not.toContain(created.json.token);
    expect(list.json.items.every((t: any) => t.token === undefined)).toBe(true);
  });

  it("validates the label", async () => {
    const { token } = await seedUser();
    const res = await api("POST", "/user/tokens", { token, body: { label: "x".repeat(51) } });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/^body\.label/);
    expect((await api("POST", "/user/tokens", { token, body: {} })).status).toBe(400);
  });

  it("cannot revoke someone else's token", async () => {
    const a = await seedUser();
    const b = await seedUser();
    expect((await api("DELETE", `/user/tokens/${a.tokenId}`, { token: b.token })).status).toBe(204);
    expect((await api("GET", "/user", { token: a.token })).status).toBe(200);
  });
});

describe("per-address limiter", () => {
  const refusing = { limit: async () => ({ success: false }) } as unknown as RateLimit;
  const anonymous = (vars: Record<string, unknown>) =>
    createApp().request(
      "https://api.quire.test/v1/user",
      { headers: { "cf-connecting-ip": "192.0.2.1" } },
      {
        ...env,
        IP_RATE_LIMITER: refusing,
        ...vars,
      },
    );

  it("limits anonymous requests by address, unless SKIP_IP_RATE_LIMIT is true (load tests)", async () => {
    expect((await anonymous({})).status).toBe(429);
    expect((await anonymous({ SKIP_IP_RATE_LIMIT: "true" })).status).toBe(401);
  });
});
