import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { createApp } from "../../src/app";
import { api, client, ORIGIN, workerFetch } from "../helpers/http";
import { seedOrganization } from "../helpers/seed";

/*
 * Issue 27 parts 1 and 7 for integrations: what a script answers on Quire's origin is sandboxed and sets no
 * cookie; public endpoints and published scripts are under the per-address limiter and refused from inside a
 * delivery; the loop guard cannot be switched off by the script.
 */

// Answers its public endpoint with HTML that would run as the origin, with headers trying to widen what it may do.
const HOSTILE = `
export default {
  async fetch(request) {
    const form = await request.formData();
    const event = JSON.parse(form.get("event"));
    const environment = JSON.parse(form.get("environment"));
    if (event.type === "fetch_published_script") {
      return new Response("window.__x = 1;", { headers: { "content-type": "application/javascript", "set-cookie": "js=1; Path=/" } });
    }
    if (event.type !== "fetch") return new Response("OK");
    const path = new URL(event.request.url).pathname;
    if (path.endsWith("/public/self")) {
      const inner = await fetch(environment.apiEndpoint + "/v1/integrations/" + environment.integration.name + "/public/inner");
      return Response.json({ status: inner.status, body: await inner.text() });
    }
    if (path.endsWith("/public/inner")) return new Response("inner reached");
    if (path.endsWith("/public/render")) {
      const inner = await fetch(environment.apiEndpoint + "/v1/integrations/" + environment.integration.name + "/render", {
        method: "POST",
        headers: { authorization: "Bearer " + environment.apiTokens.installation, "content-type": "application/json" },
        body: JSON.stringify({ componentId: "c", props: {}, context: { type: "configuration_account", theme: "light", organizationId: environment.installation.target.organization } }),
      });
      return Response.json({ status: inner.status, body: await inner.text() });
    }
    const headers = new Headers({
      "content-type": "text/html",
      "content-security-policy": "sandbox allow-scripts allow-same-origin",
      "x-content-type-options": "none",
      "clear-site-data": '"cookies"',
      "service-worker-allowed": "/",
      "x-from-script": "yes",
    });
    headers.append("set-cookie", "quire_share_victim=stolen; Path=/");
    headers.append("set-cookie", "other=1; Path=/");
    return new Response("<script>fetch('/~site/other/')</script>", { status: 200, headers });
  },
};
`;

// Loops past the iteration budget (then answers) with the guard's old global names shadowed and overwritten:
// unguarded it would succeed.
const SHADOWING = `
const __quireLoopTick = () => {};
const __quireLoopCheck = () => {};
globalThis.__quireLoopTick = () => {};
globalThis.__quireLoopCheck = () => {};
export default { async fetch(request) { await request.formData(); console.log("looping now");
  let n = 0; for (let i = 0; i < 100000000; i++) { try { n++; } catch {} } return new Response("done " + n); } };
`;

// Loops forever, after trying every way to blind the guard: shadowing, the trace store, inherited counters, the clock.
const SHADOWING_FOREVER = `
import { AsyncLocalStorage } from "node:async_hooks";
const __quireLoopTick = () => {};
AsyncLocalStorage.prototype.getStore = function () { return undefined; };
Object.prototype.iterations = -Infinity;
Date.now = () => 0;
export default { async fetch(request) { await request.formData(); console.log("looping now"); let n = 0; while (true) n++; } };
`;

let counter = 0;

async function published(script: string, scopes: string[] = []) {
  const { organization, owner } = await seedOrganization();
  const gb = client(owner.token);
  const name = `content-${++counter}-${crypto.randomUUID().slice(0, 8)}`;
  await gb.integrations.publishIntegration(name, {
    title: "Content test",
    description: "Answers",
    scopes,
    visibility: "private",
    script,
    organization: organization.id,
  } as never);
  const { data: installation } = await gb.integrations.installIntegration(name, { organization: organization.id });
  return { organization, owner, gb, name, installation };
}

type EventItem = { id: string; status: string; payload: { type: string } };

async function finalEvent(token: string, name: string, type: string) {
  const found = await vi.waitFor(
    async () => {
      const res = await api("GET", `/integrations/${name}/events?limit=100`, { token });
      const item = (res.json.items as EventItem[]).find((e) => e.payload.type === type);
      if (!item) throw new Error(`no ${type} event yet`);
      return item;
    },
    { timeout: 30_000, interval: 200 },
  );
  const detail = await api("GET", `/integrations/${name}/events/${found.id}`, { token });
  return detail.json as { event: EventItem; trace: { logs: { message: string }[] } };
}

/** The policies of a Content-Security-Policy header (a comma separates policies, each enforced). */
const policies = (res: Response) => (res.headers.get("content-security-policy") ?? "").split(",").map((p) => p.trim());

function expectSealed(res: Response) {
  expect(policies(res)).toContain("sandbox");
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("set-cookie")).toBeNull();
}

