import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import worker from "../../src/index";
import { countingD1 } from "../helpers/counting-d1";
import { currentClient } from "../helpers/current-client";
import { api, client, ORIGIN, workerFetch } from "../helpers/http";
import { initialize, mcpClient, mcpPost, mcpUrl, toolText } from "../helpers/mcp";
import { mergePages, page } from "../helpers/search";
import { seedOrganization } from "../helpers/seed";
import { publishedPublicSite } from "../helpers/sites";

const TOOLS = ["askQuestion", "getPage", "getPages", "searchDocumentation", "sendFeedback"];

/** A public site of one space: a page with a section about burrows, and a reference page. */
async function publicSite() {
  const { organization, owner } = await seedOrganization("Mcp");
  const gb = client(owner.token);
  const { data: space } = await gb.orgs.createSpace(organization.id, { title: "Guide" });
  await mergePages(owner.token, space.id, [
    page("a", "Getting started", "Install the wombat CLI first.\n\n## Configure\n\nSet the burrow depth.\n"),
    page("b", "Reference", "Every flag of the wombat CLI.\n"),
  ]);
  const site = await publishedPublicSite(gb, organization.id, space.id, "Wombat Docs");
  const base = `${ORIGIN}/~site/${site.id}`;
  return { organization, owner, gb, space, site, base };
}

const markdownOf = async (url: string) => (await workerFetch(url)).text();

