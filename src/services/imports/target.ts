import { conflict, forbidden, notFound } from "../../lib/errors";
import type { ServiceContext } from "../core";
import { loadContent } from "../revisions";

/** Where an import writes: a space's main content or one of its change requests, at the root or under a page. */
export interface ImportTarget {
  /** Main content (undefined) or a change request (its id or number). */
  changeRequest?: string;
  /** Import under this page instead of at the root. */
  pageId?: string;
}

/**
 * The target an import may write, checked before anything is fetched: `edit` on the space (404 when it cannot be
 * seen), main not locked, the change request still open, the page present.
 */
export async function checkImportTarget(ctx: ServiceContext, spaceId: string, target: ImportTarget) {
  const loaded = await loadContent(
    ctx,
    spaceId,
    target.changeRequest ? { kind: "change-request", ref: target.changeRequest } : { kind: "main" },
    { action: "space.edit" },
  );
  if (!target.changeRequest && loaded.space.row.editMode === "locked")
    throw forbidden("The space is locked: its content cannot change");
  const cr = loaded.changeRequest;
  if (cr && (cr.status === "merged" || cr.status === "archived"))
    throw conflict(`The change request is ${cr.status}; its content can no longer change`);
  if (target.pageId !== undefined && !loaded.snapshot.pages.has(target.pageId)) throw notFound("Page");
  return loaded;
}
