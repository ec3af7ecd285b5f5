import type { ContentRef } from "../content/document";
import type { Snapshot } from "../content/model";
import { urlFromRef } from "../content/document";
import type { ServiceContext } from "../services/context";
import { presentChangeRequest } from "./change-request";
import { presentFile, presentPage } from "./content";
import { presentOrganization } from "./organization";
import { presentSpace } from "./space";

/** What every location of one space's content shares: its organization, space and version context. */
export interface LocationContext {
  ctx: ServiceContext;
  spaceId: string;
  snapshot: Snapshot;
  organization: ReturnType<typeof presentOrganization>;
  space: ReturnType<typeof presentSpace>;
  /** Set for change-request content; main content carries none (the field is optional). */
  versionContext?: { type: "changeRequest"; changeRequest: ReturnType<typeof presentChangeRequest> };
}

/** Builds ContentLocation objects (pages and files presented once each, however often they appear). */
export function locationPresenter(lc: LocationContext) {
  const pages = new Map<string, ReturnType<typeof presentPage>>();
  const files = new Map<string, Promise<Awaited<ReturnType<typeof presentFile>>>>();
  const common = () => ({
    organization: lc.organization,
    space: lc.space,
    ...(lc.versionContext ? { versionContext: lc.versionContext } : {}),
  });
  const page = (id: string, anchor?: string) => {
    if (!pages.has(id)) pages.set(id, presentPage(lc.ctx, lc.spaceId, lc.snapshot, id));
    return { kind: "page" as const, ...common(), page: pages.get(id)!, ...(anchor ? { internalLocation: { type: "anchor" as const, anchor } } : {}) };
  };
  const file = async (id: string) => {
    const entry = lc.snapshot.files.get(id)!;
    if (!files.has(id)) files.set(id, presentFile(lc.ctx, lc.spaceId, entry));
    return { kind: "file" as const, ...common(), file: await files.get(id)! };
  };
  /**
   * The location a resolved reference points at. A target missing from the revision (a broken link) cannot
   * be presented as a page or file, so it is given as the URL written in the markdown (`/pages/<id>`, …).
   */
  const target = async (ref: ContentRef, resolved: boolean) => {
    const r = ref as Record<string, string | undefined>;
    if (resolved && ref.kind === "page" && r.page) return page(r.page);
    if (resolved && ref.kind === "anchor" && r.page) return page(r.page, r.anchor);
    if (resolved && ref.kind === "file" && r.file) return file(r.file);
    return { kind: "url" as const, url: urlFromRef(ref) ?? String(r.url ?? "") };
  };
  return { page, file, target };
}
