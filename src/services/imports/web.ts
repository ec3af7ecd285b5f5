import type { Env } from "../../env";
import { ApiError } from "../../lib/errors";
import {
  decodePath,
  decodeText,
  type Fetched,
  ImageCollector,
  ImportFetcher,
  lastPathSegment,
  looksLikeHtml,
} from "./fetching";
import { absoluteURL, type HtmlPage, imageUrls, mdastToMarkdown, readHtml, rewriteUrls } from "./html";
import { isExternal, rewriteMarkdownUrls } from "./markdown-links";
import { IMPORT_LIMITS, type ImportPlan, type PlannedPage } from "./plan";

/** Extensions that are never followed as pages by a website import. */
const NOT_PAGES =
  /\.(png|jpe?g|gif|svg|webp|avif|ico|css|js|json|xml|pdf|zip|gz|tar|docx?|xlsx?|pptx?|mp[34]|mov|woff2?|ttf)$/i;

const withoutHash = (url: string) => url.split("#")[0];

function titleFromURL(url: string): string {
  const path = new URL(url).pathname.replace(/\/index\.html?$/i, "/").replace(/\/$/, "");
  const last = decodePath(path.split("/").pop() ?? "")
    .replace(/\.[a-z0-9]+$/i, "")
    .replace(/[-_]+/g, " ")
    .trim();
  return last || new URL(url).hostname;
}

/** Images of a page → planned files; image nodes point at their refs (skipped images keep their URL). */
async function importImages(page: HtmlPage, images: ImageCollector) {
  const refs = new Map<string, string>();
  for (const url of imageUrls(page.root)) {
    const ref = await images.refFor(url);
    if (ref) refs.set(url, ref);
  }
  rewriteUrls(page.root, (url, kind) => (kind === "image" && refs.has(url) ? `./${refs.get(url)}` : url));
}

async function fetchHtml(fetcher: ImportFetcher, url: string, what: string) {
  return htmlOf(await fetcher.get(url, IMPORT_LIMITS.documentBytes), what);
}

function htmlOf(fetched: Fetched, what: string) {
  const url = fetched.url;
  const text = decodeText(fetched.bytes, what);
  const declaredHtml = fetched.contentType === "text/html" || fetched.contentType === "application/xhtml+xml";
  if (!declaredHtml && !looksLikeHtml(text)) throw new ApiError(422, `The ${what} at ${url} is not an HTML document`);
  return { html: text, url: fetched.url };
}

/** `html`: one HTML document → one page, its images stored as files. */
export async function planHtml(env: Env, url: string): Promise<ImportPlan> {
  const fetcher = new ImportFetcher(env, IMPORT_LIMITS.websiteBytes);
  return planHtmlDocument(fetcher, await fetcher.get(url, IMPORT_LIMITS.documentBytes));
}

/** An HTML document already read (fetched, or an uploaded file): one page; its absolute http(s) images fetched. */
export async function planHtmlDocument(fetcher: ImportFetcher, document: Fetched): Promise<ImportPlan> {
  const { html, url: finalURL } = htmlOf(document, "HTML document");
  const page = readHtml(html, finalURL);
  const images = new ImageCollector(fetcher);
  await importImages(page, images);
  const markdown = mdastToMarkdown(page.root);
  return {
    pages: [{ ref: "page-1", title: page.title ?? titleFromURL(finalURL), markdown }],
    files: images.files,
    totalResources: 1 + images.seen,
  };
}

/**
 * `website`: the page at the URL and the same-site pages reachable from it (breadth first, at most
 * `IMPORT_LIMITS.websitePages` pages, two links deep), each converted to a page at the same level; links
 * between imported pages point at the new pages, images become files. A start page that cannot be fetched
 * fails the import; a linked page that cannot be fetched is skipped (counted in `totalResources`).
 */
