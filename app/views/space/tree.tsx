// A space's page tree as the side navigation: nested lists of links, groups as headings, link pages to their
// target, the page shown marked as the current one. Plus the few lookups over the tree the space views need.
import type { ContentRef, RevisionPage, RevisionPageDocument } from "@gitbook/api";
import { seg } from "../../shell/session";

/** An emoji as the API gives it: the character, or its codepoints in hex (`1f389`, `1f469-200d-1f4bb`). */
export function emojiText(value: string | undefined): string {
  if (!value) return "";
  if (!/^[0-9a-f]{2,6}(?:[-_ ][0-9a-f]{2,6})*$/i.test(value)) return value;
  try {
    return String.fromCodePoint(...value.split(/[-_ ]/).map((hex) => Number.parseInt(hex, 16)));
  } catch {
    return "";
  }
}

/** A page path as an app URL's tail: each segment encoded, the slashes kept. */
export function encodePath(path: string): string {
  return path.split("/").map(seg).join("/");
}

/** The app path of an API `urls.app` (the app is this origin; its links stay in it). */
export function appPath(url: string): string {
  try {
    const parsed = new URL(url, location.origin);
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return url;
  }
}

/** A page of the space by its path, in the app. */
export function pageHref(spaceId: string, path: string): string {
  return `/s/${seg(spaceId)}/${encodePath(path)}`;
}

function childrenOf(page: RevisionPage): RevisionPage[] {
  return "pages" in page && Array.isArray(page.pages) ? (page.pages as RevisionPage[]) : [];
}

/** Every document page, depth first (the reading order). */
export function documentPages(pages: RevisionPage[]): RevisionPageDocument[] {
  const out: RevisionPageDocument[] = [];
  const walk = (list: RevisionPage[]) => {
    for (const page of list) {
      if (page.type === "document") out.push(page);
      walk(childrenOf(page));
    }
  };
  walk(pages);
  return out;
}

/** The page a space opens on: its first visible document page (or its first one). */
export function firstDocument(pages: RevisionPage[]): RevisionPageDocument | undefined {
  const all = documentPages(pages);
  return all.find((page) => !page.hidden) ?? all[0];
}

/** Where a link page goes: a URL, a page of this space, another space or collection; nothing it cannot name. */
function linkTarget(
  target: ContentRef,
  spaceId: string,
  organizationId: string,
  byId: Map<string, RevisionPageDocument>,
): string | undefined {
  switch (target.kind) {
    case "url":
      return target.url || undefined;
    case "page":
    case "anchor": {
      if (target.space && target.space !== spaceId) return `/s/${seg(target.space)}`;
      const page = target.page ? byId.get(target.page) : undefined;
      if (!page) return undefined;
      const anchor = target.kind === "anchor" ? `#${encodeURIComponent(target.anchor)}` : "";
      return `${appPath(page.urls.app)}${anchor}`;
    }
    case "space":
      return `/s/${seg(target.space)}`;
    case "collection":
      return `/o/${seg(organizationId)}/c/${seg(target.collection)}`;
    default:
      return undefined;
  }
}

export function PageTree(props: {
  spaceId: string;
  organizationId: string;
  pages: RevisionPage[];
  /** The path of the page shown. */
  current?: string;
}) {
  const byId = new Map(documentPages(props.pages).map((page) => [page.id, page]));
  const item = (page: RevisionPage) => {
    const children = childrenOf(page);
    const nested = children.length ? <ul>{children.map(item)}</ul> : null;
    const label = (
      <>
        {page.emoji ? (
          <span class="tree-emoji" aria-hidden="true">
            {emojiText(page.emoji)}
          </span>
        ) : null}
        {page.title}
      </>
    );
    const hidden =
      "hidden" in page && page.hidden ? <span class="tree-note"> (hidden from the published site)</span> : null;
    if (page.type === "group") {
      return (
        <li key={page.id} class="tree-group">
          <h2 class="tree-group-title">{label}</h2>
          {nested}
        </li>
      );
    }
    if (page.type === "document") {
      return (
        <li key={page.id}>
          <a
            class="tree-link"
            href={appPath(page.urls.app)}
            aria-current={page.path === props.current ? "page" : undefined}
          >
            {label}
          </a>
          {hidden}
          {nested}
        </li>
      );
    }
    if (page.type === "link") {
      const href = linkTarget(page.target, props.spaceId, props.organizationId, byId);
      return (
        <li key={page.id}>
          {href ? (
            <a class="tree-link" href={href}>
              {label}
              {page.target.kind === "url" ? <span class="tree-note"> (external)</span> : null}
            </a>
          ) : (
            <span class="tree-link tree-note">{label}</span>
          )}
          {hidden}
        </li>
      );
    }
    // A computed page read unexpanded (the tree is read expanded, so it does not come here).
    return (
      <li key={page.id}>
        <span class="tree-link tree-note">{label}</span>
      </li>
    );
  };
  return (
    <nav class="side space-nav" aria-label="Pages">
      {props.pages.length ? <ul class="tree">{props.pages.map(item)}</ul> : <p class="hint">No pages.</p>}
    </nav>
  );
}
