import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { RECENT_SITE_MS } from "../../src/services/published";
import { adaptiveSite } from "../helpers/adaptive";
import { changeRequestWith, writeContent } from "../helpers/content";
import { countingD1 } from "../helpers/counting-d1";
import { currentClient } from "../helpers/current-client";
import { api, client, ORIGIN, workerFetch } from "../helpers/http";
import { seedOrganization } from "../helpers/seed";
import { verifyCustomHost } from "../helpers/sites";

const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";

/** A site over one space with two pages, published (or not yet, for visibilities that need credentials). */
async function seedSite(visibility: "public" | "share-link" = "public") {
  const { organization, owner } = await seedOrganization("Agents");
  const gb = client(owner.token);
  const { data: space } = await gb.orgs.createSpace(organization.id, { title: "Guide" });
  const cr = await changeRequestWith(owner.token, space.id, [
    { operation: "insert_page", title: "Introduction", document: { markdown: "Welcome to the **quokka** guide.\n" } },
    { operation: "insert_page", title: "Feeding", document: { markdown: "Quokkas eat *leaves*.\n" } },
  ]);
  await gb.spaces.mergeChangeRequest(space.id, cr.cr.id);
  const { data: site } = await gb.orgs.createSite(organization.id, {
    title: "Quokka docs",
    visibility,
    spaces: [space.id],
  } as never);
  await gb.orgs.publishSite(organization.id, site.id);
  return { organization, owner, gb, space, site };
}

const get = (path: string, headers: Record<string, string> = {}) =>
  workerFetch(path.startsWith("http") ? path : `${ORIGIN}${path}`, { headers, redirect: "manual" });

/** The Link header's entries as `{href, rel, type}`. */
function links(res: Response) {
  return (res.headers.get("link") ?? "")
    .split(/,\s*(?=<)/)
    .filter(Boolean)
    .map((entry) => ({
      href: /^<([^>]*)>/.exec(entry)?.[1],
      rel: /rel="([^"]*)"/.exec(entry)?.[1],
      type: /type="([^"]*)"/.exec(entry)?.[1],
    }));
}

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
    const negotiated = links(await get(`/~site/${site.id}/feeding`, { Accept: "text/markdown" }));
    expect(negotiated).toContainEqual({ href: `${root}/feeding`, rel: "canonical", type: "text/html" });
  });
});

