import { iso } from "../lib/time";
import { type Action, permissionsObject } from "../services/access";
import type { UrlBases } from "../services/core";
import { liveProxy, publishedSiteUrl } from "./published-urls";
import type {
  SiteAdaptiveSchemaView,
  SiteExternalLinkRow,
  SiteSectionGroupView,
  SiteSectionView,
  SiteSpaceView,
  SiteView,
} from "../services/sites";
import type { Site } from "../wire/site";
import type { SiteAdaptiveSchema } from "../wire/site-adaptive";
import type { SiteExternalLink } from "../wire/site-external-link";
import type { SiteSection, SiteSectionGroup, SiteSpace } from "../wire/site-structure";
import type { Space } from "../wire/space";

/**
 * The 0.202 Site `permissions`, each from the action that authorizes it (README "Site permissions"): Quire's
 * site operations need `read` to view, `create` to change the site (settings, structure, customization,
 * publishing, integrations, adaptive schema) and `admin` to manage who has a role on it.
 */
const SITE_PERMISSIONS = {
  view: "site.view",
  access: "site.view",
  edit: "site.manage",
  create: "site.manage",
  admin: "site.managePermissions",
  installIntegration: "site.manage",
  viewAdaptiveSchema: "site.view",
  editAdaptiveSchema: "site.manage",
} as const satisfies Record<string, Action>;

/**
 * A Site object of the reference. `urls.published` (once published) is where the renderer serves it
 * (`/~site/{siteId}`, or its live custom host); `features` is empty (a self-hosted deployment has no plans to list).
 */
export function presentSite({ row, siteSpaces, access }: SiteView, urls: UrlBases): Site {
  return {
    object: "site" as const,
    id: row.id,
    type: row.type,
    // No plans nor frozen sites: the type in effect is the site's type.
    appliedType: row.type,
    title: row.title,
    // A site has no stored default level: members act with their organization role (raised by site grants).
    defaultLevel: "inherit" as const,
    permissions: permissionsObject(access, SITE_PERMISSIONS),
    ...(row.basename !== null ? { basename: row.basename } : {}),
    ...proxyOf(row.proxy),
    visibility: row.visibility,
    published: row.published,
    siteSpaces,
    createdAt: iso(row.createdAt),
    adaptiveContent: { enabled: row.adaptiveContent },
    agentsContext: row.agentsContext,
    features: [] as { id: string; plan: string; frozen: boolean }[],
    urls: {
      location: `${urls.api}/v1/orgs/${row.organizationId}/sites/${row.id}`,
      app: `${urls.app}/o/${row.organizationId}/sites/${row.id}`,
      ...(row.published ? { published: publishedSiteUrl(urls, row.id, "", liveProxy(row)) } : {}),
      // The renderer address a preview link opens (with its one-hour token): the deployment's own, which serves
      // the site whether or not it has a custom host.
      preview: publishedSiteUrl(urls, row.id),
    },
  };
}

/**
 * Where the stored `proxy` (`host[/path]`) says the site is served. A host and path is the reference's SiteProxy:
 * `origin` a SiteProxyOrigin (`docs.example.com/help`, no scheme; its pattern needs a path), `target` the URL
 * Quire serves it at once its DNS is verified. A bare host (the site at the host's root) is the site's
 * `hostname` (SiteHostname), as the reference gives a site's custom hostname.
 */
function proxyOf(proxy: string | null) {
  if (proxy === null) return {};
  if (!proxy.includes("/")) return { hostname: proxy };
  return { proxy: { origin: proxy, target: `https://${proxy}` } };
}

/** A SiteSpace of the reference, with its Space as the caller sees it (presented by the route). */
export function presentSiteSpace({ row, isDefault }: SiteSpaceView, space: Space, published?: string): SiteSpace {
  return {
    object: "site-space" as const,
    id: row.id,
    path: row.path,
    ...(row.sectionId !== null ? { section: row.sectionId } : {}),
    space,
    title: space.title,
    default: isDefault,
    ...(row.condition !== null ? { condition: row.condition } : {}),
    // Quire has no draft site spaces, sections or groups (0.202 requires the field).
    draft: false,
    urls: published ? { published } : {},
  };
}

/** A SiteSection of the reference, with its site spaces presented by the route. */
export function presentSiteSection(
  { row, isDefault }: SiteSectionView,
  siteSpaces: SiteSpace[],
  published?: string,
): SiteSection {
  return {
    object: "site-section" as const,
    id: row.id,
    title: row.title,
    ...(row.description !== null ? { description: row.description } : {}),
    default: isDefault,
    draft: false,
    path: row.path,
    ...(row.condition !== null ? { condition: row.condition } : {}),
    ...(row.groupId !== null ? { sectionGroup: row.groupId } : {}),
    siteSpaces,
    urls: published ? { published } : {},
    ...(row.icon !== null ? { icon: row.icon } : {}),
  };
}

/**
 * A SiteSectionGroup of the reference, with its sections presented by the route; `children` (0.202): its sections
 * and external links in order.
 */
export function presentSiteSectionGroup(
  { row, children }: SiteSectionGroupView,
  sections: SiteSection[],
): SiteSectionGroup {
  const byId = new Map(sections.map((s) => [s.id, s]));
  const ordered: (SiteSection | SiteExternalLink)[] = [];
  for (const c of children) {
    if (c.kind === "link") ordered.push(presentSiteExternalLink(c.row));
    else if (byId.has(c.view.row.id)) ordered.push(byId.get(c.view.row.id)!);
  }
  return {
    object: "site-section-group" as const,
    id: row.id,
    title: row.title,
    draft: false,
    sections,
    children: ordered,
    ...(row.icon !== null ? { icon: row.icon } : {}),
  };
}

/** A SiteExternalLink of the reference (0.202). */
export function presentSiteExternalLink(row: SiteExternalLinkRow): SiteExternalLink {
  return {
    object: "site-external-link" as const,
    id: row.id,
    title: row.title,
    ...(row.localizedTitle !== null ? { localizedTitle: row.localizedTitle } : {}),
    ...(row.description !== null ? { description: row.description } : {}),
    ...(row.localizedDescription !== null ? { localizedDescription: row.localizedDescription } : {}),
    ...(row.icon !== null ? { icon: row.icon } : {}),
    url: row.url,
    ...(row.groupId !== null ? { sectionGroup: row.groupId } : {}),
    draft: row.draft,
    ...(row.condition !== null ? { condition: row.condition } : {}),
  };
}

/** A SiteAdaptiveSchema of the reference; `updatedAt` is the site's (setting the schema updates the site). */
export function presentSiteAdaptiveSchema({ jsonSchema, updatedAt }: SiteAdaptiveSchemaView): SiteAdaptiveSchema {
  return { object: "site-adaptive-schema" as const, jsonSchema, updatedAt: iso(updatedAt) };
}
