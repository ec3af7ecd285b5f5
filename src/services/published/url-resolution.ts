import { type PageEntry, pageByPath, pagePath, readingOrder, type Snapshot } from "../../content/model";
import { ApiError, notFound } from "../../lib/errors";
import { mintSiteToken } from "../access";
import type { ServiceContext } from "../core";
import { listPages } from "../revisions";
import { fingerprint, loadPublishedSite, type PublishedSiteData } from "./site-load";
import { resolveSitePath, siteSpacePrefix, siteSpacesAt, type Visible, visibleSections } from "./site-paths";
import { siteRedirectTarget } from "./site-redirect-target";
import { adaptiveVisibility, visitorPassOf } from "./site-visibility";
import { credential, locatePublishedUrl, parseUrl, type PublishedUrl } from "./url-location";

// URL resolution for published sites: what a published URL shows a visitor (getPublishedContentByUrl and
// resolvePublishedContentByUrl), resolved exactly as the renderer (src/site) routes the same request.

export interface PublishedLookupInput {
  url: string;
  /** The field `url` came in, for a 400's message (`query.url`, `body.url`). */
  field: string;
  /** A visitor JWT (`visitorAuthToken`, `visitor.jwtToken`); else the URL's `jwt_token`. */
  visitorToken?: string;
  /** Claims the visitor carries unsigned (adaptive content reads them as `visitor.claims.unsigned.…`). */
  unsignedClaims?: Record<string, unknown>;
  /** When the site needs credentials the visitor lacks: answer its fallback URL instead of 401. */
  redirectOnError: boolean;
}

/** Where a published URL sends the visitor instead of showing content. */
export interface PublishedRedirect {
  kind: "redirect";
  target: "application" | "content" | "external";
  redirect: string;
}

/** What a published URL shows: the site, section, site space, space, revision and page, and its paths. */
export interface PublishedContentView {
  kind: "content";
  siteId: string;
  organizationId: string;
  sectionId?: string;
  siteSpaceId: string;
  spaceId: string;
  revisionId: string;
  /** The page the URL shows; absent for a path under the site that is no page (`llms.txt`, `~gitbook/…`). */
  pageId?: string;
  /** The path the URL names inside its site space ("" at its root), a page's or any other. */
  pathname: string;
  basePath: string;
  siteBasePath: string;
  shareKey?: string;
  complete: boolean;
  contextId?: string;
  canonicalUrl: string;
  /** The site API token (services/access/site-tokens.ts) a renderer reads this content with. */
  apiToken: string;
}

export type PublishedLookup = PublishedRedirect | PublishedContentView;

const notPublished = () => notFound("Published content");

/**
 * Resolves a published URL for a visitor: the site must be published and open to the visitor's credentials
 * (the URL's `?share=` key, or a visitor JWT signed with the site's publishing key); its sections and site
 * spaces are those the visitor's claims show (adaptive content); the page is the one the renderer would serve.
 * A closed site is a 401, or with `redirectOnError` a redirect to its visitor-auth fallback URL; a path the
 * site redirects is a redirect; any other path under the site answers its site space with the rest of the path
 * in `pathname` and no page. 404 only when no published site (or no site space the visitor sees) is there.
 */
