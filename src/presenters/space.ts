import { iso } from "../lib/time";
import type { UrlBases } from "../services/core";
import { permissionsObject, toWireLevel } from "../services/access";
import type { SpaceView } from "../services/spaces";
import { publishedSiteUrl } from "./published-urls";
import type { Space } from "../wire/space";

export function spaceLocation(urls: UrlBases, spaceId: string): string {
  return `${urls.api}/v1/spaces/${spaceId}`;
}

/**
 * A Space as the caller sees it: counters from the one counters function, permissions from `can`; once
 * published, `urls.published` (and `urls.public` for public spaces) where the renderer serves it.
 */
export function presentSpace({ row, access, counters, published }: SpaceView, urls: UrlBases): Space {
  const publishedUrl = published && publishedSiteUrl(urls, published.siteId, published.path, published.proxy);
  return {
    object: "space" as const,
    id: row.id,
    title: row.title,
    emoji: row.emoji ?? "",
    visibility: row.visibility,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    ...(row.deletedAt !== null ? { deletedAt: iso(row.deletedAt) } : {}),
    editMode: row.editMode,
    urls: {
      location: spaceLocation(urls, row.id),
      app: `${urls.app}/o/${row.organizationId}/s/${row.id}`,
      ...(row.iconUrl ? { icon: row.iconUrl } : {}),
      ...(publishedUrl ? { published: publishedUrl } : {}),
      ...(publishedUrl && row.visibility === "public" ? { public: publishedUrl } : {}),
    },
    organization: row.organizationId,
    ...(row.parentId ? { parent: row.parentId } : {}),
    ...(row.language ? { language: row.language as "en" } : {}),
    revision: row.revisionId,
    defaultLevel: toWireLevel(row.defaultLevel),
    comments: counters.comments,
    changeRequests: counters.changeRequests,
    changeRequestsOpen: counters.changeRequestsOpen,
    changeRequestsDraft: counters.changeRequestsDraft,
    // 0.202: Quire enforces no review before a merge (as the organization's `mergeRules` says).
    mergeRules: { type: "none" as const },
    permissions: permissionsObject(access, {
      view: "space.view",
      access: "space.access",
      admin: "space.admin",
      viewInviteLinks: "space.viewInviteLinks",
      edit: "space.edit",
      triggerGitSync: "space.triggerGitSync",
      comment: "space.comment",
      merge: "space.merge",
      review: "space.review",
      installIntegration: "space.installIntegration",
    }),
  };
}
