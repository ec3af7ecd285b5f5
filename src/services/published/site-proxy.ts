import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sites } from "../../db/schema";

/** How deep a proxy path may be (`host/a/b/c/d`): the candidates one lookup tries. */
const MAX_PROXY_DEPTH = 5;

/**
 * The published site whose `proxy` (`docs.example.com/help`) is this host and the leading segments of this
 * path, the longest proxy winning, with the path of its root on that host (`/help`); one indexed D1 read.
 */
export async function findProxiedSite(
  db: Db,
  host: string,
  pathname: string,
): Promise<{ siteId: string; base: string } | undefined> {
  const segments = pathname.split("/").filter(Boolean).slice(0, MAX_PROXY_DEPTH);
  const candidates = segments.map((_, i) => `${host}/${segments.slice(0, i + 1).join("/")}`);
  if (!candidates.length) return undefined;
  const found = await db
    .select({ id: sites.id, proxy: sites.proxy })
    .from(sites)
    .where(and(inArray(sites.proxy, candidates), eq(sites.published, true)));
  const site = found.sort((a, b) => (b.proxy?.length ?? 0) - (a.proxy?.length ?? 0))[0];
  return site?.proxy ? { siteId: site.id, base: site.proxy.slice(host.length) } : undefined;
}
