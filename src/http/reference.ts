import { Scalar } from "@scalar/hono-api-reference";
import type { Context, Hono } from "hono";
import type { AppEnv } from "./app-env";
import { base62, randomBytes } from "../lib/ids";
import { assetVersions as assetVersionCache } from "../lib/isolate-caches";
import { fetchStaticFile } from "../lib/static-files";
import { errorBody } from "./errors";

/** Scalar's single-file browser bundle, a file of the quire-static Worker (it injects its own CSS). */
const SCALAR_SCRIPT = "/_quire/scalar/standalone.js";
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * The reference page may run the bundle (by nonce), its own inline styles, and talk to this origin only:
 * no CDN, no web fonts, no telemetry. A request to anywhere else is refused by the browser, not just avoided.
 */
function referenceCsp(nonce: string) {
  return [
    "default-src 'none'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The ETag of a built asset (a content hash), used as its version in URLs; undefined when it is missing. The
 * account pages (account-pages.ts) version their bundles with it too.
 */
const assetVersions = assetVersionCache.store;
export async function assetVersion(c: Context<AppEnv>, path: string) {
  const known = assetVersions.get(path);
  if (known) return known;
  const res = await fetchStaticFile(c.env.ASSETS, path, { method: "HEAD" });
  const etag = res.ok ? res.headers.get("ETag")?.replace(/^W\//, "").replaceAll('"', "") : undefined;
  if (etag) assetVersions.set(path, etag);
  return etag;
}

/** Forgets the versions this isolate has read (tests that need them read again). */
export function forgetAssetVersions(): void {
  assetVersions.clear();
}

/**
 * GET /_quire/*: the Worker's static files. A URL that carries the current version (`?v=<etag>`) is cached
 * for a year; any other one is revalidated against the ETag on each use.
 */
async function serveAsset(c: Context<AppEnv>) {
  const upstream = await fetchStaticFile(c.env.ASSETS, c.req.path, {
    method: c.req.method,
    headers: c.req.header("If-None-Match") ? { "If-None-Match": c.req.header("If-None-Match")! } : {},
  });
  if (upstream.status !== 200 && upstream.status !== 304) {
    await upstream.body?.cancel();
    return c.json(errorBody(404, `No file at ${c.req.path}`), 404);
  }
  const headers = new Headers();
  for (const name of ["Content-Type", "ETag"]) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  const version = c.req.query("v");
  headers.set("Cache-Control", version && version === (await assetVersion(c, c.req.path)) ? IMMUTABLE : "no-cache");
  return new Response(upstream.status === 304 ? null : upstream.body, { status: upstream.status, headers });
}

/** GET /reference: Scalar over /openapi.json, everything served by this Worker. */
const referencePage = Scalar(async (c) => {
  const nonce = base62(randomBytes(16));
  c.header("Content-Security-Policy", referenceCsp(nonce));
  const version = await assetVersion(c as Context<AppEnv>, SCALAR_SCRIPT);
  return {
    url: "/openapi.json",
    pageTitle: "Quire API reference",
    // A `cdn` URL makes the integration load the single-file bundle with a plain <script src>, nonced.
    cdn: version ? `${SCALAR_SCRIPT}?v=${encodeURIComponent(version)}` : SCALAR_SCRIPT,
    nonce,
    withDefaultFonts: false,
    telemetry: false,
    agent: { disabled: true },
    mcp: { disabled: true },
    showDeveloperTools: "never" as const,
  };
});

export function mountReference(app: Hono<AppEnv>) {
  app.get("/_quire/*", serveAsset);
  // Browsers ask for it on every HTML page; there is no icon, and "none" is not an error worth a 404 log line.
  app.get("/favicon.ico", (c) => c.body(null, 204, { "Cache-Control": "public, max-age=86400" }));
  app.get("/reference", referencePage);
}
