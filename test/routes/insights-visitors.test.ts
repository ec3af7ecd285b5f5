import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { createDb } from "../../src/db/client";
import { recordAgentFeedback } from "../../src/services/insights";
import { currentClient, expectCurrentShape } from "../helpers/current-client";
import { api } from "../helpers/http";
import { seedTenant, signVisitor } from "../helpers/tenants";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

function pageView(visitor: string, session: string, claims?: Record<string, unknown>) {
  return {
    type: "page_view",
    session: {
      visitorId: visitor,
      sessionId: session,
      userAgent: BROWSER,
      language: null,
      referrer: "",
      cookies: {},
      ...(claims ? { visitorAuthClaims: claims } : {}),
    },
    location: {
      url: "https://docs.example.com/",
      siteSection: null,
      siteSpace: null,
      siteShareKey: null,
      space: null,
      revision: null,
      page: null,
    },
  };
}

const track = (
  organizationId: string,
  siteId: string,
  events: unknown[],
  headers: Record<string, string> = {},
  token?: string,
) =>
  api("POST", `/orgs/${organizationId}/sites/${siteId}/insights/events`, {
    token,
    headers: { "user-agent": BROWSER, ...headers },
    body: { events },
  });

const eventsOf = async (siteId: string) =>
  (await env.DB.prepare("SELECT coalesce(sum(events), 0) AS n FROM site_event_rollups WHERE site_id = ?")
    .bind(siteId)
    .first<{ n: number }>())!.n;

