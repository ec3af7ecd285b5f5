import { describe, expect, it } from "vitest";
import { BROWSER, get, seedSite } from "../helpers/agent-site";
import { api } from "../helpers/http";

const PERSON =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15";

type Row = { eventType: string; urlPath: string; visitorBot: string | null; eventLLMSVariant: string | null };

/** The site's recorded events by type, path and bot, once `count` of them are in (recorded after the response). */
async function eventsOf(organizationId: string, siteId: string, token: string, count: number) {
  const body = {
    select: [
      { column: "eventType" },
      { column: "urlPath" },
      { column: "visitorBot" },
      { column: "eventLLMSVariant" },
      { column: "eventsCount" },
    ],
    order: { by: { column: "urlPath" }, direction: "asc" },
    range: "last24Hours",
  };
  for (let attempt = 0; ; attempt++) {
    const res = await api("POST", `/orgs/${organizationId}/sites/${siteId}/insights/events/aggregate`, {
      token,
      body,
    });
    expect(res.status).toBe(200);
    const columns = (res.json as { columns: { column: string; values: unknown[] }[] }).columns;
    const rows = (columns[0]?.values ?? []).map(
      (_, i) => Object.fromEntries(columns.map((c) => [c.column, c.values[i]])) as Row & { eventsCount: number },
    );
    if (rows.reduce((n, r) => n + r.eventsCount, 0) >= count || attempt > 50) return rows;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("insights of what the site serves", () => {
  it("records markdown (twin and negotiated), llms files and agents' page views; not people's or other files", async () => {
    const { organization, owner, site } = await seedSite();
    const base = `/~site/${site.id}`;
    const curl = { "User-Agent": "curl/8.5.0" };
    expect((await get(`${base}/feeding.md`, curl)).status).toBe(200);
    expect((await get(`${base}/feeding`, { ...curl, Accept: "text/markdown" })).status).toBe(200);
    expect((await get(`${base}/llms.txt`, { "User-Agent": "GPTBot/1.1" })).status).toBe(200);
    expect((await get(`${base}/llms-full.txt`, { "User-Agent": "ClaudeBot/1.0" })).status).toBe(200);
    // An agent's HTML view is recorded by the server (crawlers run no script); a person's is the page script's to
    // send, not the server's; robots.txt, search and the server card are no pages.
    expect((await get(`${base}/introduction`, { "User-Agent": "ClaudeBot/1.0", Accept: BROWSER })).status).toBe(200);
    expect((await get(`${base}/introduction`, { "User-Agent": PERSON, Accept: BROWSER })).status).toBe(200);
    for (const path of ["/robots.txt", "/~search.json?q=quokka", "/.well-known/mcp/server-card"]) {
      expect((await get(`${base}${path}`, curl)).status, path).toBe(200);
    }
    // In path order.
    const rows = await eventsOf(organization.id, site.id, owner.token, 5);
    expect(rows).toEqual([
      {
        eventType: "page_markdown_request",
        urlPath: `${base}/feeding`,
        visitorBot: "unknown",
        eventLLMSVariant: null,
        eventsCount: 1,
      },
      {
        eventType: "page_markdown_request",
        urlPath: `${base}/feeding.md`,
        visitorBot: "unknown",
        eventLLMSVariant: null,
        eventsCount: 1,
      },
      {
        eventType: "page_view",
        urlPath: `${base}/introduction`,
        visitorBot: "claudebot",
        eventLLMSVariant: null,
        eventsCount: 1,
      },
      {
        eventType: "llms_request",
        urlPath: `${base}/llms-full.txt`,
        visitorBot: "claudebot",
        eventLLMSVariant: "full",
        eventsCount: 1,
      },
      {
        eventType: "llms_request",
        urlPath: `${base}/llms.txt`,
        visitorBot: "gptbot",
        eventLLMSVariant: "standard",
        eventsCount: 1,
      },
    ]);
  });
});
