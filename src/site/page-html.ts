/**
 * A page read's body as the published site renders it (`format=html`, Quire's own): the same renderer and
 * sanitizer as the site (./markdown.ts), with links to pages of the space going to their `urls.app` and files to
 * their download URLs. A render is kept per revision and page (revisions never change); file URLs expire, so a
 * kept render holds a mark where each goes and every read signs them anew.
 */
import { type FileEntry, pagePath, type Snapshot } from "../content/model";
import { renderedPageHtml } from "../lib/isolate-caches";
import type { ByteLru } from "../lib/lru";
import { pageAppURL } from "../presenters/content";
import type { ServiceContext } from "../services/core";
import { type PageReadView, readPageTargets, signFileMap } from "../services/revisions";
import { type ContentResolver, renderMarkdown } from "./markdown";
import type { OutlineEntry } from "./view";

/** What `format=html` adds to a page read. */
export interface PageHtml {
  html: string;
  outline: OutlineEntry[];
}

interface KeptRender {
  html: string;
  outline: OutlineEntry[];
  /** The files the body shows, by the marks in `html`. */
  files: FileEntry[];
}

const kept = renderedPageHtml.store as ByteLru<KeptRender>;

/** Forgets every kept render (tests that measure a cold read). */
export function forgetPageHtml(): void {
  kept.clear();
}

/**
 * Where a file's URL goes in a kept render. `.invalid` is reserved (RFC 6761): a body that spells out such a
 * URL itself gets at most the signed URL of a file of the same revision, as a `/files/{id}` link would.
 */
const FILE_MARK = "https://file.quire.invalid/";
const FILE_MARKS = /https:\/\/file\.quire\.invalid\/([A-Za-z0-9\-_.!~*'()%]+)/g;

/** External links open as on a site with default settings (services/sites: `externalLinks.target`). */
const EXTERNAL_TARGET = "self";

type Lookup<T> = (id: string) => T | undefined;

/** One render, with the pages and files it named but could not find. */
function render(
  ctx: ServiceContext,
  spaceId: string,
  markdown: string,
  pathOf: Lookup<string>,
  fileOf: Lookup<FileEntry>,
) {
  const missed = { pages: new Set<string>(), files: new Set<string>() };
  const files = new Map<string, FileEntry>();
  const resolver: ContentResolver = {
    page(pageId, anchor) {
      const path = pathOf(pageId);
      if (path === undefined) missed.pages.add(pageId);
      return path === undefined ? undefined : `${pageAppURL(ctx, spaceId, path)}${anchor ? `#${anchor}` : ""}`;
    },
    file(fileId) {
      const file = fileOf(fileId);
      if (!file) {
        missed.files.add(fileId);
        return undefined;
      }
      files.set(file.id, file);
      return {
        url: `${FILE_MARK}${encodeURIComponent(file.id)}`,
        name: file.name,
        contentType: file.contentType,
        ...(file.dimensions ? { width: file.dimensions.width, height: file.dimensions.height } : {}),
      };
    },
    externalTarget: EXTERNAL_TARGET,
  };
  const { html, outline } = renderMarkdown(markdown, resolver);
  return { kept: { html, outline, files: [...files.values()] } satisfies KeptRender, missed };
}

const pathIn = (snapshot: Snapshot) => (id: string) => (snapshot.pages.has(id) ? pagePath(snapshot, id) : undefined);

/**
 * A render from the read's snapshot. A page read may hold only its part of the revision (its path and what is
 * under it, no files): what the body names outside it is read then, in one round trip, and rendered again.
 */
async function renderRead(ctx: ServiceContext, spaceId: string, view: PageReadView, markdown: string) {
  const { snapshot } = view;
  const inSnapshot = pathIn(snapshot);
  const first = render(ctx, spaceId, markdown, inSnapshot, (id) => snapshot.files.get(id));
  if (!("partial" in snapshot) || (!first.missed.pages.size && !first.missed.files.size)) return first.kept;
  const targets = await readPageTargets(ctx, view.revision, first.missed.pages, first.missed.files);
  const pathOf = (id: string) => inSnapshot(id) ?? targets.paths.get(id);
  return render(ctx, spaceId, markdown, pathOf, (id) => targets.files.get(id)).kept;
}

const attribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

function decoded(id: string): string | undefined {
  try {
    return decodeURIComponent(id);
  } catch {
    return undefined; // a mark the body spelt out itself, malformed: left as it is
  }
}

/** The kept render with its files' download URLs signed for this read. */
async function withFileUrls(ctx: ServiceContext, spaceId: string, render: KeptRender): Promise<string> {
  if (!render.files.length) return render.html;
  const urls = await signFileMap(ctx, spaceId, new Map(render.files.map((file) => [file.id, file])));
  return render.html.replace(FILE_MARKS, (mark, id: string) => {
    const url = urls.get(decoded(id) ?? "");
    return url ? attribute(url) : mark;
  });
}

/** A document page's body as HTML with its outline; undefined for pages without a body (groups, links). */
export async function renderPageHtml(
  ctx: ServiceContext,
  spaceId: string,
  view: PageReadView,
): Promise<PageHtml | undefined> {
  if (view.markdown === undefined) return undefined;
  // Pages read expanded depend on their specs' newest versions too: rendered each time.
  const key = view.expanded ? undefined : [spaceId, view.revision.id, view.page.id, ctx.urls.app].join("|");
  let render = key ? kept.get(key) : undefined;
  if (!render) {
    render = await renderRead(ctx, spaceId, view, view.markdown);
    if (key) kept.set(key, render);
  }
  return { html: await withFileUrls(ctx, spaceId, render), outline: render.outline };
}
