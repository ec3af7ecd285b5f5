import { describe, expect, it } from "vitest";
import { adaptiveSite } from "../helpers/adaptive";
import { client, ORIGIN, workerFetch } from "../helpers/http";
import { initialize, mcpClient, mcpPost, mcpUrl, toolText } from "../helpers/mcp";
import { mergePages, page } from "../helpers/search";
import { seedOrganization } from "../helpers/seed";
import { verifyCustomHost } from "../helpers/sites";

type Site = Awaited<ReturnType<typeof adaptiveSite>>;
type Mcp = Awaited<ReturnType<typeof mcpClient>>;

const HIDDEN = ["Numbatbeta", "Quokkapro", "Beta features", "Pro tips"];

async function search(mcp: Mcp, query: string, filter: Record<string, string> = {}) {
  const found = await mcp.callTool({ name: "searchDocumentation", arguments: { query, ...filter } });
  return (found.structuredContent as { results: { title: string; url: string }[] }).results;
}

/** Everything the MCP server shows this client: search hits, pages by path, the resource list. */
async function expectHidden(mcp: Mcp, s: Site) {
  for (const word of ["numbatbeta", "quokkapro"]) expect(await search(mcp, word)).toEqual([]);
  for (const path of [`${s.betaSection.path}/beta-features`, `${s.proSiteSpace.path}/pro-tips`]) {
    const got = await mcp.callTool({ name: "getPage", arguments: { url: path } });
    expect(got.isError, path).toBe(true);
    for (const text of HIDDEN) expect(toolText(got)).not.toContain(text.toLowerCase());
  }
  const both = await mcp.callTool({
    name: "getPages",
    arguments: { urls: [`${s.betaSection.path}/beta-features`, "wombat-care"] },
  });
  expect(toolText(both)).toContain("Wombats dig burrows.");
  for (const text of HIDDEN.slice(0, 2)) expect(toolText(both)).not.toContain(text);
  const { resources } = await mcp.listResources();
  expect(resources.map((r) => r.name)).toEqual(["Wombat care"]);
  await expect(
    mcp.readResource({ uri: `${ORIGIN}/~site/${s.site.id}/${s.betaSection.path}/beta-features` }),
  ).rejects.toThrow();
  // Nor does an answer cite them.
  const asked = await mcp.callTool({ name: "askQuestion", arguments: { question: "What is the numbatbeta roadmap?" } });
  const answer = asked.structuredContent as { known: boolean; answer: string; sources: unknown[] };
  expect(answer).toMatchObject({ known: false, sources: [] });
  expect(answer.answer).not.toContain("Numbatbeta");
  // The old URL the site redirects to Beta is no way in either.
  expect((await mcp.callTool({ name: "getPage", arguments: { url: "old-beta" } })).isError).toBe(true);
}