describe("well-known documents", () => {
  it("serve llms.txt at .well-known and an MCP server card pointing at the endpoint", async () => {
    const { site } = await seedSite();
    const root = `${ORIGIN}/~site/${site.id}`;
    const llms = await (await get(`/~site/${site.id}/llms.txt`)).text();
    expect(llms).toContain(`- [Feeding](${root}/feeding.md)`);
    expect(llms).toContain(`${root}/llms-full.txt`);
    expect(llms).toContain(`${root}/~gitbook/mcp`);
    const wellKnown = await get(`/~site/${site.id}/.well-known/llms.txt`);
    expect(wellKnown.status).toBe(200);
    expect(await wellKnown.text()).toBe(llms);
    for (const path of ["/.well-known/mcp/server-card", "/.well-known/mcp/server-card.json", "/.well-known/mcp.json"]) {
      const res = await get(`/~site/${site.id}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/application\/json/);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      const card = (await res.json()) as {
        name: string;
        title: string;
        remotes: { type: string; url: string; supportedProtocolVersions: string[] }[];
      };
      expect(card.name).toBe(`test.quire.api/${site.id}`);
      expect(card.title).toBe("Quokka docs");
      expect(card.remotes).toEqual([expect.objectContaining({ type: "streamable-http", url: `${root}/~gitbook/mcp` })]);
      expect(card.remotes[0]!.supportedProtocolVersions).toContain("2025-06-18");
    }
  });

  it("answer at a custom host's root for the site proxied under a path, and nothing of another org's site", async () => {
    const { organization, owner, gb, site } = await seedSite();
    const other = await seedSite();
    const host = `docs-${crypto.randomUUID().slice(0, 8)}.example.com`;
    await gb.orgs.updateSiteById(organization.id, site.id, { proxy: `${host}/help` } as never);
    await verifyCustomHost(owner.token, host);
    const llms = await (await get(`https://${host}/help/llms.txt`)).text();
    expect(llms).toContain(`- [Feeding](https://${host}/help/feeding.md)`);
    for (const path of ["/.well-known/llms.txt", "/help/.well-known/llms.txt"]) {
      const res = await get(`https://${host}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toBe(llms);
    }
    const card = (await (await get(`https://${host}/.well-known/mcp/server-card`)).json()) as {
      remotes: { url: string }[];
    };
    expect(card.remotes[0]!.url).toBe(`https://${host}/help/~gitbook/mcp`);
    // Markdown by negotiation on the custom host, with links under it.
    const md = await get(`https://${host}/help/feeding`, { Accept: "text/markdown" });
    expect(await md.text()).toMatch(/^# Feeding/);
    expect(links(md)).toContainEqual({ href: `https://${host}/help/llms.txt`, rel: "llms-txt", type: "text/plain" });
    // A second site on the host: its root no longer speaks for either.
    const { data: second } = await gb.orgs.createSite(organization.id, {
      title: "Second",
      visibility: "public",
      spaces: [(await gb.orgs.listSiteSpaces(organization.id, site.id)).data.items[0]!.space.id],
    } as never);
    await gb.orgs.updateSiteById(organization.id, second.id, { proxy: `${host}/api` } as never);
    await gb.orgs.publishSite(organization.id, second.id);
    await verifyCustomHost(owner.token, host);
    expect((await get(`https://${host}/api/.well-known/llms.txt`)).status).toBe(200);
    expect((await get(`https://${host}/.well-known/llms.txt`)).status).toBe(404);
    expect(await (await get(`https://${host}/help/.well-known/llms.txt`)).text()).toBe(llms);
    // Another organization's site is not reachable through this host, in any form.
    for (const path of [
      `/~site/${other.site.id}/feeding`,
      `/~site/${other.site.id}/.well-known/llms.txt`,
      `/help/~site/${other.site.id}/feeding`,
    ]) {
      const res = await get(`https://${host}${path}`, { Accept: "text/markdown" });
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain("Quokkas eat");
    }
  });
});

describe("llms-full.txt in windows of 100 pages", () => {
  it("serves the first window with a pointer to the next, then the rest, and 404 past the end", async () => {
    const { organization, owner } = await seedOrganization("Many pages");
    const gb = client(owner.token);
    const { data: space } = await gb.orgs.createSpace(organization.id, { title: "Big" });
    // 105 pages in one change request (a content write takes at most 50 changes), merged once.
    const pageChanges = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({
        operation: "insert_page",
        title: `Page ${String(from + i).padStart(3, "0")}`,
        document: { markdown: `Body of page number ${from + i}.\n` },
      }));
    const cr = await changeRequestWith(owner.token, space.id, pageChanges(1, 50));
    for (const [from, count] of [
      [51, 50],
      [101, 5],
    ] as const) {
      expect((await writeContent(owner.token, space.id, cr.cr.id, pageChanges(from, count))).status).toBe(200);
    }
    await gb.spaces.mergeChangeRequest(space.id, cr.cr.id);
    const { data: site } = await gb.orgs.createSite(organization.id, {
      title: "Big docs",
      visibility: "public",
      spaces: [space.id],
    } as never);
    await gb.orgs.publishSite(organization.id, site.id);
    const root = `${ORIGIN}/~site/${site.id}`;
    const pagesIn = (text: string) => [...text.matchAll(/^Body of page number (\d+)\.$/gm)].map((m) => Number(m[1]));

    const first = await (await get(`/~site/${site.id}/llms-full.txt`)).text();
    expect(pagesIn(first)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(first).toContain("Part 1 of 2");
    expect(first).toContain(`Next: ${root}/llms-full.txt/2`);
    expect(await (await get(`/~site/${site.id}/llms-full.txt/1`)).text()).toBe(first);
    expect(await (await get(`/~site/${site.id}/.well-known/llms-full.txt`)).text()).toBe(first);
    const second = await get(`/~site/${site.id}/llms-full.txt/2`);
    expect(second.status).toBe(200);
    const secondText = await second.text();
    expect(pagesIn(secondText)).toEqual([101, 102, 103, 104, 105]);
    expect(secondText).toContain("Part 2 of 2");
    expect(secondText).toContain(`Previous: ${root}/llms-full.txt\n`);
    expect(secondText).not.toContain("Next:");
    // Cached per window: asked again, the same text.
    expect(await (await get(`/~site/${site.id}/llms-full.txt/2`)).text()).toBe(secondText);
    for (const past of ["/llms-full.txt/3", "/llms-full.txt/0", "/llms-full.txt/x"]) {
      expect((await get(`/~site/${site.id}${past}`)).status, past).toBe(404);
    }
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
    const view = async (accept: string) => {
      await new Promise((resolve) => setTimeout(resolve, RECENT_SITE_MS + 10));
      counter.roundTrips = 0;
      const res = await app.request(
        `${ORIGIN}/~site/${site.id}/feeding`,
        { headers: { Accept: accept } },
        {
          ...env,
          DB: database,
        },
      );
      const text = await res.text();
      return { text, roundTrips: counter.roundTrips };
    };
    await view("text/markdown");
    await view(BROWSER);
    const md = await view("text/markdown");
    const html = await view(BROWSER);
    expect(md.text).toContain("Be brief.");
    expect(md.roundTrips).toBe(1);
    expect(html.roundTrips).toBe(1);
  });
});