export async function planWebsite(env: Env, url: string): Promise<ImportPlan> {
  const fetcher = new ImportFetcher(env, IMPORT_LIMITS.websiteBytes);
  const start = await fetchHtml(fetcher, url, "web page");
  const origin = new URL(start.url).origin;
  const crawled: { url: string; page: HtmlPage }[] = [];
  const seen = new Set<string>([withoutHash(url), withoutHash(start.url)]);
  const queue: { url: string; depth: number }[] = [];
  let skipped = 0;

  const enqueue = (page: HtmlPage, depth: number) => {
    if (depth > 2) return;
    for (const link of page.links) {
      const target = withoutHash(link);
      if (seen.has(target) || new URL(target).origin !== origin || NOT_PAGES.test(new URL(target).pathname)) continue;
      seen.add(target);
      queue.push({ url: target, depth });
    }
  };

  const first = readHtml(start.html, start.url);
  crawled.push({ url: withoutHash(start.url), page: first });
  enqueue(first, 1);
  while (queue.length && crawled.length < IMPORT_LIMITS.websitePages) {
    const next = queue.shift()!;
    try {
      const fetched = await fetchHtml(fetcher, next.url, "web page");
      const page = readHtml(fetched.html, fetched.url);
      crawled.push({ url: next.url, page });
      seen.add(withoutHash(fetched.url));
      enqueue(page, next.depth + 1);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      skipped++;
    }
  }

  const refOf = new Map(crawled.map((c, i) => [c.url, `page-${i + 1}`]));
  const images = new ImageCollector(fetcher);
  const pages: PlannedPage[] = [];
  for (const [i, { url: pageURL, page }] of crawled.entries()) {
    await importImages(page, images);
    rewriteUrls(page.root, (target, kind) => {
      const ref = kind === "link" ? refOf.get(withoutHash(target)) : undefined;
      return ref ? `./${ref}.md` : target;
    });
    pages.push({
      ref: `page-${i + 1}`,
      title: page.title ?? titleFromURL(pageURL),
      markdown: mdastToMarkdown(page.root),
      source: pageURL,
    });
  }
  return { pages, files: images.files, totalResources: crawled.length + skipped + queue.length + images.seen };
}

/** `markdown`: one markdown file → one page; relative images are fetched and stored, relative links made absolute. */
export async function planMarkdown(env: Env, url: string): Promise<ImportPlan> {
  const fetcher = new ImportFetcher(env, IMPORT_LIMITS.websiteBytes);
  return planMarkdownDocument(fetcher, await fetcher.get(url, IMPORT_LIMITS.documentBytes));
}

/** A markdown document already read (fetched, or an uploaded file): one page; its absolute http(s) images fetched. */
export async function planMarkdownDocument(fetcher: ImportFetcher, fetched: Fetched): Promise<ImportPlan> {
  const text = decodeText(fetched.bytes, "markdown file").replace(/\r\n?/g, "\n");
  if (!text.trim()) throw new ApiError(422, "The markdown file is empty");
  const images = new ImageCollector(fetcher);
  const imageRefs = new Map<string, string>();
  const found: string[] = [];
  rewriteMarkdownUrls(text, (raw, kind) => {
    if (kind === "image") found.push(raw);
    return raw;
  });
  for (const raw of found) {
    const absolute = absoluteURL(raw, fetched.url);
    const ref = absolute ? await images.refFor(absolute) : undefined;
    if (ref) imageRefs.set(raw, ref);
  }
  const markdown = rewriteMarkdownUrls(text, (raw, kind) => {
    if (kind === "image" && imageRefs.has(raw)) return `./${imageRefs.get(raw)}`;
    return isExternal(raw) ? raw : (absoluteURL(raw, fetched.url) ?? raw);
  });
  const name = lastPathSegment(fetched.url).replace(/\.(md|markdown|txt)$/i, "");
  return {
    pages: [{ ref: "page-1", title: name.replace(/[-_]+/g, " ").trim() || "Imported page", markdown }],
    files: images.files,
    totalResources: 1 + images.seen,
  };
}
