import type { Db } from "../../db/client";
import { recentSites } from "../../lib/isolate-caches";
import type { ByteLru } from "../../lib/lru";
import { loadPublishedSite, type PublishedSiteData, type SiteCredentials } from "./site-load";

/**
 * Published sites as this isolate last loaded them, for at most RECENT_SITE_MS: page views of a busy site
 * share one load (one D1 round trip) per second instead of paying one each. What a load reads (the site, its
 * structure, each space's current revision, its customization, share links and publishing keys) can change
 * at any time, so the window is short, and every write this isolate handles (any API request that is not a
 * read, every queue batch and cron run) forgets them all, before and after it runs: a writer reads its own
 * writes. Other isolates see a change within RECENT_SITE_MS. Only resolved loads are kept (a promise begun by
 * one request must not be awaited by another in workerd).
 */
export const RECENT_SITE_MS = 1000;

interface Recent {
  data: PublishedSiteData | undefined;
  loadedAt: number;
  generation: number;
}

const recent = recentSites.store as ByteLru<Recent>;
let generation = 0;

export function forgetRecentSites(): void {
  generation++;
}

/** `loadPublishedSite`, answered from this isolate's last load when it is under RECENT_SITE_MS old. */
export async function loadRecentPublishedSite(
  db: Db,
  siteId: string,
  credentials: SiteCredentials,
  now = Date.now(),
): Promise<PublishedSiteData | undefined> {
  // Credentials decide admission and adaptive claims, so they are part of the key.
  const key = `${siteId}\u0000${credentials.shareKey ?? ""}\u0000${credentials.visitorToken ?? ""}\u0000${credentials.preview ? 1 : 0}`;
  const hit = recent.get(key);
  if (hit && hit.generation === generation && now - hit.loadedAt < RECENT_SITE_MS && now >= hit.loadedAt) {
    return hit.data;
  }
  const startedAt = generation;
  const data = await loadPublishedSite(db, siteId, credentials);
  // A write that began while this load ran may not be in it: keep it only if none did.
  if (startedAt === generation) recent.set(key, { data, loadedAt: now, generation });
  return data;
}
