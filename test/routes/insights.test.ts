import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { isAgentRequest, recordServedEvent } from "../../src/services/insights";
import { currentClient, expectCurrentShape } from "../helpers/current-client";
import { api } from "../helpers/http";
import { db, seedMember, seedOrganization } from "../helpers/seed";
import { publishedPublicSite } from "../helpers/sites";

const BROWSER =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15";

/** A published public site of a new organization. */
async function publicSite() {
  const { organization, owner } = await seedOrganization("Insightful");
  const current = currentClient(owner.token);
  const space = (await current.orgs.createSpace(organization.id, { title: "Guide" })).data;
  const site = await publishedPublicSite(current as never, organization.id, space.id);
  return { organization, owner, site, current, space };
}

/** A SiteInsightsEvent as the published site's own script sends it. */
function pageView(visitor: string, session: string, path = "/guide", extra: Record<string, unknown> = {}) {
  return {
    type: "page_view",
    session: {
      visitorId: visitor,
      sessionId: session,
      userAgent: BROWSER,
      language: "en",
      referrer: null,
      cookies: {},
    },
    location: {
      url: `https://docs.example.com${path}?utm=x`,
      siteSection: null,
      siteSpace: null,
      siteShareKey: null,
      space: null,
      revision: null,
      page: null,
    },
    ...extra,
  };
}

const track = (
  organizationId: string,
  siteId: string,
  events: unknown[],
  opts: { token?: string; headers?: Record<string, string> } = {},
) => api("POST", `/orgs/${organizationId}/sites/${siteId}/insights/events`, { ...opts, body: { events } });

const aggregate = (organizationId: string, siteId: string, token: string, body: unknown) =>
  api("POST", `/orgs/${organizationId}/sites/${siteId}/insights/events/aggregate`, { token, body });

/** The aggregation's columns as rows (zip of the columnar answer). */
function rowsOf(result: { columns: { column: string; values: unknown[] }[] }) {
  const [first] = result.columns;
  return (first?.values ?? []).map((_, i) => Object.fromEntries(result.columns.map((c) => [c.column, c.values[i]])));
}

