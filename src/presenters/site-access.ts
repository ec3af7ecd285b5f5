import { iso } from "../lib/time";
import type { UrlBases } from "../services/core";
import type { PublishingAuthRow, ShareLinkRow } from "../services/sites";
import type { ShareLink, SitePublishingAuth } from "../wire/site-access";
import { shareLinkUrl } from "./published-urls";

/** A ShareLink of the reference; `key` (Quire) is the share key that `urls.published` carries. */
export function presentShareLink(row: ShareLinkRow, urls: UrlBases): ShareLink {
  return {
    object: "share-link" as const,
    id: row.id,
    createdAt: iso(row.createdAt),
    name: row.name,
    active: row.active,
    key: row.key,
    urls: { published: shareLinkUrl(urls, row.siteId, row.key) },
  };
}

/** A SitePublishingAuth of the reference. */
export function presentPublishingAuth(row: PublishingAuthRow): SitePublishingAuth {
  return {
    object: "publishing-auth" as const,
    backend: row.backend,
    privateKey: row.privateKey,
    ...(row.fallbackUrl !== null ? { fallbackURL: row.fallbackUrl } : {}),
  };
}
