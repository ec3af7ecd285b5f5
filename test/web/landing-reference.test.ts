// GET / (the landing document, JSON or HTML by Accept), GET /reference (Scalar, every URL local) and the
// static files under /_quire/ that the reference loads.
import { describe, expect, it } from "vitest";
import { API_VERSION } from "../../src/version";
import { ORIGIN, workerFetch } from "../helpers/http";

const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";

/** Every URL an HTML document refers to (src, href, CSS url(), and string literals that look like URLs). */
function referencedURLs(html: string) {
  const attributes = [...html.matchAll(/\b(?:src|href|action|poster|data)\s*=\s*["']([^"']*)["']/gi)].map((m) => m[1]);
  const absolute = [...html.matchAll(/(?:https?:)?\/\/[a-z0-9.-]+\.[a-z]{2,}[^\s"'<>)]*/gi)].map((m) => m[0]);
  return [...attributes, ...absolute];
}

describe("GET /", () => {
  it("answers JSON to API clients: without Accept, with application/json and with */*", async () => {
    for (const accept of [undefined, "application/json", "*/*"]) {
      const res = await workerFetch(`${ORIGIN}/`, { headers: accept ? { accept } : {} });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(res.headers.get("vary")).toMatch(/Accept/i);
      expect(await res.json()).toEqual({
        name: "Quire",
        version: API_VERSION,
        urls: { api: `${ORIGIN}/v1`, reference: `${ORIGIN}/reference`, openapi: `${ORIGIN}/openapi.json` },
      });
    }
  });

  it("answers the app to browsers", async () => {
    const res = await workerFetch(`${ORIGIN}/`, { headers: { accept: BROWSER_ACCEPT } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    const body = await res.text();
    // The app (test/web/app-shell.test.ts checks its page): its bundle by nonce, nothing from elsewhere.
    expect(body).toContain('<div id="app">');
    expect(body).toMatch(/<script type="module" nonce="[^"]+" src="\/_quire\/app\/main\.js/);
    expect(referencedURLs(body).every((url) => url.startsWith("/"))).toBe(true);
  });
});

describe("GET /reference", () => {
  it("loads Scalar's bundle from this Worker, nonced, with no font, CDN or other external URL", async () => {
    const res = await workerFetch(`${ORIGIN}/reference`, { headers: { accept: BROWSER_ACCEPT } });
    expect(res.status).toBe(200);
    const body = await res.text();
    const csp = res.headers.get("content-security-policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("default-src 'none'");

    const scripts = [...body.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
    const src = /<script src="([^"]+)"/.exec(body)?.[1];
    expect(src).toMatch(/^\/_quire\/scalar\/standalone\.js\?v=[^&]+$/);

    const urls = referencedURLs(body);
    expect(urls).toContain(src);
    for (const url of urls) expect(url, url).toMatch(/^\/(?!\/)/);
    expect(body).toContain('"withDefaultFonts": false');
    expect(body).toContain('"telemetry": false');
    expect(body).not.toMatch(/jsdelivr|unpkg|fonts\.scalar\.com|googleapis/);
  });

  it("serves the bundle it names, cached for a year at that versioned URL and revalidated otherwise", async () => {
    const page = await (await workerFetch(`${ORIGIN}/reference`)).text();
    const src = /<script src="([^"]+)"/.exec(page)![1];
    const res = await workerFetch(`${ORIGIN}${src}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/javascript/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const script = await res.text();
    expect(script.length).toBeGreaterThan(1_000_000);
    expect(script).toContain("createApiReference");

    const etag = res.headers.get("etag");
    expect(etag).toBeTruthy();
    const unversioned = await workerFetch(`${ORIGIN}/_quire/scalar/standalone.js`);
    expect(unversioned.headers.get("cache-control")).toBe("no-cache");
    await unversioned.body?.cancel();
    const stale = await workerFetch(`${ORIGIN}/_quire/scalar/standalone.js?v=old`);
    expect(stale.headers.get("cache-control")).toBe("no-cache");
    await stale.body?.cancel();
    const revalidated = await workerFetch(`${ORIGIN}/_quire/scalar/standalone.js`, {
      headers: { "if-none-match": etag! },
    });
    expect(revalidated.status).toBe(304);
  });

  it("answers 404 in the error body for a file that is not there", async () => {
    const res = await workerFetch(`${ORIGIN}/_quire/scalar/missing.js`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 404, message: "No file at /_quire/scalar/missing.js" } });
  });
});