describe("a published site's MCP server", () => {
  it("serves its tools to the official SDK client (2025 handshake): search, pages, the same text as .md", async () => {
    const s = await publicSite();
    const mcp = await mcpClient(mcpUrl(s.site.id));
    expect(mcp.getServerVersion()?.name).toBe("Wombat Docs");
    expect(mcp.getInstructions()).toContain("Wombat Docs");
    expect((await mcp.listTools()).tools.map((t) => t.name).sort()).toEqual(TOOLS);

    const found = await mcp.callTool({ name: "searchDocumentation", arguments: { query: "burrow" } });
    expect(found.isError).toBeFalsy();
    const { results } = found.structuredContent as { results: { title: string; url: string; snippet: string }[] };
    expect(results[0]).toMatchObject({
      title: "Getting started",
      url: `${s.base}/getting-started#configure`,
      snippet: "Set the burrow depth.",
      section: "Configure",
    });
    expect(toolText(found)).toContain(`${s.base}/getting-started#configure`);
    const none = await mcp.callTool({ name: "searchDocumentation", arguments: { query: "platypus" } });
    expect((none.structuredContent as { results: unknown[] }).results).toEqual([]);

    // getPage: the page's `.md` twin, by path, by URL, by `.md` URL.
    const twin = await markdownOf(`${s.base}/getting-started.md`);
    expect(twin).toContain("Set the burrow depth.");
    for (const url of [
      "getting-started",
      "/getting-started",
      `${s.base}/getting-started`,
      `${s.base}/getting-started.md`,
    ]) {
      const got = await mcp.callTool({ name: "getPage", arguments: { url } });
      expect(got.isError, url).toBeFalsy();
      expect(toolText(got)).toBe(twin);
    }
    const missing = await mcp.callTool({ name: "getPage", arguments: { url: "no-such-page" } });
    expect(missing.isError).toBe(true);
    expect(toolText(missing)).toContain("no-such-page");

    const both = await mcp.callTool({ name: "getPages", arguments: { urls: ["getting-started", "reference"] } });
    expect(both.isError).toBeFalsy();
    expect(toolText(both)).toContain("Set the burrow depth.");
    expect(toolText(both)).toContain("Every flag of the wombat CLI.");
    const tooMany = await mcp.callTool({
      name: "getPages",
      arguments: { urls: Array.from({ length: 21 }, () => "reference") },
    });
    expect(tooMany.isError).toBe(true);
    expect(toolText(tooMany)).toContain("at most 20");
    await mcp.close();
  });

  it("lists its pages as resources and reads them as their markdown", async () => {
    const s = await publicSite();
    const mcp = await mcpClient(mcpUrl(s.site.id));
    const { resources } = await mcp.listResources();
    expect(resources.map((r) => [r.name, r.uri, r.mimeType])).toEqual([
      ["Getting started", `${s.base}/getting-started`, "text/markdown"],
      ["Reference", `${s.base}/reference`, "text/markdown"],
    ]);
    const read = await mcp.readResource({ uri: `${s.base}/reference` });
    expect(read.contents[0]).toMatchObject({ uri: `${s.base}/reference`, mimeType: "text/markdown" });
    expect((read.contents[0] as { text: string }).text).toBe(await markdownOf(`${s.base}/reference.md`));
    await expect(mcp.readResource({ uri: `${s.base}/nothing-here` })).rejects.toThrow();
    await mcp.close();
  });

  it("speaks 2026-07-28 to a client pinned to it, and 2025-06-18 / 2025-11-25 to an initialize asking for them", async () => {
    const s = await publicSite();
    const modern = await mcpClient(mcpUrl(s.site.id), { version: "2026-07-28" });
    expect((await modern.listTools()).tools.map((t) => t.name).sort()).toEqual(TOOLS);
    const found = await modern.callTool({ name: "searchDocumentation", arguments: { query: "flag" } });
    expect(toolText(found)).toContain(`${s.base}/reference`);
    await modern.close();

    for (const version of ["2025-06-18", "2025-11-25"]) {
      const res = await mcpPost(mcpUrl(s.site.id), initialize(version));
      expect(res.status).toBe(200);
      const body = await res.text();
      // The stateless 2025 leg answers as JSON or as one SSE event, per the client's Accept.
      const json = JSON.parse(body.startsWith("{") ? body : /^data: (.*)$/m.exec(body)![1]!);
      expect(json.result.protocolVersion).toBe(version);
      expect(json.result.serverInfo.name).toBe("Wombat Docs");
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("carries the organization's agent instructions, when set, in its instructions (2025 and 2026-07-28)", async () => {
    const s = await publicSite();
    const before = await mcpClient(mcpUrl(s.site.id));
    expect(before.getInstructions()).not.toContain("Always cite");
    await before.close();
    await currentClient(s.owner.token).orgs.updateOrganizationAgentInstructions(s.organization.id, {
      instructions: "Always cite the page you used." as never,
    });
    for (const version of [undefined, "2026-07-28" as const]) {
      const mcp = await mcpClient(mcpUrl(s.site.id), version ? { version } : {});
      expect(mcp.getInstructions(), version).toContain("Wombat Docs");
      expect(mcp.getInstructions(), version).toContain("Always cite the page you used.");
      await mcp.close();
    }
  });

  it("askQuestion answers from the site's pages with their sources, or says it does not know; stored as asked via mcp", async () => {
    const s = await publicSite();
    const mcp = await mcpClient(mcpUrl(s.site.id));
    const asked = await mcp.callTool({
      name: "askQuestion",
      arguments: { question: "How do I set the burrow depth?" },
    });
    expect(asked.isError).toBeFalsy();
    const answer = asked.structuredContent as {
      answer: string;
      known: boolean;
      sources: { url: string }[];
      answerId: string;
    };
    expect(answer.known).toBe(true);
    expect(answer.answer).toContain("burrow depth");
    expect(answer.sources.map((x) => x.url)).toContain(`${s.base}/getting-started#configure`);
    expect(toolText(asked)).toContain(`(${s.base}/getting-started#configure)`);
    const unknown = await mcp.callTool({
      name: "askQuestion",
      arguments: { question: "Where do platypuses migrate?" },
    });
    const none = unknown.structuredContent as { known: boolean; sources: unknown[]; answer: string };
    expect(none).toMatchObject({ known: false, sources: [] });
    expect(none.answer).toContain("I don't know");
    await mcp.close();
    const stored = await env.DB.prepare(
      "SELECT id, via, answered FROM site_question_answers WHERE site_id = ? ORDER BY id",
    )
      .bind(s.site.id)
      .all<{ id: string; via: string; answered: string }>();
    expect(stored.results.map((r) => r.via)).toEqual(["mcp", "mcp"]);
    expect(stored.results.find((r) => r.id === answer.answerId)?.answered).toBe("yes");
  });

  it("stores sendFeedback as the site's agent feedback, and records each request as an agent's mcp_request", async () => {
    const s = await publicSite();
    const mcp = await mcpClient(mcpUrl(s.site.id));
    const sent = await mcp.callTool({
      name: "sendFeedback",
      arguments: { message: "The burrow depth has no unit.", rating: 2, pageUrl: `${s.base}/getting-started` },
    });
    expect(sent.isError).toBeFalsy();
    await mcp.close();
    const stored = await env.DB.prepare(
      "SELECT source, summary, rating, url, subject_kind AS subjectKind FROM site_agent_feedback WHERE site_id = ?",
    )
      .bind(s.site.id)
      .all();
    expect(stored.results).toEqual([
      {
        source: "mcp",
        summary: "The burrow depth has no unit.",
        rating: 2,
        url: `${s.base}/getting-started`,
        subjectKind: "documentation",
      },
    ]);
    const counted = async () => {
      const res = await api("POST", `/orgs/${s.organization.id}/sites/${s.site.id}/insights/events/aggregate`, {
        token: s.owner.token,
        body: {
          select: [{ column: "eventType" }, { column: "displayContext" }, { column: "eventsCount" }],
          where: [{ column: "eventType", values: ["mcp_request"] }],
          range: "last24Hours",
        },
      });
      const columns = res.json.columns as { column: string; values: unknown[] }[];
      return Object.fromEntries(columns.map((c) => [c.column, c.values[0]]));
    };
    // The handshake (initialize, initialized) and the call: each request after its response (waitUntil).
    await vi.waitUntil(async () => Number((await counted()).eventsCount) >= 3, { timeout: 5000, interval: 50 });
    expect(await counted()).toMatchObject({ eventType: "mcp_request", displayContext: "mcp" });
  });

  it("answers 404 when the site is unpublished or its customization turns the MCP page action off", async () => {
    const s = await publicSite();
    const url = mcpUrl(s.site.id);
    const { data: settings } = await s.gb.orgs.getSiteCustomizationById(s.organization.id, s.site.id);
    const items = (settings as unknown as { pageActions: { items: string[] } }).pageActions.items;
    expect(items).toContain("mcp");
    await s.gb.orgs.updateSiteCustomizationById(s.organization.id, s.site.id, {
      ...settings,
      pageActions: { ...settings.pageActions, items: items.filter((i) => i !== "mcp") },
    } as never);
    const off = await mcpPost(url, initialize("2025-11-25"));
    expect(off.status).toBe(404);
    expect((await off.json()) as unknown).toEqual({ error: { code: 404, message: "This site has no MCP server." } });

    await s.gb.orgs.updateSiteCustomizationById(s.organization.id, s.site.id, {
      ...settings,
      pageActions: { ...settings.pageActions, items },
    } as never);
    expect((await mcpPost(url, initialize("2025-11-25"))).status).toBe(200);

    await s.gb.orgs.unpublishSite(s.organization.id, s.site.id);
    expect((await mcpPost(url, initialize("2025-11-25"))).status).toBe(404);
    expect((await mcpPost(mcpUrl("no-such-site"), initialize("2025-11-25"))).status).toBe(404);
  });

  it("refuses what is not MCP: a GET stream (stateless) and a body that is not JSON-RPC, never a 500", async () => {
    const s = await publicSite();
    const url = mcpUrl(s.site.id);
    const get = await workerFetch(url, { headers: { accept: "text/event-stream" } });
    expect(get.status).toBe(405);
    const garbage = await workerFetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: "{not json",
    });
    expect(garbage.status).toBeGreaterThanOrEqual(400);
    expect(garbage.status).toBeLessThan(500);
    // A 2025 client's session calls, on a stateless server: 405, naming what is allowed.
    const ended = await workerFetch(url, { method: "DELETE", headers: { "mcp-protocol-version": "2025-06-18" } });
    expect(ended.status).toBe(405);
    expect(ended.headers.get("allow")).toBe("POST");
    const plain = await workerFetch(url, {
      method: "POST",
      headers: { "content-type": "text/plain", accept: "application/json, text/event-stream" },
      body: JSON.stringify(initialize("2025-06-18")),
    });
    expect(plain.status).toBe(415);
    // A notification alone is accepted with no body; a batch of requests is answered (JSON), never a 500.
    const note = await mcpPost(
      url,
      { jsonrpc: "2.0", method: "notifications/initialized" },
      {
        "mcp-protocol-version": "2025-06-18",
      },
    );
    expect(note.status).toBe(202);
    const batch = await mcpPost(url, [{ jsonrpc: "2.0", id: 7, method: "ping" }], {
      "mcp-protocol-version": "2025-03-26",
    });
    expect(batch.status).toBeLessThan(500);
    const huge = await mcpPost(url, { ...initialize("2025-11-25"), padding: "x".repeat(300 * 1024) });
    expect(huge.status).toBe(413);
    // Arguments the tools' schemas refuse: errors the client sees (a tool error or invalid params), never a 500.
    const mcp = await mcpClient(url);
    for (const [name, args] of [
      ["searchDocumentation", { query: "   " }],
      ["getPage", {}],
      ["getPages", { urls: "reference" }],
      ["sendFeedback", { message: "x", rating: 9 }],
      ["askQuestion", { question: "q".repeat(3000) }],
    ] as const) {
      const refused = await mcp.callTool({ name, arguments: args }).catch((error: Error) => ({ isError: true, error }));
      expect(refused.isError, name).toBe(true);
    }
    await mcp.close();
  });

  it("warm tool calls: a page costs no D1 round trip past the site's load (reused for a second), a search one (none repeated)", async () => {
    const s = await publicSite();
    const { database, counter } = countingD1(env.DB);
    const after: Promise<unknown>[] = [];
    const call = async (name: string, args: Record<string, unknown>) => {
      counter.roundTrips = 0;
      counter.queries.length = 0;
      // Through the Worker's own entry (src/index.ts), which forgets recently loaded sites around writes: an MCP
      // call is a POST that changes no site, and must not cost the next call the site's load.
      const res = await worker.fetch(
        new Request(mcpUrl(s.site.id), {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name, arguments: args } }),
        }),
        { ...env, DB: database },
        {
          waitUntil: (work: Promise<unknown>) => void after.push(work),
          passThroughOnException() {},
          props: {},
        } as unknown as ExecutionContext,
      );
      // What the caller waited for; the request's insights event is written after the response.
      // Insights' served-event write is after-response work (written at once in tests, INSIGHTS_FLUSH_MS=0), which
      // may begin before the response is back: it is not the read's.
      const writes = counter.queries.filter((q) => /^insert into "site_event_/.test(q)).length;
      const roundTrips = counter.roundTrips - writes;
      counter.queries.length = 0;
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(name === "getPage" ? "burrow depth" : "getting-started");
      await Promise.all(after.splice(0));
      return roundTrips;
    };
    await call("getPage", { url: "getting-started" });
    expect(await call("getPage", { url: "getting-started" })).toBeLessThanOrEqual(1);
    // The visit's pass (from the site's load) authorizes, and the query's results are kept while the index
    // generation the load read stands, as for the site's `~search.json`: a new query costs the index alone.
    await call("searchDocumentation", { query: "burrow" });
    expect(await call("searchDocumentation", { query: "burrow" })).toBe(0);
    expect(await call("searchDocumentation", { query: "wombat" })).toBe(1);
  });
});