describe("integration content on Quire's origin", () => {
  it("answers a public endpoint sandboxed, unsniffed and without the script's cookies", async () => {
    const { name, installation } = await published(HOSTILE);
    for (const path of [
      `/v1/integrations/${name}/public`,
      `/v1/integrations/${name}/installations/${installation.id}/public/x`,
    ]) {
      const res = await workerFetch(`${ORIGIN}${path}`);
      expect(res.status).toBe(200);
      expectSealed(res);
      // The script's own policy stays, as a policy of its own: `sandbox` alone is enforced on top of it.
      expect(policies(res)).toContain("sandbox allow-scripts allow-same-origin");
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(res.headers.get("clear-site-data")).toBeNull();
      expect(res.headers.get("service-worker-allowed")).toBeNull();
      expect(res.headers.get("x-from-script")).toBe("yes");
      expect(res.headers.get("content-type")).toBe("text/html");
      expect(await res.text()).toContain("<script>");
    }
    // Errors too.
    const missing = await workerFetch(`${ORIGIN}/v1/integrations/${name}/installations/nope/public`);
    expect(missing.status).toBe(404);
    expectSealed(missing);
  });

  it("answers a published script as JavaScript, sandboxed, unsniffed and without cookies", async () => {
    const { organization, gb, name, installation } = await published(HOSTILE, ["space:script:inject"]);
    const { data: space } = await gb.orgs.createSpace(organization.id, { title: "Docs" });
    await gb.integrations.installIntegrationOnSpace(name, installation.id, { space: space.id });
    const res = await workerFetch(
      `${ORIGIN}/v1/integrations/${name}/installations/${installation.id}/spaces/${space.id}/script.js`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/javascript");
    expectSealed(res);
    expect(await res.text()).toBe("window.__x = 1;");
  });

  it("refuses a public endpoint call made from inside a delivery (its own endpoint: it would nest without end)", async () => {
    const { name } = await published(HOSTILE);
    const res = await workerFetch(`${ORIGIN}/v1/integrations/${name}/public/self`);
    expect(res.status).toBe(200);
    const inner = (await res.json()) as { status: number; body: string };
    expect(inner.status).toBe(403);
    expect(JSON.parse(inner.body)).toEqual({
      error: { code: 403, message: expect.stringContaining(`from inside an integration's delivery (${name})`) },
    });
    // The mark is the runtime's: an outside caller sending it is refused the same way.
    const marked = await workerFetch(`${ORIGIN}/v1/integrations/${name}/public/inner`, {
      headers: { "x-quire-integration-delivery": "someone" },
    });
    expect(marked.status).toBe(403);
    expectSealed(marked);
  });

  it("refuses a render asked from inside a delivery (a render is a synchronous delivery too)", async () => {
    const { name, installation } = await published(HOSTILE);
    const res = await workerFetch(`${ORIGIN}/v1/integrations/${name}/installations/${installation.id}/public/render`);
    expect(res.status).toBe(200);
    const inner = (await res.json()) as { status: number; body: string };
    expect(inner.status).toBe(403);
    expect(JSON.parse(inner.body).error.message).toContain(`from inside an integration's delivery (${name})`);
  });
});

describe("anonymous surfaces under the per-address limiter", () => {
  const refusing = { limit: async () => ({ success: false }) } as unknown as RateLimit;
  const from = (
    path: string,
    limiter: RateLimit,
    headers: Record<string, string> = { "cf-connecting-ip": "192.0.2.7" },
  ) => createApp().request(`${ORIGIN}${path}`, { headers }, { ...env, IP_RATE_LIMITER: limiter });
  const paths = [
    "/v1/integrations/any/public",
    "/v1/integrations/any/installations/i1/public/hook",
    "/v1/integrations/any/installations/i1/spaces/s1/script.js",
    "/v1/integrations/any/installations/i1/sites/s1/script.js",
    "/~site/some-site",
    "/~site/some-site/page",
    "/~site/~assets/site.css",
  ];

  it("answers 429 with the contract's body and Retry-After past the limit", async () => {
    for (const path of paths) {
      const res = await from(path, refusing);
      expect(res.status, path).toBe(429);
      expect(res.headers.get("retry-after")).toBe("60");
      expect(await res.json()).toEqual({ error: { code: 429, message: "Too many requests from this address" } });
      if (path.startsWith("/v1/")) expectSealed(res);
    }
  });

  it("keys the limiter by the client's address, and does not count requests without one", async () => {
    const keys: string[] = [];
    const counting = {
      limit: async ({ key }: { key: string }) => {
        keys.push(key);
        return { success: true };
      },
    } as unknown as RateLimit;
    for (const path of paths) expect((await from(path, counting)).status, path).not.toBe(429);
    expect(keys).toEqual(paths.map(() => "192.0.2.7"));
    keys.length = 0;
    await from("/~site/some-site", counting, {});
    expect(keys).toEqual([]);
  });
});

describe("the loop guard cannot be switched off by the script", () => {
  it("stops a loop whose script shadows and overwrites the guard's old global names", async () => {
    const { owner, name } = await published(SHADOWING);
    const failed = await finalEvent(owner.token, name, "installation_setup");
    expect(failed.event.status).toBe("failed");
    const logs = failed.trace.logs.map((l) => l.message).join("\n");
    expect(logs).toContain("looping now");
    expect(logs).toContain("loop iterations in one event");
  }, 45_000);

  it("stops a script that loops forever after trying to blind the guard", async () => {
    const { owner, name, gb, organization } = await published(SHADOWING_FOREVER);
    const failed = await finalEvent(owner.token, name, "installation_setup");
    expect(failed.event.status).toBe("failed");
    const logs = failed.trace.logs.map((l) => l.message).join("\n");
    expect(logs).toContain("looping now");
    expect(logs).toContain("loop iterations in one event");
    expect((await gb.orgs.getOrganizationById(organization.id)).status).toBe(200);
  }, 45_000);
});
