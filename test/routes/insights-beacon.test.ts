import { describe, expect, it } from "vitest";
import { SITE_JS } from "../../src/site/assets";
import { SITE_CSP, siteCsp } from "../../src/site/csp";
import { api, ORIGIN, workerFetch } from "../helpers/http";
import { seedTenant } from "../helpers/tenants";

const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

/** The beacon's <meta> of a rendered page, or undefined. */
function beaconMeta(html: string) {
  const tag = /<meta name="quire-insights"[^>]*>/.exec(html)?.[0];
  if (!tag) return undefined;
  const attr = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1]?.replaceAll("&amp;", "&");
  return {
    content: attr("content")!,
    dataset: {
      siteSection: attr("data-site-section") ?? "",
      siteSpace: attr("data-site-space") ?? "",
      space: attr("data-space") ?? "",
      page: attr("data-page") ?? "",
    },
  };
}

/** Runs the site's own script against a minimal browser: returns the requests it made with `fetch`. */
function runSiteScript(meta: ReturnType<typeof beaconMeta>, pageUrl: string) {
  const requests: { url: string; init: RequestInit }[] = [];
  const storage = () => {
    const values = new Map<string, string>();
    return { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => values.set(k, v) };
  };
  const fetch = (url: string, init: RequestInit) => {
    requests.push({ url, init });
    return Promise.resolve(new Response(null, { status: 204 }));
  };
  const media = { matches: false, addEventListener() {} };
  const document = {
    documentElement: { setAttribute() {}, getAttribute: () => null },
    referrer: "",
    querySelector: (selector: string) => (selector.includes("quire-insights") ? meta : null),
    querySelectorAll: () => [],
  };
  const window = { matchMedia: () => media, fetch, localStorage: storage(), sessionStorage: storage() };
  const run = new Function("document", "window", "navigator", "location", "fetch", "localStorage", SITE_JS);
  run(
    document,
    window,
    { userAgent: BROWSER, language: "en" },
    { href: `${pageUrl}?from=nav#top` },
    fetch,
    window.localStorage,
  );
  return requests;
}

describe("the published site's first-party insights beacon", () => {
  it("a public site's page names its endpoint; the site's script posts a page view the API records as a person's", async () => {
    const tenant = await seedTenant("beacon");
    const holding = tenant.of("public");
    const pageUrl = `${ORIGIN}/~site/${holding.siteId}`;
    // A person's browser: the server leaves its page view to the page's script (an agent's it records itself).
    const page = await workerFetch(pageUrl, { headers: { "user-agent": BROWSER } });
    expect(page.status).toBe(200);
    // Same origin as the API: the policy is the default one ('self' reaches the API).
    expect(page.headers.get("content-security-policy")).toBe(SITE_CSP);
    const meta = beaconMeta(await page.text());
    expect(meta).toEqual({
      content: `${ORIGIN}/v1/orgs/${tenant.organization.id}/sites/${holding.siteId}/insights/events`,
      dataset: { siteSection: "", siteSpace: holding.siteSpaceId, space: holding.spaceId, page: holding.pageId },
    });

    const [request, ...more] = runSiteScript(meta, pageUrl);
    expect(more).toEqual([]);
    expect(request!.url).toBe(meta!.content);
    expect(request!.init).toMatchObject({ method: "POST", keepalive: true, credentials: "omit" });
    // What the browser then sends (its own user agent, no cookie, no token).
    const sent = await workerFetch(request!.url, {
      ...request!.init,
      headers: { ...(request!.init.headers as Record<string, string>), "user-agent": BROWSER },
    });
    expect(sent.status).toBe(204);

    const result = (
      await api("POST", `/orgs/${tenant.organization.id}/sites/${holding.siteId}/insights/events/aggregate`, {
        token: tenant.owner.token,
        body: {
          select: [
            { column: "eventType" },
            { column: "page" },
            { column: "urlPath" },
            { column: "visitorBot" },
            { column: "visitorBrowser" },
          ],
          range: "last24Hours",
        },
      })
    ).json;
    expect(result.columns).toEqual([
      { column: "eventType", values: ["page_view"] },
      { column: "page", values: [{ page: holding.pageId, space: holding.spaceId }] },
      { column: "urlPath", values: [`/~site/${holding.siteId}`] },
      { column: "visitorBot", values: [null] },
      { column: "visitorBrowser", values: ["chrome"] },
    ]);
  });

  it("a share-link site's pages carry no beacon (its credentials never leave its path)", async () => {
    const tenant = await seedTenant("nobeacon");
    const holding = tenant.of("share-link");
    const page = await workerFetch(`${ORIGIN}/~site/${holding.siteId}?share=${tenant.shareKey}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(holding.marker);
    expect(beaconMeta(html)).toBeUndefined();
    expect(runSiteScript(undefined, `${ORIGIN}/~site/${holding.siteId}`)).toEqual([]);
  });

  it("an API on another origin than the page is allowed in connect-src, and nothing else widens", () => {
    expect(siteCsp([])).toBe(SITE_CSP);
    const policy = siteCsp([], "https://api.example.com");
    expect(policy).toContain("connect-src 'self' https://api.example.com");
    expect(policy.replace("; connect-src 'self' https://api.example.com", "")).toBe(SITE_CSP);
  });
});
