import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { RECENT_SITE_MS } from "../../src/services/published";
import { rendered } from "../../src/site/page";
import { adaptiveSite } from "../helpers/adaptive";
import { BROWSER, get, links, seedSite } from "../helpers/agent-site";
import { countingD1 } from "../helpers/counting-d1";
import { currentClient } from "../helpers/current-client";
import { api, ORIGIN } from "../helpers/http";

describe("markdown by content negotiation", () => {
  it("answers a page URL with its .md twin's text for Accept: text/markdown, HTML otherwise, varying on Accept", async () => {
    const { site } = await seedSite();
    const page = `/~site/${site.id}/feeding`;
    const twin = await get(`${page}.md`);
    const twinText = await twin.text();
    expect(twinText).toMatch(/^# Feeding\n\nQuokkas eat \*leaves\*\./);

    const md = await get(page, { Accept: "text/markdown" });
    expect(md.status).toBe(200);
    expect(md.headers.get("content-type")).toMatch(/^text\/markdown/);
    expect(md.headers.get("vary")).toContain("Accept");
    expect(await md.text()).toBe(twinText);

    for (const accept of [BROWSER, "*/*", "text/html", "text/html, text/markdown;q=0.5"]) {
      const res = await get(page, { Accept: accept });
      expect(res.headers.get("content-type"), accept).toMatch(/^text\/html/);
      expect(res.headers.get("vary"), accept).toContain("Accept");
      expect(await res.text()).toContain("<!doctype html>");
    }
    const preferred = await get(page, { Accept: "text/markdown, text/html;q=0.9, */*;q=0.8" });
    expect(preferred.headers.get("content-type")).toMatch(/^text\/markdown/);
    expect(await preferred.text()).toBe(twinText);
    // The site's root answers its first page, in either form.
    const root = await get(`/~site/${site.id}`, { Accept: "text/markdown" });
    expect(await root.text()).toMatch(/^# Introduction\n\nWelcome/);
  });

  it("keeps ETags and caches of the two forms apart", async () => {
    const { site } = await seedSite();
    const page = `/~site/${site.id}/introduction`;
    const html = await get(page, { Accept: BROWSER });
    const htmlTag = html.headers.get("etag")!;
    expect(await html.text()).toContain("<!doctype html>");
    // The HTML is now cached: the markdown asked next is still markdown, and has its own ETag.
    const md = await get(page, { Accept: "text/markdown" });
    const mdTag = md.headers.get("etag")!;
    expect(await md.text()).toMatch(/^# Introduction/);
    expect(mdTag).not.toBe(htmlTag);
    expect((await get(page, { Accept: "text/markdown", "If-None-Match": htmlTag })).status).toBe(200);
    expect((await get(page, { Accept: BROWSER, "If-None-Match": mdTag })).status).toBe(200);
    const notModified = await get(page, { Accept: "text/markdown", "If-None-Match": mdTag });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("vary")).toContain("Accept");
    expect((await get(page, { Accept: BROWSER, "If-None-Match": htmlTag })).status).toBe(304);
    // And the cached markdown does not answer a browser.
    expect(await (await get(page, { Accept: BROWSER })).text()).toContain("<!doctype html>");
  });
});

describe("Link headers for agents", () => {
  it("HTML pages and .md twins name each other, llms.txt, llms-full.txt and the MCP endpoint", async () => {
    const { site } = await seedSite();
    const root = `${ORIGIN}/~site/${site.id}`;
    const html = links(await get(`/~site/${site.id}/feeding`));
    expect(html).toContainEqual({ href: `${root}/feeding.md`, rel: "alternate", type: "text/markdown" });
    expect(html).toContainEqual({ href: `${root}/llms.txt`, rel: "llms-txt", type: "text/plain" });
    expect(html).toContainEqual({ href: `${root}/llms.txt`, rel: "describedby", type: "text/plain" });
    expect(html).toContainEqual({ href: `${root}/llms-full.txt`, rel: "llms-full-txt", type: "text/plain" });
    expect(html).toContainEqual({ href: `${root}/~gitbook/mcp`, rel: "mcp", type: undefined });
    expect(html).toContainEqual({
      href: `${root}/.well-known/mcp/server-card`,
      rel: "service-desc",
      type: "application/json",
    });
    // The home page names its page's own URL, not the root's.
    expect(links(await get(`/~site/${site.id}`))).toContainEqual({
      href: `${root}/introduction.md`,
      rel: "alternate",
      type: "text/markdown",
    });
    for (const res of [await get(`/~site/${site.id}/feeding.md`), await get(`/~site/${site.id}/feeding.md`)]) {
      // Twice: the second answer comes from the cache and keeps its links.
      const md = links(res);
      expect(md).toContainEqual({ href: `${root}/feeding`, rel: "canonical", type: "text/html" });
      expect(md).toContainEqual({ href: `${root}/llms.txt`, rel: "llms-txt", type: "text/plain" });
      expect(md).toContainEqual({ href: `${root}/~gitbook/mcp`, rel: "mcp", type: undefined });
    }
    // Without this isolate's copy (served from the Cache API, as another isolate's render): the links too.
    rendered.clear();
    expect(links(await get(`/~site/${site.id}/feeding`))).toContainEqual({
      href: `${root}/feeding.md`,
      rel: "alternate",
      type: "text/markdown",
    });
    const negotiated = links(await get(`/~site/${site.id}/feeding`, { Accept: "text/markdown" }));
    expect(negotiated).toContainEqual({ href: `${root}/feeding`, rel: "canonical", type: "text/html" });
  });
});

describe("markdown sees what the HTML sees", () => {
  it("a page of a section the visitor's claims hide is 404 in markdown too", async () => {
    const s = await adaptiveSite();
    const page = `/~site/${s.site.id}/${s.betaSection.path}/beta-features`;
    const as = async (claims: Record<string, unknown>) =>
      get(`${page}?jwt_token=${await s.token(claims)}`, { Accept: "text/markdown" });
    const tester = await as({ beta: true });
    expect(tester.status).toBe(200);
    expect(tester.headers.get("content-type")).toMatch(/^text\/markdown/);
    expect(await tester.text()).toMatch(/^# Beta features\n\nNumbatbeta hidden roadmap\./);
    const other = await as({});
    expect(other.status).toBe(404);
    expect(await other.text()).not.toContain("Numbatbeta");
  });

  it("a share-link site's markdown needs its key", async () => {
    const { organization, gb, site } = await seedSite("share-link");
    const page = `/~site/${site.id}/feeding`;
    expect((await get(page, { Accept: "text/markdown" })).status).toBe(401);
    expect((await get(`/~site/${site.id}/.well-known/llms.txt`)).status).toBe(401);
    expect((await get(`/~site/${site.id}/.well-known/mcp/server-card`)).status).toBe(401);
    const { data: link } = await gb.orgs.createSiteShareLink(organization.id, site.id, { name: "Agents" });
    const key = new URL(link.urls.published!).searchParams.get("share")!;
    const opened = await get(`${page}?share=${key}`, { Accept: "text/markdown" });
    expect(opened.status).toBe(200);
    expect(await opened.text()).toMatch(/^# Feeding/);
    const card = (await (await get(`/~site/${site.id}/.well-known/mcp.json?share=${key}`)).json()) as {
      remotes: { authentication: { required: boolean } }[];
    };
    expect(card.remotes[0]!.authentication.required).toBe(true);
  });
});

describe("the organization's agent instructions", () => {
  it("end every markdown page (twin and negotiated) once set, never the HTML, and go when cleared", async () => {
    const { organization, owner, site } = await seedSite();
    const page = `/~site/${site.id}/feeding`;
    const before = await (await get(`${page}.md`)).text();
    expect(before).not.toContain("Instructions for AI agents");
    const current = currentClient(owner.token);
    const paragraph = (text: string) => ({
      object: "document",
      data: {},
      nodes: [
        {
          object: "block",
          type: "paragraph",
          data: {},
          nodes: [{ object: "text", leaves: [{ object: "leaf", text, marks: [] }] }],
        },
      ],
    });
    await current.orgs.updateOrganizationAgentInstructions(organization.id, {
      instructions: paragraph("Cite the page URL you used.") as never,
    });
    // The cached markdown of before is not served: the instructions are part of its key.
    const twin = await (await get(`${page}.md`)).text();
    expect(twin).toBe(
      "# Feeding\n\nQuokkas eat *leaves*.\n\n---\n\n## Instructions for AI agents\n\nCite the page URL you used.\n",
    );
    expect(await (await get(page, { Accept: "text/markdown" })).text()).toBe(twin);
    expect(await (await get(page)).text()).not.toContain("Cite the page URL you used.");
    // Another organization's site has none of them.
    const other = await seedSite();
    expect(await (await get(`/~site/${other.site.id}/feeding.md`)).text()).not.toContain("Cite the page");

    await current.orgs.updateOrganizationAgentInstructions(organization.id, {
      instructions: { object: "document", data: {}, nodes: [] } as never,
    });
    expect(await (await get(`${page}.md`)).text()).toBe(before);
  });

  it("ride the site's one load: a warm markdown view costs no more round trips than a warm HTML view", async () => {
    const { organization, owner, site } = await seedSite();
    await api("PUT", `/orgs/${organization.id}/agent-instructions`, {
      token: owner.token,
      body: { instructions: "Be brief." },
    });
    const app = createApp();
    const { database, counter } = countingD1(env.DB);
    const PERSON = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
    const view = async (accept: string) => {
      await new Promise((resolve) => setTimeout(resolve, RECENT_SITE_MS + 10));
      counter.roundTrips = 0;
      counter.queries = [];
      const after: Promise<unknown>[] = [];
      const executionCtx = {
        waitUntil: (p: Promise<unknown>) => after.push(p),
        passThroughOnException() {},
        props: {},
      };
      const headers = { Accept: accept, "User-Agent": PERSON };
      const res = await app.request(
        `${ORIGIN}/~site/${site.id}/feeding`,
        { headers },
        { ...env, DB: database },
        executionCtx,
      );
      const text = await res.text();
      await Promise.all(after);
      // What the view waited for: every statement but the insights written after the response (waitUntil).
      const load = counter.queries.filter((q) => !q.includes("site_event"));
      return { text, load, recorded: counter.queries.length - load.length };
    };
    await view("text/markdown");
    await view(BROWSER);
    const md = await view("text/markdown");
    const html = await view(BROWSER);
    expect(md.text).toContain("Be brief.");
    expect(html.recorded).toBe(0); // a person's page view is the page script's to record
    expect(md.recorded).toBeGreaterThan(0); // the markdown request, after the response
    // The same statements (the site's one load batch, the instructions among them) for both forms.
    expect(md.load).toEqual(html.load);
    expect(html.load.filter((q) => q.includes("organization_agent_instructions"))).toHaveLength(1);
  });

  it("a warm HTML view by a person is still one D1 round trip", async () => {
    const { site } = await seedSite();
    const app = createApp();
    const { database, counter } = countingD1(env.DB);
    const headers = {
      Accept: BROWSER,
      "User-Agent": "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
    };
    await app.request(`${ORIGIN}/~site/${site.id}/feeding`, { headers }, { ...env, DB: database });
    await new Promise((resolve) => setTimeout(resolve, RECENT_SITE_MS + 10));
    counter.roundTrips = 0;
    const res = await app.request(`${ORIGIN}/~site/${site.id}/feeding`, { headers }, { ...env, DB: database });
    expect(await res.text()).toContain("<!doctype html>");
    expect(counter.roundTrips).toBe(1);
  });
});
