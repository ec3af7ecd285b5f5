import type { ServiceContext } from "../services/core";
import type { ContentByUrl, PublishedLookup } from "../services/published";
import { presentChangeRequest } from "./change-request";
import { presentCollection } from "./collection";
import { type PresentedDocumentPage, type PresentedGroupPage, presentPage } from "./content";
import { presentSpace } from "./space";
import type { ChangeRequest } from "../wire/change-request";
import type { Collection } from "../wire/collection";
import type { PublishedSiteContentLookup } from "../wire/published-site-content";
import type { RevisionPageDocument, RevisionPageGroup } from "../wire/revision";
import type { Space } from "../wire/space";

/**
 * getContentByUrl's answer, as its route's ContentByUrlSchema (routes/urls/schemas.ts, an unnamed union of these
 * wire components, which presenters may not import) declares it.
 */
type ContentByUrlAnswer =
  | { collection: Collection }
  | { space: Space; changeRequest?: ChangeRequest; page?: RevisionPageDocument | RevisionPageGroup };

/** getContentByUrl's answer: `{collection}`, or `{space, changeRequest?, page?}` (a page without its body). */
export function presentContentByUrl(ctx: ServiceContext, found: ContentByUrl): ContentByUrlAnswer {
  if (found.kind === "collection") return { collection: presentCollection(found.collection, ctx.urls) };
  const spaceId = found.space.row.id;
  return {
    space: presentSpace(found.space, ctx.urls),
    ...(found.changeRequest ? { changeRequest: presentChangeRequest(ctx, found.changeRequest) } : {}),
    ...(found.page
      ? {
          // Only documents and groups are found by URL (service/published/content-url.ts).
          page: presentPage(ctx, spaceId, found.page.snapshot, found.page.pageId) as
            | PresentedDocumentPage
            | PresentedGroupPage,
        }
      : {}),
  };
}

/**
 * The reference's PublishedSiteContentLookup: a redirect, or the content a published URL shows, with the site API
 * token a renderer reads it with (`apiToken`); `page` (the page's id) is Quire's addition.
 */
export function presentPublishedLookup(found: PublishedLookup): PublishedSiteContentLookup {
  if (found.kind === "redirect") return { target: found.target, redirect: found.redirect };
  return {
    site: found.siteId,
    ...(found.sectionId ? { siteSection: found.sectionId } : {}),
    siteSpace: found.siteSpaceId,
    space: found.spaceId,
    revision: found.revisionId,
    ...(found.pageId ? { page: found.pageId } : {}),
    pathname: found.pathname,
    basePath: found.basePath,
    siteBasePath: found.siteBasePath,
    apiToken: found.apiToken,
    organization: found.organizationId,
    ...(found.shareKey ? { shareKey: found.shareKey } : {}),
    complete: found.complete,
    ...(found.contextId ? { contextId: found.contextId } : {}),
    canonicalUrl: found.canonicalUrl,
  };
}
