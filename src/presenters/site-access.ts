import { iso } from "../lib/time";
import type { UrlBases } from "../services/core";
import { parseIdentityProvider, type PublishingAuthView, type ShareLinkRow } from "../services/sites";
import type { ShareLink, SitePublishingAuth } from "../wire/site-access";
import { liveProxy, publishedSiteUrl, shareLinkUrl } from "./published-urls";

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

/**
 * A SitePublishingAuth of the reference, with Quire's `identityProvider` (never its secret: `clientSecretSet`)
 * and `redirectURL`, the site's sign-in callback to register at an OpenID provider: under the site's address, its
 * live custom host when it has one (where its visitors sign in), as `urls.published` says it.
 */
export function presentPublishingAuth({ row, site }: PublishingAuthView, urls: UrlBases): SitePublishingAuth {
  const provider = parseIdentityProvider(row.identityProvider);
  return {
    object: "publishing-auth" as const,
    backend: row.backend,
    privateKey: row.privateKey,
    ...(row.fallbackUrl !== null ? { fallbackURL: row.fallbackUrl } : {}),
    ...(provider?.type === "oidc"
      ? {
          identityProvider: {
            type: "oidc" as const,
            issuer: provider.issuer,
            clientId: provider.clientId,
            clientSecretSet: row.identityProviderSecret !== null,
            scopes: provider.scopes,
            claims: provider.claims,
          },
        }
      : provider
        ? { identityProvider: provider }
        : {}),
    redirectURL: publishedSiteUrl(urls, row.siteId, "~auth/callback", liveProxy(site)),
  };
}