export async function resolvePublishedUrl(ctx: ServiceContext, input: PublishedLookupInput): Promise<PublishedLookup> {
  const at = await locatePublishedUrl(ctx, parseUrl(input.url, input.field));
  if (!at) throw notPublished();
  const shareKey = credential(at.params.get("share"));
  const visitorToken = credential(input.visitorToken) ?? credential(at.params.get("jwt_token"));
  const data = await loadPublishedSite(ctx.db, at.siteId, { shareKey, visitorToken });
  if (!data) throw notPublished();
  const { admission } = data;
  if (!admission.open) {
    if (input.redirectOnError && admission.needs === "visitor-token" && admission.fallbackUrl) {
      return { kind: "redirect", target: "external", redirect: admission.fallbackUrl };
    }
    const what = admission.needs === "share-key" ? "a valid share key (`?share=`)" : "a valid visitor token";
    throw new ApiError(401, `This site needs ${what}`);
  }
  const claims = { ...(admission.claims ?? {}), ...(input.unsignedClaims ? { unsigned: input.unsignedClaims } : {}) };
  const { visible, hidden } = adaptiveVisibility(data, claims);
  const pass = visitorPassOf(data, claims);
  const visitor: ServiceContext = { ...baseOf(ctx), caller: { kind: "anonymous", visitor: pass } };
  const found = await pageOf(visitor, data, at, visible);
  if (found.kind === "redirect") return found;
  const { location, page, snapshot, consumed } = found;
  const prefix = siteSpacePrefix(data, location.siteSpace, visible);
  const used = at.segments.slice(0, consumed).join("/");
  const sectionNamed = Boolean(location.section && consumed > 0 && at.segments[0] === location.section.path);
  const variantNamed = consumed > (sectionNamed ? 1 : 0);
  const basePath = `${at.base}/${used ? `${used}/` : ""}`;
  // The rest of the URL inside the site space, as the visitor wrote it (`.md` kept: a renderer routes by it).
  const pathname = `${location.pagePath}${at.markdown && location.pagePath ? ".md" : ""}`;
  const sharedWith = data.site.visibility === "share-link" ? shareKey : undefined;
  const apiToken = await mintSiteToken(ctx, {
    organizationId: data.site.organizationId,
    siteId: data.site.id,
    siteSpaceId: location.siteSpace.id,
    spaceId: location.siteSpace.spaceId,
    spaces: [...pass.spaces],
    ...(location.section ? { sectionId: location.section.id } : {}),
    claims,
    visibility: data.site.visibility,
    ...(sharedWith ? { shareKey: sharedWith } : {}),
    ...(typeof admission.claims?.exp === "number" ? { notAfter: admission.claims.exp } : {}),
    now: ctx.now,
  });
  return {
    kind: "content",
    siteId: data.site.id,
    organizationId: data.site.organizationId,
    ...(location.section ? { sectionId: location.section.id } : {}),
    siteSpaceId: location.siteSpace.id,
    spaceId: location.siteSpace.spaceId,
    revisionId: location.siteSpace.revisionId,
    ...(page ? { pageId: page.id } : {}),
    pathname,
    basePath,
    siteBasePath: `${at.base}/`,
    ...(sharedWith ? { shareKey: sharedWith } : {}),
    complete:
      (!data.sections.length || sectionNamed || visibleSections(data, visible).length === 1) &&
      (variantNamed || siteSpacesAt(data, location.section?.id ?? null, visible).length === 1),
    ...(Object.keys(claims).length ? { contextId: fingerprint(["context", data.version, ...hidden]) } : {}),
    canonicalUrl:
      page && snapshot
        ? `${at.origin}${at.base}${prefix ? `/${prefix}` : ""}/${pagePath(snapshot, page.id)}`
        : `${at.origin}${basePath}${pathname}`,
    apiToken,
  };
}

function baseOf(ctx: ServiceContext) {
  return { db: ctx.db, env: ctx.env, urls: ctx.urls, now: ctx.now };
}

interface FoundPage {
  kind: "page";
  location: NonNullable<ReturnType<typeof resolveSitePath>>;
  /** How many of the URL's segments named the section and site space. */
  consumed: number;
  snapshot?: Snapshot;
  /** Absent when the path is no page of the site space (the site still answers for it). */
  page?: PageEntry;
}

/**
 * The document page a published path shows, as the renderer picks it: by path in the site space's current
 * revision, or its first page; a group sends the visitor to its first page, and a path the site redirects to
 * where the redirect points (both as content redirects).
 */
async function pageOf(
  visitor: ServiceContext,
  data: PublishedSiteData,
  at: PublishedUrl,
  visible: Visible,
): Promise<FoundPage | PublishedRedirect> {
  const location = resolveSitePath(data, at.segments, visible);
  const snapshot = location
    ? await listPages(
        visitor,
        location.siteSpace.spaceId,
        { kind: "revision", revisionId: location.siteSpace.revisionId },
        { computed: true },
      )
    : undefined;
  const page =
    location && snapshot
      ? location.pagePath
        ? pageByPath(snapshot, location.pagePath)
        : readingOrder(snapshot)[0]
      : undefined;
  const rest = location?.pagePath ? location.pagePath.split("/").length : 0;
  if (location && snapshot && page?.type === "document") {
    return { kind: "page", location, consumed: at.segments.length - rest, snapshot, page };
  }
  const siteUrl = `${at.origin}${at.base}`;
  if (location && snapshot && page?.type === "group") {
    const first = readingOrder(snapshot, page.id)[0];
    if (first) {
      const prefix = siteSpacePrefix(data, location.siteSpace, visible);
      const path = `${prefix ? `/${prefix}` : ""}/${pagePath(snapshot, first.id)}`;
      return { kind: "redirect", target: "content", redirect: `${siteUrl}${path}` };
    }
  }
  if (!page) {
    const target = await siteRedirectTarget(visitor, data, `/${at.segments.join("/")}`, visible);
    if (target !== undefined) return { kind: "redirect", target: "content", redirect: `${siteUrl}${target}` };
  }
  // Any other path under the site (`llms.txt`, `sitemap.xml`, `~gitbook/…`, a page it lacks) is the site's:
  // a renderer that resolves prefixes of one URL at once gets the same site space from each.
  if (location) return { kind: "page", location, consumed: at.segments.length - rest };
  throw notPublished();
}