describe("site insights: events and aggregations (0.202)", () => {
  it("records anonymous page views and agents' requests, and aggregates them by kind, day and agent vs person", async () => {
    const { organization, owner, site } = await publicSite();
    // The published site's own script, in a person's browser: no token, no cookie.
    const person = { "user-agent": BROWSER };
    const views = [pageView("v1", "s1"), pageView("v1", "s1"), pageView("v2", "s2", "/guide/install")];
    expect((await track(organization.id, site.id, views, { headers: person })).status).toBe(204);
    // Agents: by user agent, by Accept: text/markdown, and a client sending no user agent (no browser does).
    const claude = { "user-agent": "ClaudeBot/1.0" };
    expect((await track(organization.id, site.id, [pageView("a1", "as1")], { headers: claude })).status).toBe(204);
    const search = pageView("a2", "as2", "/guide", { type: "search_type_query", query: "Install" });
    const markdownAgent = { "user-agent": BROWSER, accept: "text/markdown, text/html;q=0.5" };
    expect((await track(organization.id, site.id, [search], { headers: markdownAgent })).status).toBe(204);
    const anonymous = currentClient();
    const tracked = await anonymous.orgs.trackEventsInSiteById(organization.id, site.id, {
      events: [pageView("a3", "as3")] as never,
    });
    expect(tracked.status).toBe(204);

    const current = currentClient(owner.token);
    const byKind = await current.orgs.aggregateSiteEvents(organization.id, site.id, {
      groupBy: [{ column: "eventType" }],
      select: [{ column: "eventType" }, { column: "eventsCount" }, { column: "sessionsCount" }],
      range: "last7Days",
    } as never);
    expect(byKind.status).toBe(200);
    expectCurrentShape("SiteInsightsQueryEventsAggregationResult", byKind.data);
    expect(rowsOf(byKind.data as never)).toEqual([
      { eventType: "page_view", eventsCount: 5, sessionsCount: 4 },
      { eventType: "search_type_query", eventsCount: 1, sessionsCount: 1 },
    ]);

    const byDay = (
      await aggregate(organization.id, site.id, owner.token, {
        groupBy: [{ column: "datetime", interval: "day" }],
        range: "last30Days",
      })
    ).json;
    expectCurrentShape("SiteInsightsQueryEventsAggregationResult", byDay);
    const today = `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`;
    expect(rowsOf(byDay)).toEqual([{ datetime: today, eventsCount: 6 }]);

    // Agent vs person: visitorBot null is a person.
    const byReader = (
      await aggregate(organization.id, site.id, owner.token, {
        groupBy: [{ column: "visitorBot" }],
        select: [{ column: "visitorBot" }, { column: "eventsCount" }, { column: "visitorsCount" }],
        order: { by: { column: "eventsCount" }, direction: "desc" },
        range: "last24Hours",
      })
    ).json;
    expect(rowsOf(byReader)).toEqual([
      { visitorBot: null, eventsCount: 3, visitorsCount: 2 },
      { visitorBot: "unknown", eventsCount: 2, visitorsCount: 2 },
      { visitorBot: "claudebot", eventsCount: 1, visitorsCount: 1 },
    ]);

    // Filters: a dimension (urlPath, query string dropped) and a metric (HAVING).
    const filtered = (
      await aggregate(organization.id, site.id, owner.token, {
        select: [{ column: "urlPath" }, { column: "eventsCount" }],
        where: [
          { column: "eventType", values: ["page_view"] },
          { column: "eventsCount", values: [2], operator: "greaterThanOrEqual" },
        ],
        range: "last7Days",
      })
    ).json;
    expect(rowsOf(filtered)).toEqual([{ urlPath: "/guide", eventsCount: 4 }]);
    // Nothing in a range before the events: the sums are zero.
    const empty = (
      await aggregate(organization.id, site.id, owner.token, {
        select: [{ column: "eventsCount" }],
        range: { from: "2020-01-01T00:00:00.000Z", to: "2020-02-01T00:00:00.000Z" },
      })
    ).json;
    expect(rowsOf(empty)).toEqual([{ eventsCount: 0 }]);
  });

  it("records what the server served (markdown, llms, MCP) as agents' requests; a person's page view is the beacon's", async () => {
    const { organization, owner, site } = await publicSite();
    await recordServedEvent(env, db, site.id, {
      kind: "markdown",
      path: "/guide.md",
      agent: true,
      userAgent: "curl/8.0",
    });
    await recordServedEvent(env, db, site.id, {
      kind: "llms-full",
      path: "/llms-full.txt",
      agent: true,
      userAgent: "GPTBot/1.1",
    });
    await recordServedEvent(env, db, site.id, { kind: "mcp", path: "/~gitbook/mcp", agent: true });
    await recordServedEvent(env, db, site.id, { kind: "page", path: "/guide", agent: false, userAgent: BROWSER });
    const result = (
      await aggregate(organization.id, site.id, owner.token, {
        select: [
          { column: "eventType" },
          { column: "eventLLMSVariant" },
          { column: "visitorBot" },
          { column: "displayContext" },
          { column: "eventsCount" },
        ],
        order: { by: { column: "eventType" }, direction: "asc" },
        range: "last24Hours",
      })
    ).json;
    expect(rowsOf(result)).toEqual([
      {
        eventType: "llms_request",
        eventLLMSVariant: "full",
        visitorBot: "gptbot",
        displayContext: "server",
        eventsCount: 1,
      },
      {
        eventType: "mcp_request",
        eventLLMSVariant: null,
        visitorBot: "unknown",
        displayContext: "mcp",
        eventsCount: 1,
      },
      {
        eventType: "page_markdown_request",
        eventLLMSVariant: null,
        visitorBot: "unknown",
        displayContext: "server",
        eventsCount: 1,
      },
    ]);
  });

  it("tells agents from people by user agent, Accept and MCP headers", () => {
    const h = (init: Record<string, string>) => new Headers(init);
    expect(isAgentRequest(h({ "user-agent": BROWSER, accept: "text/html,*/*" }))).toBe(false);
    expect(
      isAgentRequest(h({ "user-agent": "Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)" })),
    ).toBe(true);
    expect(isAgentRequest(h({ "user-agent": "claude-code/1.2.3" }))).toBe(true);
    expect(isAgentRequest(h({ "user-agent": "python-requests/2.32" }))).toBe(true);
    expect(isAgentRequest(h({ "user-agent": BROWSER, accept: "text/markdown" }))).toBe(true);
    expect(isAgentRequest(h({ "user-agent": BROWSER, accept: "text/html, text/markdown;q=0.1" }))).toBe(false);
    // The renderer's negotiation decides (src/lib/accept.ts): q-values, not the order they are listed in.
    expect(isAgentRequest(h({ "user-agent": BROWSER, accept: "text/html;q=0.5, text/markdown" }))).toBe(true);
    expect(isAgentRequest(h({ "user-agent": BROWSER, accept: "text/markdown;q=0, text/html" }))).toBe(false);
    expect(isAgentRequest(h({ "user-agent": BROWSER, "mcp-protocol-version": "2025-06-18" }))).toBe(true);
    expect(isAgentRequest(h({}))).toBe(true);
  });

  it("validates events hard: kinds, batch size, string bounds, timestamps (400 naming the field)", async () => {
    const { organization, site } = await publicSite();
    const bad = async (events: unknown, field: RegExp) => {
      const res = await api("POST", `/orgs/${organization.id}/sites/${site.id}/insights/events`, { body: { events } });
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe(400);
      expect(res.json.error.message).toMatch(field);
    };
    await bad([{ ...pageView("v", "s"), type: "page_explode" }], /^body\.events\.0\.type/);
    await bad(
      Array.from({ length: 101 }, () => pageView("v", "s")),
      /^body\.events/,
    );
    await bad([], /^body\.events/);
    await bad(
      [pageView("v", "s", "/x", { type: "search_type_query", query: "q".repeat(513) })],
      /^body\.events\.0\.query/,
    );
    await bad([pageView("v".repeat(129), "s")], /^body\.events\.0\.session\.visitorId/);
    await bad([pageView("v", "s", "/x", { timestamp: "2020-01-01T00:00:00.000Z" })], /^body\.events\.0\.timestamp/);
    await bad([{ type: "page_view" }], /^body\.events\.0\.session/);
    const notJson = await api("POST", `/orgs/${organization.id}/sites/${site.id}/insights/events`, { body: "{" });
    expect(notJson.status).toBe(400);
  });

  it("refuses aggregations Quire cannot answer from daily rollups, and bad ranges (400)", async () => {
    const { organization, owner, site } = await publicSite();
    const hour = await aggregate(organization.id, site.id, owner.token, {
      groupBy: [{ column: "datetime", interval: "hour" }],
      range: "last24Hours",
    });
    expect(hour.status).toBe(400);
    expect(hour.json.error.message).toMatch(/^body\.groupBy\[0\]\.interval/);
    const geo = await aggregate(organization.id, site.id, owner.token, {
      select: [{ column: "visitorGeoCountry" }],
      range: "last7Days",
    });
    expect(geo.status).toBe(400);
    expect((await aggregate(organization.id, site.id, owner.token, { range: "yesterday" })).status).toBe(400);
    expect((await aggregate(organization.id, site.id, owner.token, {})).status).toBe(400);
    expect((await aggregate(organization.id, site.id, owner.token, { range: "last7Days", limit: 5000 })).status).toBe(
      400,
    );
  });

  it("keeps insights inside their site: other organizations 404, members without access 404, readers read", async () => {
    const { organization, owner, site } = await publicSite();
    const stranger = await seedOrganization("Elsewhere");
    const guest = await seedMember(organization.id, null);
    const reader = await seedMember(organization.id, "read");
    const query = { range: "last7Days" };
    expect((await aggregate(organization.id, site.id, stranger.owner.token, query)).status).toBe(404);
    expect((await aggregate(stranger.organization.id, site.id, stranger.owner.token, query)).status).toBe(404);
    expect((await aggregate(organization.id, site.id, guest.token, query)).status).toBe(404);
    expect((await aggregate(organization.id, site.id, reader.token, query)).status).toBe(200);
    expect(
      (await api("POST", `/orgs/${organization.id}/sites/${site.id}/insights/events/aggregate`, { body: query }))
        .status,
    ).toBe(401);
    const segments = `/orgs/${organization.id}/sites/${site.id}/insights/visitor-segments`;
    expect((await api("GET", segments)).status).toBe(401);
    expect((await api("GET", segments, { token: stranger.owner.token })).status).toBe(404);
    expect((await api("GET", segments, { token: guest.token })).status).toBe(404);
    // Events for this site's id under another organization are refused.
    expect((await track(stranger.organization.id, site.id, [pageView("v", "s")])).status).toBe(401);
    expect(
      (await track(stranger.organization.id, site.id, [pageView("v", "s")], { token: stranger.owner.token })).status,
    ).toBe(404);
    expect(
      (
        await api("POST", `/orgs/${organization.id}/sites/${site.id}/insights/events`, {
          token: owner.token,
          body: { events: [pageView("v", "s")] },
        })
      ).status,
    ).toBe(204);
  });
});
