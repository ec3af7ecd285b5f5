import { describe, expect, it } from "vitest";
import { get, links, seedSite } from "../helpers/agent-site";
import { changeRequestWith, writeContent } from "../helpers/content";
import { client, ORIGIN } from "../helpers/http";
import { seedOrganization } from "../helpers/seed";
import { verifyCustomHost } from "../helpers/sites";

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

describe("a site whose MCP server is off", () => {
  it("names no MCP endpoint in its links or llms.txt and has no server card", async () => {
    const { organization, gb, site } = await seedSite();
    const root = `${ORIGIN}/~site/${site.id}`;
    const { data: settings } = await gb.orgs.getSiteCustomizationById(organization.id, site.id);
    const items = (settings as unknown as { pageActions: { items: string[] } }).pageActions.items;
    await gb.orgs.updateSiteCustomizationById(organization.id, site.id, {
      ...settings,
      pageActions: { ...settings.pageActions, items: items.filter((i) => i !== "mcp") },
    } as never);
    for (const path of ["/feeding", "/feeding.md"]) {
      const found = links(await get(`/~site/${site.id}${path}`));
      expect(found.map((l) => l.rel)).not.toContain("mcp");
      expect(found.map((l) => l.rel)).not.toContain("service-desc");
      expect(found).toContainEqual({ href: `${root}/llms.txt`, rel: "llms-txt", type: "text/plain" });
    }
    expect(await (await get(`/~site/${site.id}/llms.txt`)).text()).not.toContain("~gitbook/mcp");
    for (const path of ["/.well-known/mcp/server-card", "/.well-known/mcp.json"]) {
      expect((await get(`/~site/${site.id}${path}`)).status, path).toBe(404);
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
