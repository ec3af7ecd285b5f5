import { markdownToDocument } from "../content/markdown";
import type { ChangeRequestView } from "../services/change-requests";
import type { ServiceContext } from "../services/core";
import { presentUser } from "./user";
import type { ChangeRequest } from "../wire/change-request";

/**
 * `outdated`: main moved past the revision this change request last saw (its merge base). `description` (a
 * JSONDocument converted from the stored markdown) only when it has one; `format: "markdown"` (Quire's extension)
 * adds that markdown as `descriptionMarkdown`.
 */
export function presentChangeRequest(
  ctx: ServiceContext,
  view: ChangeRequestView,
  options: { format?: "document" | "markdown" } = {},
): ChangeRequest {
  const { row } = view;
  const base = row.revisionMergedAncestor ?? row.revisionInitial;
  return {
    object: "change-request" as const,
    id: row.id,
    number: row.number,
    status: row.status,
    subject: row.subject,
    ...(row.description
      ? {
          description: markdownToDocument(row.description),
          ...(options.format === "markdown" ? { descriptionMarkdown: row.description } : {}),
        }
      : {}),
    createdBy: view.author
      ? presentUser(view.author, ctx.urls)
      : {
          object: "user" as const,
          id: row.createdBy,
          displayName: "Deleted user",
          urls: { location: `${ctx.urls.api}/v1/users/${row.createdBy}` },
        },
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    ...(row.status === "merged" && row.mergedAt ? { mergedAt: new Date(row.mergedAt).toISOString() } : {}),
    // Required by the 0.202 document (extra to 0.137's): the space the change request belongs to.
    space: row.spaceId,
    revision: row.revisionId,
    revisionInitial: row.revisionInitial,
    ...(row.revisionMergedAncestor ? { revisionMergedAncestor: row.revisionMergedAncestor } : {}),
    ...(row.revisionMerged ? { revisionMerged: row.revisionMerged } : {}),
    comments: view.comments,
    outdated: row.status !== "merged" && base !== view.mainRevision,
    urls: {
      app: `${ctx.urls.app}/s/${row.spaceId}/~/changes/${row.number}`,
      location: `${ctx.urls.api}/v1/spaces/${row.spaceId}/change-requests/${row.id}`,
    },
  };
}
