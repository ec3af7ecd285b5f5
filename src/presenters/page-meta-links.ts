import type { MetaLinkPage, PageMetaLinksView } from "../services/revisions";
import type { RevisionPageMetaLinks } from "../wire/page-meta-links";

const ref = (page: MetaLinkPage | undefined) =>
  page && { kind: "page" as const, page: page.id, title: page.title, path: page.path };

/** RevisionPageMetaLinks: the navigation links as page references; no canonical, no alternates (none stored). */
export function presentPageMetaLinks(view: PageMetaLinksView): RevisionPageMetaLinks {
  const out: RevisionPageMetaLinks = { alternates: [] };
  const previous = ref(view.previous);
  const next = ref(view.next);
  const parent = ref(view.parent);
  if (previous) out.previous = previous;
  if (next) out.next = next;
  if (parent) out.parent = parent;
  return out;
}
