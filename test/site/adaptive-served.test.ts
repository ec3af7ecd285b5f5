import { env } from "cloudflare:workers";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { adaptiveSite } from "../helpers/adaptive";
import { countingD1 } from "../helpers/counting-d1";
import { ORIGIN, workerFetch } from "../helpers/http";

type Site = Awaited<ReturnType<typeof adaptiveSite>>;

const get = (path: string) => workerFetch(`${ORIGIN}${path}`, { redirect: "manual" });

/** A visitor of the site with a JWT of these claims: each path read with `?jwt_token=` (none on public sites). */
async function visitor(s: Site, claims?: Record<string, unknown>) {
  const jwt = claims ? await s.token(claims) : undefined;
  return async (rest: string) => {
    const res = await get(
      `/~site/${s.site.id}${rest}${jwt ? `${rest.includes("?") ? "&" : "?"}jwt_token=${jwt}` : ""}`,
    );
    return { status: res.status, text: await res.text(), location: res.headers.get("location") };
  };
}

const HIDDEN_TEXT = ["Numbatbeta", "Quokkapro", "Beta features", "Pro tips"];

describe("adaptive content on the published site's other files", () => {
  it("a visitor whose claims hide site spaces gets none of their pages as .md, in llms.txt, llms-full.txt or search", async () => {
    const s = await adaptiveSite();
    const all = await visitor(s, { beta: true, plan: "pro" });
    const none = await visitor(s, {});
    const betaMd = `/${s.betaSection.path}/beta-features.md`;
    const proMd = `/${s.proSiteSpace.path}/pro-tips.md`;
    expect((await all(betaMd)).text).toContain("Numbatbeta hidden roadmap.");
    expect((await all(proMd)).text).toContain("Quokkapro secrets");
    expect((await all("/llms-full.txt")).text).toContain("Numbatbeta");
    expect((await all("/llms.txt")).text).toContain("Pro tips");
    expect(JSON.parse((await all("/~search.json?q=numbatbeta")).text).items.length).toBeGreaterThan(0);
    expect(JSON.parse((await all("/~search.json?q=quokkapro")).text).items.length).toBeGreaterThan(0);
    expect((await all("/old-beta")).status).toBe(301);

    expect((await none(betaMd)).status).toBe(404);
    expect((await none(proMd)).status).toBe(404);
    const llms = (await none("/llms.txt")).text;
    const full = (await none("/llms-full.txt")).text;
    expect(llms).toContain("Wombat care");
    expect(full).toContain("Wombats dig burrows.");
    for (const text of HIDDEN_TEXT) {
      expect(llms).not.toContain(text);
      expect(full).not.toContain(text);
    }
    for (const word of ["numbatbeta", "quokkapro"]) {
      expect(JSON.parse((await none(`/~search.json?q=${word}`)).text).items).toEqual([]);
      const page = (await none(`/~search?q=${word}`)).text;
      expect(/<ol class="search-results">[\s\S]*?<\/ol>/.exec(page)?.[0] ?? "").not.toMatch(/Beta features|Pro tips/);
    }
    expect((await none("/old-beta")).status).toBe(404);
    // The home page's navigation names neither.
    const home = (await none("/")).text;
    expect(home).toContain("Wombat care");
    expect(home).not.toContain(`/${s.betaSection.path}"`);
  });

  it("a public site's sitemap, llms files and search leave out what conditions hide from visitors without claims", async () => {
    const s = await adaptiveSite("public");
    const anyone = await visitor(s);
    const sitemap = (await anyone("/sitemap.xml")).text;
    expect(sitemap).toContain(`${ORIGIN}/~site/${s.site.id}/wombat-care`);
    expect(sitemap).not.toContain("beta-features");
    expect(sitemap).not.toContain("pro-tips");
    for (const text of HIDDEN_TEXT) {
      expect((await anyone("/llms.txt")).text).not.toContain(text);
      expect((await anyone("/llms-full.txt")).text).not.toContain(text);
    }
    expect(JSON.parse((await anyone("/~search.json?q=numbatbeta")).text).items).toEqual([]);
    expect((await anyone(`/${s.betaSection.path}/beta-features.md`)).status).toBe(404);
  });
});

describe("visitor JWT lifetimes on the published site", () => {
  it("refuses jwt_token without exp or living more than 24 hours: 401, or the fallback URL", async () => {
    const s = await adaptiveSite();
    const key = new TextEncoder().encode(s.privateKey);
    const open = (jwt: string) => get(`/~site/${s.site.id}?jwt_token=${jwt}`);
    expect((await open(await s.token({}))).status).toBe(200);
    const forever = await new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setIssuedAt().sign(key);
    expect((await open(forever)).status).toBe(401);
    expect((await open(await s.token({}, 48 * 3600))).status).toBe(401);
    await s.gb.orgs.updateSitePublishingAuthById(s.organization.id, s.site.id, {
      backend: "custom",
      fallbackURL: "https://login.example.com/",
    });
    const sent = await open(forever);
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe("https://login.example.com/");
  });
});

describe("llms-full.txt caching", () => {
  it("is kept like pages: a second request reads no page body, and each visitor segment has its own", async () => {
    const s = await adaptiveSite();
    const app = createApp();
    const { database, counter } = countingD1(env.DB);
    const read = async (claims: Record<string, unknown>) => {
      counter.roundTrips = 0;
      counter.queries = [];
      const res = await app.request(
        `${ORIGIN}/~site/${s.site.id}/llms-full.txt?jwt_token=${await s.token(claims)}`,
        {},
        { ...env, DB: database },
      );
      expect(res.status).toBe(200);
      return { text: await res.text(), roundTrips: counter.roundTrips, queries: [...counter.queries] };
    };
    const first = await read({ beta: true, plan: "pro" });
    expect(first.text).toContain("Numbatbeta");
    expect(first.queries.some((q) => q.includes("content_blobs"))).toBe(true);
    const second = await read({ beta: true, plan: "pro" });
    expect(second.text).toBe(first.text);
    expect(second.queries.filter((q) => q.includes("content_blobs"))).toEqual([]);
    // At most the site's own load (reused for a second): never a read per space or per page.
    expect(second.roundTrips).toBeLessThanOrEqual(1);
    // Another segment (claims that hide Beta and Pro) is not served the first visitor's text.
    const other = await read({});
    expect(other.text).not.toContain("Numbatbeta");
    expect(other.text).toContain("Wombats dig burrows.");
  });
});