describe("site insights: who may send a site's events", () => {
  it("public and unlisted sites take anyone's; unpublished, share-link and visitor-auth sites refuse those without credentials", async () => {
    const tenant = await seedTenant("ins");
    const org = tenant.organization.id;
    const site = (kind: Parameters<typeof tenant.of>[0]) => tenant.of(kind).siteId!;
    expect((await track(org, site("public"), [pageView("v", "s")])).status).toBe(204);
    expect((await track(org, site("unlisted"), [pageView("v", "s")])).status).toBe(204);

    for (const kind of ["unpublished", "share-link", "visitor-auth"] as const) {
      const refused = await track(org, site(kind), [pageView("v", "s")]);
      expect(refused.status).toBe(401);
      expect(refused.json.error.code).toBe(401);
      expect(await eventsOf(site(kind))).toBe(0);
    }
    // A share key opens its share-link site, and no other.
    const withKey = { "x-quire-share-key": tenant.shareKey };
    expect((await track(org, site("share-link"), [pageView("v", "s")], withKey)).status).toBe(204);
    expect((await track(org, site("visitor-auth"), [pageView("v", "s")], withKey)).status).toBe(401);
    // An unpublished site stays closed to its own share key holders and to strangers' tokens alike.
    const stranger = await seedTenant("ins2");
    expect((await track(org, site("unpublished"), [pageView("v", "s")], {}, stranger.owner.token)).status).toBe(404);
    // Its members may (a server forwarding its readers' events).
    expect((await track(org, site("unpublished"), [pageView("v", "s")], {}, tenant.owner.token)).status).toBe(204);
    expect(await eventsOf(site("share-link"))).toBe(1);
  });

  it("counts anonymous events against the per-address limiter (429, nothing recorded)", async () => {
    const tenant = await seedTenant("lim");
    const siteId = tenant.of("public").siteId!;
    const refusing = { limit: async () => ({ success: false }) } as unknown as RateLimit;
    const res = await createApp().request(
      `https://api.quire.test/v1/orgs/${tenant.organization.id}/sites/${siteId}/insights/events`,
      {
        method: "POST",
        headers: { "cf-connecting-ip": "192.0.2.7", "content-type": "application/json", "user-agent": BROWSER },
        body: JSON.stringify({ events: [pageView("v", "s")] }),
      },
      { ...env, IP_RATE_LIMITER: refusing },
    );
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("60");
    expect(await eventsOf(siteId)).toBe(0);
  });

  it("groups visitors by the claims of their verified visitor token into segments; claims an anonymous caller makes up are ignored", async () => {
    const tenant = await seedTenant("seg");
    const org = tenant.organization.id;
    const siteId = tenant.of("visitor-auth").siteId!;
    const auth = (await tenant.gb.orgs.getSitePublishingAuthById(org, siteId)).data;
    const pro = await signVisitor(auth.privateKey, { plan: "pro", team: { role: "admin" } });
    const free = await signVisitor(auth.privateKey, { plan: "free" });
    const visitor = (token: string) => ({ "x-quire-visitor-token": token });
    expect((await track(org, siteId, [pageView("p1", "ps1"), pageView("p1", "ps1")], visitor(pro))).status).toBe(204);
    expect((await track(org, siteId, [pageView("p2", "ps2")], visitor(pro))).status).toBe(204);
    // Made-up claims in the body: the verified ones count.
    expect((await track(org, siteId, [pageView("f1", "fs1", { plan: "enterprise" })], visitor(free))).status).toBe(204);
    // On a public site an anonymous caller's claims are nobody's.
    const publicSite = tenant.of("public").siteId!;
    expect((await track(org, publicSite, [pageView("x", "xs", { plan: "forged" })])).status).toBe(204);

    const current = currentClient(tenant.owner.token);
    const list = await current.orgs.listSiteVisitorSegments(org, siteId);
    expect(list.status).toBe(200);
    // 0.202's PlainObject has no `type`, so a string claim matches two of its oneOf branches: no claims but `{}`
    // can pass its schema. The rest of each segment is checked; the claims are compared below.
    for (const item of list.data.items) expectCurrentShape("SiteInsightsVisitorSegment", { ...item, claims: {} });
    expect(list.data.count).toBe(2);
    expect(list.data.items).toEqual([
      {
        title: "plan: pro, team.role: admin",
        claims: { plan: "pro", team: { role: "admin" } },
        events: 3,
        visitors: 2,
        sessions: 2,
      },
      { title: "plan: free", claims: { plan: "free" }, events: 1, visitors: 1, sessions: 1 },
    ]);
    // Quire pages the list as every list (the 0.202 client sends no page or limit here).
    const segments = `/orgs/${org}/sites/${siteId}/insights/visitor-segments`;
    const firstPage = (await api("GET", `${segments}?limit=1`, { token: tenant.owner.token })).json;
    expect(firstPage.items.map((s: { title: string }) => s.title)).toEqual(["plan: pro, team.role: admin"]);
    const second = (await api("GET", `${segments}?limit=1&page=${firstPage.next.page}`, { token: tenant.owner.token }))
      .json;
    expect(second.items.map((s: { title: string }) => s.title)).toEqual(["plan: free"]);
    expect(second.next).toBeUndefined();
    expect((await api("GET", `${segments}?page=nonsense`, { token: tenant.owner.token })).status).toBe(400);
    expect((await current.orgs.listSiteVisitorSegments(org, publicSite)).data.items).toEqual([]);

    // A member forwarding a reader's events (a server-side renderer) is trusted with their claims.
    const forwarded = await track(org, publicSite, [pageView("y", "ys", { plan: "partner" })], {}, tenant.owner.token);
    expect(forwarded.status).toBe(204);
    expect((await current.orgs.listSiteVisitorSegments(org, publicSite)).data.items.map((s) => s.title)).toEqual([
      "plan: partner",
    ]);
    // Segments are counted as authenticated visitors in the aggregations too.
    const byAuth = (
      await api("POST", `/orgs/${org}/sites/${siteId}/insights/events/aggregate`, {
        token: tenant.owner.token,
        body: { select: [{ column: "visitorAuthenticated" }, { column: "eventsCount" }], range: "last7Days" },
      })
    ).json;
    expect(byAuth.columns).toEqual([
      { column: "visitorAuthenticated", values: [true] },
      { column: "eventsCount", values: [4] },
    ]);
  });
});

