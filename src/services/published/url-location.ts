import { badRequest } from "../../lib/errors";
import type { ServiceContext } from "../core";
import { findProxiedSite } from "./site-proxy";

/** A URL of a published site: which site, where its root is on the URL's host, and the path inside it. */
export interface PublishedUrl {
  siteId: string;
  /** The URL's origin (`https://docs.example.com`). */
  origin: string;
  /** The site's root on that origin: `/~site/{siteId}`, a proxy's path (`/help`), or "" for a host's root. */
  base: string;
  /** The decoded path segments after `base`, a markdown twin's `.md` left out. */
  segments: string[];
  /** Whether the URL named a markdown twin (`….md`): its `pathname` keeps the suffix, as GitBook Open routes by it. */
  markdown: boolean;
  /** The URL's query (`share`, `jwt_token`). */
  params: URLSearchParams;
}

/** Credentials longer than this are ignored (as the renderer ignores them). */
const LONGEST_CREDENTIAL = 8192;

/** An absolute http(s) URL, or 400 naming `field`. */
export function parseUrl(raw: string, field: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest(`${field}: must be an absolute URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw badRequest(`${field}: must be an http(s) URL`);
  return url;
}

/** A credential as the renderer takes it: present, and not absurdly long. */
export function credential(value: string | null | undefined): string | undefined {
  return value && value.length <= LONGEST_CREDENTIAL ? value : undefined;
}

/** Path segments decoded, or undefined when the path does not decode (`%E0`). */
export function decodedSegments(path: string): string[] | undefined {
  try {
    return decodeURIComponent(path).split("/").filter(Boolean);
  } catch {
    return undefined;
  }
}

/** The path of `url` after `base` (a URL with its path), or undefined when `url` is not under it. */
export function pathUnder(url: URL, base: string): string | undefined {
  let root: URL;
  try {
    root = new URL(base);
  } catch {
    return undefined;
  }
  if (root.origin !== url.origin) return undefined;
  const prefix = root.pathname.replace(/\/+$/, "");
  if (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) return undefined;
  return url.pathname.slice(prefix.length);
}

function hostOf(base: string) {
  try {
    return new URL(base).host;
  } catch {
    return undefined;
  }
}

/**
 * Where a URL lands among published sites, as the renderer routes requests: `{api}/~site/{siteId}/…` on the
 * deployment's own origin, or a published site's DNS-verified custom host (`proxy`, only when `PUBLIC_API_URL` says which
 * host is the API's, as src/site/hosts.ts serves them). Undefined when the URL is neither; whether the site is
 * published, and what the path names in it, is for the caller to find.
 */
export async function locatePublishedUrl(ctx: ServiceContext, url: URL): Promise<PublishedUrl | undefined> {
  let siteId: string | undefined;
  let base: string | undefined;
  const own = pathUnder(url, ctx.urls.sites ?? ctx.urls.api);
  const onSite = own === undefined ? undefined : /^\/~site\/([^/]+)/.exec(own);
  if (onSite && onSite[1] !== "~assets") {
    siteId = onSite[1]!;
    base = url.pathname.slice(0, url.pathname.length - own!.length) + onSite[0];
  } else if (ctx.env.PUBLIC_API_URL && url.host !== hostOf(ctx.urls.api) && url.host !== hostOf(ctx.urls.sites ?? "")) {
    const proxied = (await findProxiedSite(ctx.db, url.hostname, url.pathname))?.site;
    if (proxied) ({ siteId, base } = proxied);
  }
  if (siteId === undefined || base === undefined) return undefined;
  let rest = url.pathname.slice(base.length);
  const markdown = rest.endsWith(".md");
  if (markdown) rest = rest.slice(0, -3);
  const segments = decodedSegments(rest);
  if (!segments) return undefined;
  return { siteId, origin: url.origin, base, segments, markdown, params: url.searchParams };
}
