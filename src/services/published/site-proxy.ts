import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { batch } from "../../db/batch";
import { sites } from "../../db/schema";
import { MAX_PROXY_DEPTH } from "../sites";

/** What a host is to the published surface: nobody's, or a custom host with the site this path reaches, if any. */
export type ProxiedHost = undefined | { site?: { siteId: string; base: string } };

/**
 * Whether `host` is some site's custom host and, if so, the published site whose DNS-verified `proxy`
 * (`docs.example.com/help`) is this host and the leading segments of this path, the longest proxy winning,
 * with the path of its root on that host (`/help`, or "" for the host's root). One D1 round trip, both
 * statements on indexes (`sites_proxy`, `sites_proxy_host`).
 */
export async function findProxiedSite(db: Db, host: string, pathname: string): Promise<ProxiedHost> {
  const segments = pathname.split("/").filter(Boolean).slice(0, MAX_PROXY_DEPTH);
  const candidates = [host, ...segments.map((_, i) => `${host}/${segments.slice(0, i + 1).join("/")}`)];
  const [found, claimed] = await batch(db, [
    db
      .select({ id: sites.id, proxy: sites.proxy })
      .from(sites)
      .where(and(inArray(sites.proxy, candidates), eq(sites.published, true), eq(sites.proxyStatus, "live"))),
    db.select({ id: sites.id }).from(sites).where(eq(sites.proxyHost, host)).limit(1),
  ]);
  if (!claimed.length) return undefined;
  const site = found.sort((a, b) => (b.proxy?.length ?? 0) - (a.proxy?.length ?? 0))[0];
  return { site: site?.proxy ? { siteId: site.id, base: site.proxy.slice(host.length) } : undefined };
}

/**
 * The one published, DNS-verified site on a custom host, with its root's path there; undefined when the host has
 * none or several (then no site speaks for the host's root). For discovery documents agents look for at a host's
 * root (`/.well-known/llms.txt`) when the site itself is proxied under a path. One indexed statement.
 */
export async function soleProxiedSite(db: Db, host: string): Promise<{ siteId: string; base: string } | undefined> {
  const rows = await db
    .select({ id: sites.id, proxy: sites.proxy })
    .from(sites)
    .where(and(eq(sites.proxyHost, host), eq(sites.published, true), eq(sites.proxyStatus, "live")))
    .limit(2);
  const [only] = rows;
  return rows.length === 1 && only?.proxy ? { siteId: only.id, base: only.proxy.slice(host.length) } : undefined;
}