describe("agent feedback (0.202)", () => {
  it("submitAgentFeedbackToSite answers 201 with a receipt; submitSiteAgentFeedback 204; both stored and counted", async () => {
    const tenant = await seedTenant("fb");
    const org = tenant.organization.id;
    const siteId = tenant.of("public").siteId!;
    const current = currentClient(tenant.owner.token);
    const receipt = await current.orgs.submitAgentFeedbackToSite(org, siteId, {
      reportedBy: { model: "claude", userAgent: "claude-code/1.2.3", onDemand: true },
      subject: { kind: "documentation", url: "https://docs.example.com/guide" },
      feedback: {
        category: "documentation",
        severity: "medium",
        summary: "The install page skips the token step",
        workaround: "Read the API reference",
        metrics: { callCount: 2 },
      },
    } as never);
    expect(receipt.status).toBe(201);
    expect(receipt.data).toEqual({ id: expect.any(String), result: expect.any(String) });

    // Anonymous, as an agent reading the public site (the deprecated form).
    const deprecated = await api("POST", `/orgs/${org}/sites/${siteId}/agent-feedback`, {
      headers: { "user-agent": "GPTBot/1.2" },
      body: {
        feedback: "Outdated example",
        url: "https://docs.example.com/a",
        spaceId: tenant.of("public").spaceId,
        pageId: tenant.of("public").pageId,
        source: "mcp",
      },
    });
    expect(deprecated.status).toBe(204);
    expect(deprecated.text).toBe("");

    // The MCP server's sendFeedback.
    const ctx = {
      db: createDb(env.DB),
      env,
      caller: { kind: "anonymous" },
      urls: { api: "", app: "" },
      now: Date.now(),
    };
    await recordAgentFeedback(ctx as never, org, siteId, {
      message: "Great page",
      rating: 5,
      pageUrl: "https://docs.example.com/b",
      agent: "cursor/1.0",
    });

    const stored = (
      await env.DB.prepare("SELECT * FROM site_agent_feedback WHERE site_id = ? ORDER BY created_at, id")
        .bind(siteId)
        .all<Record<string, unknown>>()
    ).results;
    expect(stored).toHaveLength(3);
    const bySummary = Object.fromEntries(stored.map((r) => [r.summary, r]));
    expect(bySummary["The install page skips the token step"]).toMatchObject({
      id: receipt.data.id,
      category: "documentation",
      severity: "medium",
      subject_kind: "documentation",
      url: "https://docs.example.com/guide",
      agent: "claude-code/1.2.3",
    });
    expect(String(bySummary["The install page skips the token step"]!.detail)).toContain("Read the API reference");
    expect(bySummary["Outdated example"]).toMatchObject({ source: "mcp", agent: "GPTBot/1.2" });
    expect(bySummary["Great page"]).toMatchObject({ rating: 5, source: "mcp", agent: "cursor/1.0" });

    const counted = (
      await api("POST", `/orgs/${org}/sites/${siteId}/insights/events/aggregate`, {
        token: tenant.owner.token,
        body: {
          select: [{ column: "eventType" }, { column: "visitorBot" }, { column: "eventsCount" }],
          where: [{ column: "eventType", values: ["agent_feedback"] }],
          order: { by: { column: "visitorBot" }, direction: "asc" },
          range: "last24Hours",
        },
      })
    ).json;
    expect(counted.columns).toEqual([
      { column: "eventType", values: ["agent_feedback", "agent_feedback", "agent_feedback"] },
      { column: "visitorBot", values: ["claude-code", "cursor", "gptbot"] },
      { column: "eventsCount", values: [1, 1, 1] },
    ]);
  });

  it("validates feedback (400 naming the field) and keeps it to those who may read the site", async () => {
    const tenant = await seedTenant("fb2");
    const org = tenant.organization.id;
    const path = (siteId: string) => `/orgs/${org}/sites/${siteId}/agents/feedback`;
    const valid = { subject: { kind: "generic" }, feedback: { category: "usability", summary: "Hard to find" } };
    const publicSite = tenant.of("public").siteId!;
    const bad = async (body: unknown, field: RegExp) => {
      const res = await api("POST", path(publicSite), { body });
      expect(res.status).toBe(400);
      expect(res.json.error.message).toMatch(field);
    };
    await bad({ ...valid, feedback: { ...valid.feedback, summary: "" } }, /^body\.feedback\.summary/);
    await bad({ ...valid, feedback: { ...valid.feedback, category: "vibes" } }, /^body\.feedback\.category/);
    await bad({ ...valid, subject: { kind: "api-endpoint", method: "GET" } }, /^body\.subject/);
    await bad({ ...valid, extra: 1 }, /^body/);
    await bad({ ...valid, feedback: { ...valid.feedback, detail: "d".repeat(4097) } }, /^body\.feedback\.detail/);
    const deprecated = await api("POST", `/orgs/${org}/sites/${publicSite}/agent-feedback`, {
      body: { feedback: "x" },
    });
    expect(deprecated.status).toBe(400);

    expect((await api("POST", path(publicSite), { body: valid })).status).toBe(201);
    expect((await api("POST", path(tenant.of("unpublished").siteId!), { body: valid })).status).toBe(401);
    expect((await api("POST", path(tenant.of("visitor-auth").siteId!), { body: valid })).status).toBe(401);
    const stranger = await seedTenant("fb3");
    expect(
      (await api("POST", path(tenant.of("unpublished").siteId!), { token: stranger.owner.token, body: valid })).status,
    ).toBe(404);
    expect(
      (await api("POST", `/orgs/${stranger.organization.id}/sites/${publicSite}/agents/feedback`, { body: valid }))
        .status,
    ).toBe(401);
  });
});
