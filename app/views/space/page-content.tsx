// A page's body as the API renders it (`format=html`, Quire's own: the published site's renderer, sanitized
// server-side) and its outline ("On this page"). Links inside it are plain <a href>: the app's router takes
// the ones that stay in the app.
import type { RevisionPageDocument } from "@gitbook/api";
import { useEffect, useMemo } from "preact/hooks";

export interface OutlineEntry {
  id: string;
  text: string;
  depth: number;
}

/** A document page read with `format=html`. */
export type RenderedPage = RevisionPageDocument & { html?: string; outline?: OutlineEntry[] };

/**
 * The body as the view shows it: without a leading `# heading` that repeats the title the view already shows as
 * its h1 (the renderer names task-list checkboxes itself).
 * Parsed as an inert document (nothing in it loads or runs) and serialized again: no content is added.
 */
export function prepareHtml(html: string, title: string): string {
  if (!html.trim()) return "";
  const doc = new DOMParser().parseFromString(html, "text/html");
  const body = doc.body;
  const first = body.firstElementChild;
  if (first?.tagName === "H1" && !first.previousSibling?.textContent?.trim()) {
    const copy = first.cloneNode(true) as Element;
    copy.querySelector("a.anchor")?.remove();
    if (squash(copy.textContent) === squash(title)) first.remove();
  }
  return body.innerHTML.trim() ? body.innerHTML : "";
}

const squash = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();

export function PageBody(props: { page: RenderedPage }) {
  const { page } = props;
  const html = useMemo(() => prepareHtml(page.html ?? "", page.title), [page.html, page.title]);
  // A URL with an anchor: the body arrived after the browser looked for it.
  useEffect(() => {
    let id = location.hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // a malformed escape: look the anchor up as written
    }
    if (id) document.getElementById(id)?.scrollIntoView();
  }, [page.id]);
  return (
    <>
      {page.description ? <p class="page-description">{page.description}</p> : null}
      {/* The API's renderer sanitized this HTML (src/site/markdown/schema.ts: no scripts, styles or handlers). */}
      {html ? (
        <article class="page-content" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <p class="hint">This page is empty.</p>
      )}
    </>
  );
}

/** The headings "On this page" lists: the body's, without the `# title` it starts with (the view's h1 shows it). */
export function outlineOf(page: RenderedPage): OutlineEntry[] {
  const entries = (page.outline ?? []).filter((entry) => !(entry.depth === 1 && entry.text === page.title));
  return entries.length >= 2 ? entries : [];
}

/** The page's headings as a table of contents, for wide screens. */
export function PageOutline(props: { entries: OutlineEntry[] }) {
  const { entries } = props;
  const top = Math.min(...entries.map((entry) => entry.depth));
  return (
    <nav class="page-outline" aria-label="On this page">
      <h2 class="outline-title">On this page</h2>
      <ul class="outline-list">
        {entries.map((entry) => (
          <li key={entry.id}>
            <a class={`outline-link depth-${Math.min(entry.depth - top, 2)}`} href={`#${encodeURIComponent(entry.id)}`}>
              {entry.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
