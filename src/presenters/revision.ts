// The revision objects of the reference: a revision read (getCurrentRevision and its revision and change-request
// forms) and the computed revision of a computed page.
import { emptySnapshot, type PageEntry } from "../content/model";
import { type EncodedJson, encodeJson, joinEncodedObjects } from "../lib/encoded-json";
import type { ServiceContext } from "../services/core";
import type { RevisionView } from "../services/revisions";
import type { Revision } from "../wire/revision";
import { presentChangeRequest } from "./change-request";
import { presentFile, presentPage, presentPageListJson, spaceAppURL } from "./content";
import type { ComputedRevision } from "../wire/computed";

/**
 * A revision object of the reference (pages without bodies, files with signed download URLs), as the JSON bytes
 * of the response body: the page list's kept bytes (`pages` first) joined to the rest, encoded per request (its
 * download URLs, signed by the read, differ per request). The tree is most of a revision, and is then never encoded again.
 */
export function presentRevisionJson(ctx: ServiceContext, spaceId: string, view: RevisionView): EncodedJson<Revision> {
  return joinEncodedObjects(
    presentPageListJson(ctx, spaceId, view.snapshot),
    encodeJson(presentRevisionBesidesPages(ctx, spaceId, view)),
  );
}

/** A revision object's members other than `pages`. */
function presentRevisionBesidesPages(
  ctx: ServiceContext,
  spaceId: string,
  { snapshot, files, mergedFrom }: RevisionView,
): Omit<Revision, "pages"> {
  const rev = snapshot.revision;
  return {
    object: "revision" as const,
    id: rev.id,
    parents: rev.parents,
    type: rev.type,
    ...(mergedFrom ? { mergedFrom: presentChangeRequest(ctx, mergedFrom) } : {}),
    files: files.map(presentFile),
    reusableContents: [...snapshot.reusables.values()].map((r) => ({
      id: r.id,
      title: r.title,
      ...(r.body ? { document: r.body } : {}),
    })),
    tags: [],
    variables: snapshot.variables,
    createdAt: new Date(rev.createdAt).toISOString(),
    ...(rev.git
      ? {
          git: {
            oid: rev.git.oid,
            message: rev.git.message,
            createdByGitBook: rev.git.createdByService,
            ...(rev.git.url ? { url: rev.git.url } : {}),
            ...(rev.git.ref ? { ref: rev.git.ref } : {}),
          },
        }
      : {}),
    urls: { app: spaceAppURL(ctx, spaceId) },
  };
}

/** getComputedRevision: the generated pages (at the root of their own little tree), no files or reusables. */
export function presentComputedRevision(
  ctx: ServiceContext,
  spaceId: string,
  result: { pages: PageEntry[]; reason?: string },
): ComputedRevision {
  const tree = emptySnapshot();
  for (const page of result.pages) {
    tree.pages.set(page.id, page);
    tree.parentOf.set(page.id, null);
  }
  tree.children.set(
    null,
    result.pages.map((p) => p.id),
  );
  return {
    pages: result.pages.map((p) => presentPage(ctx, spaceId, tree, p.id)),
    files: [],
    reusableContents: [],
    ...(result.reason ? { reason: result.reason } : {}),
  };
}
