import type { Element, Nodes } from "hast";

/** What a page says about itself: OpenGraph and Twitter tags, `<title>`, its icon and its oEmbed endpoint. */
export interface PageMetadata {
  title?: string;
  siteName?: string;
  description?: string;
  image?: string;
  icon?: string;
  /** The JSON oEmbed endpoint the page advertises (`<link rel="alternate" type="application/json+oembed">`). */
  oembedUrl?: string;
}

/** The fields of an oEmbed response that Quire uses (https://oembed.com, section 2.3.4). */
export interface OEmbed {
  type?: string;
  title?: string;
  providerName?: string;
  html?: string;
  url?: string;
  width?: number;
  height?: number;
  thumbnailUrl?: string;
}

interface EmbedCommon {
  title: string;
  site: string;
  icon?: string;
  description?: string;
  image?: string;
}

/** The 0.202 Embed: a link card, or a rich embed with its HTML (as the provider gave it). */
export type EmbedView = (EmbedCommon & { type: "link" }) | (EmbedCommon & { type: "rich"; html: string });

const LONGEST_TEXT = 1000;
const LONGEST_HTML = 64 * 1024;

const clean = (text: string | undefined, max = LONGEST_TEXT) => {
  const value = text?.replace(/\s+/g, " ").trim();
  return value ? value.slice(0, max) : undefined;
};

/** An absolute http(s) URL from an attribute, resolved against the page's URL; undefined for anything else. */
function absolute(href: unknown, base: URL): string | undefined {
  if (typeof href !== "string" || !href.trim()) return undefined;
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

function textOf(node: Nodes): string {
  if (node.type === "text") return node.value;
  return "children" in node ? node.children.map((c) => textOf(c as Nodes)).join("") : "";
}

const tokens = (value: unknown) =>
  (Array.isArray(value) ? value : typeof value === "string" ? value.split(/\s+/) : []).map((t) =>
    String(t).toLowerCase(),
  );

/**
 * Reads a page's metadata from its HTML (the first bytes of it: a bounded read ends wherever it ends, and the
 * parser closes what is left open). Entities are decoded by the parser.
 */
export async function readPageMetadata(html: string, base: URL): Promise<PageMetadata> {
  // The HTML parser (parse5) loads on first use, as for the importers.
  const { fromHtml } = await import("hast-util-from-html");
  const tree = fromHtml(html);
  const meta = new Map<string, string>();
  let title: string | undefined;
  let icon: string | undefined;
  let touchIcon: string | undefined;
  let oembedUrl: string | undefined;
  const visit = (node: Nodes) => {
    if (node.type === "element") {
      const element = node as Element;
      const p = element.properties;
      if (element.tagName === "title" && title === undefined) title = textOf(element);
      if (element.tagName === "meta" && typeof p.content === "string") {
        const key = String(p.property ?? p.name ?? "").toLowerCase();
        if (key && !meta.has(key)) meta.set(key, p.content);
      }
      if (element.tagName === "link") {
        const rel = tokens(p.rel);
        const type = String(p.type ?? "").toLowerCase();
        if (rel.includes("alternate") && type === "application/json+oembed") oembedUrl ??= absolute(p.href, base);
        if (rel.includes("icon")) icon ??= absolute(p.href, base);
        if (rel.includes("apple-touch-icon")) touchIcon ??= absolute(p.href, base);
      }
    }
    if ("children" in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(tree);
  return {
    title: clean(meta.get("og:title") ?? meta.get("twitter:title") ?? title),
    siteName: clean(meta.get("og:site_name") ?? meta.get("application-name")),
    description: clean(meta.get("og:description") ?? meta.get("twitter:description") ?? meta.get("description")),
    image: absolute(meta.get("og:image") ?? meta.get("twitter:image"), base),
    icon: icon ?? touchIcon,
    oembedUrl,
  };
}

/** The oEmbed fields of a parsed JSON response, each kept only with the type the specification gives it. */
export function readOEmbed(value: unknown, base: URL): OEmbed | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const o = value as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === "string" ? v : undefined);
  const size = (v: unknown) => {
    const n = typeof v === "string" ? Number(v) : v;
    return typeof n === "number" && Number.isFinite(n) && n > 0 ? Math.round(n) : undefined;
  };
  return {
    type: text(o.type),
    title: clean(text(o.title)),
    providerName: clean(text(o.provider_name)),
    html: text(o.html)?.slice(0, LONGEST_HTML),
    url: absolute(o.url, base),
    width: size(o.width),
    height: size(o.height),
    thumbnailUrl: absolute(o.thumbnail_url, base),
  };
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The last segment of a URL's path (a file's name), or its host and path. */
function nameOf(url: URL): string {
  const last = decodeURIComponentSafe(url.pathname.split("/").filter(Boolean).at(-1) ?? "");
  return last || `${url.host}${url.pathname === "/" ? "" : url.pathname}`;
}

function decodeURIComponentSafe(text: string) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The embed of `url`: the provider's oEmbed when it has HTML (video, rich) or a photo, else a link card from the
 * page's tags; the title falls back to the file name or the URL, the site to the host name.
 */
export function embedOf(url: URL, page: PageMetadata | undefined, oembed: OEmbed | undefined): EmbedView {
  const title = oembed?.title ?? page?.title ?? nameOf(url);
  const site = oembed?.providerName ?? page?.siteName ?? url.hostname;
  const common: EmbedCommon = {
    title,
    site,
    ...(page?.icon ? { icon: page.icon } : {}),
    ...(page?.description ? { description: page.description } : {}),
    ...((page?.image ?? oembed?.thumbnailUrl) ? { image: page?.image ?? oembed?.thumbnailUrl } : {}),
  };
  if (oembed?.html && (oembed.type === "video" || oembed.type === "rich")) {
    return { type: "rich", ...common, html: oembed.html };
  }
  if (oembed?.type === "photo" && oembed.url) {
    const size = `${oembed.width ? ` width="${oembed.width}"` : ""}${oembed.height ? ` height="${oembed.height}"` : ""}`;
    const html = `<img src="${escapeAttribute(oembed.url)}" alt="${escapeAttribute(title)}"${size}>`;
    return { type: "rich", ...common, html };
  }
  return { type: "link", ...common };
}