describe("the MCP server shows what the site shows its caller", () => {
  it("visitor-auth: 401 with WWW-Authenticate without a valid visitor JWT; the JWT's claims decide what shows", async () => {
    const s = await adaptiveSite("visitor-auth");
    const url = mcpUrl(s.site.id);
    const bare = await mcpPost(url, initialize("2025-11-25"));
    expect(bare.status).toBe(401);
    expect(bare.headers.get("www-authenticate")).toMatch(/^Bearer realm=".+".*visitor token \(JWT\)/);
    expect(((await bare.json()) as { error: { code: number } }).error.code).toBe(401);
    const wrong = await mcpPost(url, initialize("2025-11-25"), { authorization: "Bearer not-a-jwt" });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toContain('error="invalid_token"');
    const expired = await s.token({ beta: true }, -60);
    expect((await mcpPost(url, initialize("2025-11-25"), { authorization: `Bearer ${expired}` })).status).toBe(401);
    await expect(mcpClient(url)).rejects.toThrow();

    const plain = await mcpClient(url, { token: await s.token({}) });
    await expectHidden(plain, s);
    expect((await search(plain, "wombats"))[0]?.title).toBe("Wombat care");
    await plain.close();

    const insider = await mcpClient(url, { token: await s.token({ beta: true, plan: "pro" }) });
    expect((await search(insider, "numbatbeta"))[0]?.title).toBe("Beta features");
    expect((await search(insider, "quokkapro"))[0]?.title).toBe("Pro tips");
    // Filters: a section, a site space, a language.
    expect(await search(insider, "numbatbeta", { section: s.guideSection.id })).toEqual([]);
    expect((await search(insider, "numbatbeta", { section: s.betaSection.id })).length).toBe(1);
    expect((await search(insider, "quokkapro", { siteSpace: s.proSiteSpace.id })).length).toBe(1);
    expect(await search(insider, "wombats", { siteSpace: s.proSiteSpace.id })).toEqual([]);
    expect((await search(insider, "wombats", { language: "en" })).length).toBe(1);
    expect(await search(insider, "wombats", { language: "fr" })).toEqual([]);
    const asked = await insider.callTool({
      name: "askQuestion",
      arguments: { question: "What is the numbatbeta roadmap?" },
    });
    expect(asked.structuredContent).toMatchObject({ known: true });
    expect(toolText(asked)).toContain("Numbatbeta hidden roadmap");
    const beta = await insider.callTool({ name: "getPage", arguments: { url: `${s.betaSection.path}/beta-features` } });
    expect(toolText(beta)).toContain("Numbatbeta hidden roadmap.");
    expect((await insider.callTool({ name: "getPage", arguments: { url: "old-beta" } })).isError).toBeFalsy();
    const names = (await insider.listResources()).resources.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(["Wombat care", "Pro tips", "Beta features"]));
    await insider.close();
  });

  it("public with adaptive content: anyone, with what conditions hide for no claims hidden", async () => {
    const s = await adaptiveSite("public");
    const mcp = await mcpClient(mcpUrl(s.site.id));
    await expectHidden(mcp, s);
    await mcp.close();
  });

  it("share-link: the share key as a bearer token (or ?share=); without it 401 naming the share link", async () => {
    const { organization, owner } = await seedOrganization("Shared");
    const gb = client(owner.token);
    const { data: space } = await gb.orgs.createSpace(organization.id, { title: "Secret" });
    await mergePages(owner.token, space.id, [page("a", "Hidden plans", "The echidna launch date.\n")]);
    const { data: site } = await gb.orgs.createSite(organization.id, {
      title: "Shared docs",
      visibility: "share-link",
      spaces: [space.id],
    } as never);
    await gb.orgs.publishSite(organization.id, site.id);
    const link = (await gb.orgs.createSiteShareLink(organization.id, site.id, { name: "Readers" })).data;
    const key = new URL(link.urls.published!).searchParams.get("share")!;
    const url = mcpUrl(site.id);

    const bare = await mcpPost(url, initialize("2025-11-25"));
    expect(bare.status).toBe(401);
    expect(bare.headers.get("www-authenticate")).toContain("share link key");
    const wrong = await mcpPost(url, initialize("2025-11-25"), { authorization: "Bearer nope" });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toContain('error="invalid_token"');
    // An API token, even the organization owner's, is no credential of the published site.
    const owners = await mcpPost(url, initialize("2025-11-25"), { authorization: `Bearer ${owner.token}` });
    expect(owners.status).toBe(401);

    // A browser client on another origin: its preflight may send the protocol's headers and the bearer token,
    // and it may read the challenge and the protocol's answers.
    const preflight = await workerFetch(url, {
      method: "OPTIONS",
      headers: {
        origin: "https://inspector.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type, mcp-protocol-version, mcp-method, mcp-name",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
    const allowed = preflight.headers.get("access-control-allow-headers")?.toLowerCase() ?? "";
    for (const header of ["authorization", "content-type", "mcp-protocol-version", "mcp-method", "mcp-name"]) {
      expect(allowed).toContain(header);
    }
    const exposed = (await mcpPost(url, initialize("2025-11-25"), { origin: "https://inspector.example" })).headers;
    expect(exposed.get("access-control-allow-origin")).toBe("*");
    expect(exposed.get("access-control-expose-headers")?.toLowerCase()).toContain("www-authenticate");
    expect(exposed.get("access-control-expose-headers")?.toLowerCase()).toContain("mcp-session-id");

    const mcp = await mcpClient(url, { token: key });
    expect((await search(mcp, "echidna"))[0]?.title).toBe("Hidden plans");
    expect(toolText(await mcp.callTool({ name: "getPage", arguments: { url: "hidden-plans" } }))).toContain("echidna");
    await mcp.close();
    const byQuery = await mcpClient(`${url}?share=${key}`);
    expect((await byQuery.listResources()).resources.map((r) => r.name)).toEqual(["Hidden plans"]);
    await byQuery.close();

    // A revoked key closes the MCP server as it closes the site.
    await gb.orgs.deleteSiteShareLinkById(organization.id, site.id, link.id);
    expect((await mcpPost(url, initialize("2025-11-25"), { authorization: `Bearer ${key}` })).status).toBe(401);
  });

  it("custom hosts: the site's MCP server under its proxy path; another organization's site never", async () => {
    const mine = await seedOrganization("Hosted");
    const theirs = await seedOrganization("Other");
    const site = async (org: typeof mine, word: string) => {
      const gb = client(org.owner.token);
      const { data: space } = await gb.orgs.createSpace(org.organization.id, { title: word });
      await mergePages(org.owner.token, space.id, [page("a", `${word} page`, `All about ${word}.\n`)]);
      const { data } = await gb.orgs.createSite(org.organization.id, {
        title: word,
        visibility: "public",
        spaces: [space.id],
      } as never);
      await gb.orgs.publishSite(org.organization.id, data.id);
      return data;
    };
    const hosted = await site(mine, "Bilby");
    const other = await site(theirs, "Dingo");
    const host = `docs-${crypto.randomUUID().slice(0, 8)}.example.com`;
    await client(mine.owner.token).orgs.updateSiteById(mine.organization.id, hosted.id, {
      proxy: `${host}/help`,
    } as never);
    await verifyCustomHost(mine.owner.token, host);

    const mcp = await mcpClient(`https://${host}/help/~gitbook/mcp`);
    const results = await search(mcp, "bilby");
    expect(results[0]?.url).toBe(`https://${host}/help/bilby-page`);
    expect((await mcp.listResources()).resources.map((r) => r.uri)).toEqual([`https://${host}/help/bilby-page`]);
    await mcp.close();
    // The other organization's site, its /~site/ path, or the hosted one's, on this host: 404.
    for (const path of [`/~site/${other.id}/~gitbook/mcp`, `/~site/${hosted.id}/~gitbook/mcp`, "/~gitbook/mcp"]) {
      expect((await mcpPost(`https://${host}${path}`, initialize("2025-11-25"))).status, path).toBe(404);
    }
  });
});
