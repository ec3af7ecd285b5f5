import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { serialize } from "hono/utils/cookie";
import type { AppEnv } from "../http/app-env";
import { urlBases } from "../http/context";
import { createDb, type Db } from "../db/client";
import type { ServiceContext } from "../services/core";
import { verifyPreviewToken } from "../services/access";
import {
  adaptiveVisibility,
  loadRecentPublishedSite,
  visitorPassOf,
  type PublishedSiteData,
  type Visible,
} from "../services/published";

/** Cookies that keep a visitor's share key and visitor JWT after the first visit with them in the URL. */
const shareCookie = (siteId: string) => `quire_share_${siteId}`;
export const visitorCookie = (siteId: string) => `quire_visitor_${siteId}`;
const previewCookie = (siteId: string) => `quire_preview_${siteId}`;
const LONGEST_CREDENTIAL = 8192;

/** One page view's published site, the visitor's service context, and what the visitor may see. */
export interface Visit {
  data: PublishedSiteData;
  /** Where the site's root is on this request's host: `/~site/{siteId}`, or its proxy path on a custom host. */
  base: string;
  ctx: ServiceContext;
  visible: Visible;
  /** Cookies to set on the response: the credentials that came in the URL, kept for the next pages. */
  cookies: string[];
  /** Whether the visitor is a segment of their own (claims or a key): what the HTML cache is keyed by. */
  segment: string;
  /** Opened by a preview link: answered private and unindexed (the site may not be published). */
  preview: boolean;
}

/** Hosts a browser treats as a secure context over plain http: the only ones where a cookie may go without Secure. */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * A credential cookie: only for this site's path on this host (`/~site/{siteId}`, or the custom host's base path),
 * never readable by scripts, never sent with another site's request (Strict: not even a top-level navigation from
 * elsewhere carries it; the link that brings the credential carries it in its URL), and over HTTPS only except on
 * a local host, where `wrangler dev` serves plain http.
 */
export function credentialCookie(c: Context<AppEnv>, name: string, value: string, base: string): string {
  return serialize(name, value, {
    path: base || "/",
    httpOnly: true,
    secure: !LOCAL_HOSTS.has(new URL(c.req.url).hostname),
    sameSite: "Strict",
  });
}

function credential(c: Context<AppEnv>, param: string, cookie: string, base: string, cookies: string[]) {
  const fromUrl = c.req.query(param);
  const value = fromUrl || getCookie(c, cookie);
  if (!value || value.length > LONGEST_CREDENTIAL) return undefined;
  if (fromUrl) cookies.push(credentialCookie(c, cookie, fromUrl, base));
  return value;
}

/**
 * Opens a published site for a visitor: `?share=<key>` (then its cookie) for share-link sites, `?jwt_token=`
 * (then its cookie) for visitor-auth sites, signed with the site's publishing key. Answers the response to send
 * instead when the site is not there (404), or closed to this visitor (401, or a redirect to the site's
 * fallback URL for visitor-auth).
 */
export async function openSite(c: Context<AppEnv>, siteId: string, base: string): Promise<Visit | Response> {
  const db = createDb(c.env.DB);
  const cookies: string[] = [];
  const shareKey = credential(c, "share", shareCookie(siteId), base, cookies);
  const visitorToken = credential(c, "jwt_token", visitorCookie(siteId), base, cookies);
  // A preview link (getSitePublishingPreviewById): signed for this site, honoured until it expires.
  const previewToken = credential(c, "preview", previewCookie(siteId), base, cookies);
  const preview = await verifyPreviewToken({ db, env: c.env }, siteId, previewToken);
  const data = await loadRecentPublishedSite(db, siteId, { shareKey, visitorToken, ...(preview ? { preview } : {}) });
  if (!data) return c.text("This site is not published.", 404);
  if (!data.admission.open) {
    // The site's identity provider signs the visitor in, then brings them back here (src/site/sign-in.ts).
    if (data.admission.needs === "visitor-token" && data.admission.signIn && c.req.method === "GET") {
      const here = new URL(c.req.url);
      const location = `${here.pathname.slice(base.length) || "/"}${here.search}`;
      c.header("Cache-Control", "no-store");
      return c.redirect(`${base}/~auth/start?location=${encodeURIComponent(location)}`, 302);
    }
    if (data.admission.needs === "visitor-token" && data.admission.fallbackUrl) {
      return c.redirect(data.admission.fallbackUrl, 302);
    }
    if (data.admission.needs === "share-key") return c.text("This site needs a share link.", 401);
    // Members signed in through their organization's SSO get in by the API origin (src/site/sign-in.ts).
    return c.text(
      `This site needs signing in. Members of its organization: ${base}/~auth/start?via=member&location=%2F`,
      401,
    );
  }
  return visitOf(c, db, data, base, cookies, preview);
}

/**
 * The visit of an admitted visitor: a service context whose caller holds the site's visitor pass, and what the
 * pass's claims show. Shared by page views and the site's MCP server (src/site/mcp), so both see the same.
 */
export function visitOf(
  c: Context<AppEnv>,
  db: Db,
  data: PublishedSiteData,
  base: string,
  cookies: string[] = [],
  preview = false,
): Visit {
  const claims = data.admission.open ? data.admission.claims : undefined;
  const ctx: ServiceContext = {
    db,
    env: c.env,
    caller: { kind: "anonymous", visitor: visitorPassOf(data) },
    urls: urlBases(c),
    now: Date.now(),
  };
  const { visible, hidden } = adaptiveVisibility(data, claims ?? {});
  return { data, base, cookies, ctx, visible, segment: hidden.join(","), preview };
}
