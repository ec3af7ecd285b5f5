/**
 * Where a stored link or image points once published. Bodies store `/pages/{pageId}#anchor`, `/files/{fileId}`,
 * `#anchor` and plain URLs (src/content/document.ts refFromUrl); the renderer's resolver turns the first two into
 * site URLs. Unsafe schemes (`javascript:`, `data:`, …) and unresolvable targets come back as `broken`.
 */
import { refFromUrl } from "../../content/document";

export interface ContentResolver {
  /** Published URL of a page of the same space (or another space published on the site), with optional anchor; undefined when the target is not published/broken. */
  page(pageId: string, anchor?: string, spaceId?: string): string | undefined;
  /** URL and facts of a file of the revision (served by the renderer), undefined when missing. */
  file(
    fileId: string,
  ): { url: string; name: string; contentType?: string; width?: number; height?: number } | undefined;
  /** How external links open: "self" | "blank". */
  externalTarget: string;
}

export type ResolvedLink =
  | { kind: "broken" }
  | { kind: "internal"; href: string }
  | { kind: "external"; href: string; newTab: boolean };

const LINK_SCHEMES = new Set(["http", "https", "mailto"]);
const IMAGE_SCHEMES = new Set(["http", "https"]);

/** The URL's scheme (lower-cased), "" for relative URLs, the way browsers and hast-util-sanitize read it. */
function schemeOf(url: string): string {
  const cleaned = url.replace(/[\u0000-\u0020\u007f]/g, "");
  const colon = cleaned.indexOf(":");
  if (colon === -1) return "";
  const stop = cleaned.search(/[/?#]/);
  if (stop !== -1 && stop < colon) return "";
  return cleaned.slice(0, colon).toLowerCase();
}

/** Never throws: a resolver that does is a broken link, not a 500. */
function attempt<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

/** A link target as stored → where the published link goes. */
export function resolveLink(url: string, resolver: ContentResolver): ResolvedLink {
  const ref = refFromUrl(url.trim());
  if (ref.kind === "page" || (ref.kind === "anchor" && typeof ref.page === "string")) {
    const page = String(ref.page);
    const anchor = "anchor" in ref && typeof ref.anchor === "string" ? ref.anchor : undefined;
    const href = attempt(() => resolver.page(page, anchor));
    return href ? { kind: "internal", href } : { kind: "broken" };
  }
  if (ref.kind === "anchor") return { kind: "internal", href: `#${String(ref.anchor)}` };
  if (ref.kind === "file") {
    const href = attempt(() => resolver.file(String(ref.file)))?.url;
    return href ? { kind: "internal", href } : { kind: "broken" };
  }
  const href = url.trim();
  const scheme = schemeOf(href);
  if (!href) return { kind: "broken" };
  if (scheme === "") {
    // `//host/path` leaves the site; other relative URLs stay on it.
    return href.startsWith("//") ? external(href, resolver) : { kind: "internal", href };
  }
  if (!LINK_SCHEMES.has(scheme)) return { kind: "broken" };
  return scheme === "mailto" ? { kind: "internal", href } : external(href, resolver);
}

const external = (href: string, resolver: ContentResolver): ResolvedLink => ({
  kind: "external",
  href,
  newTab: resolver.externalTarget === "blank",
});

export interface ResolvedImage {
  src: string;
  width?: number;
  height?: number;
}

/** An image source as stored → its published URL and size; undefined when missing or unsafe. */
export function resolveImage(url: string, resolver: ContentResolver): ResolvedImage | undefined {
  const ref = refFromUrl(url.trim());
  if (ref.kind === "file") {
    const file = attempt(() => resolver.file(String(ref.file)));
    if (!file?.url) return undefined;
    const size = (n: unknown) => (typeof n === "number" && Number.isFinite(n) && n > 0 ? Math.round(n) : undefined);
    return { src: file.url, width: size(file.width), height: size(file.height) };
  }
  if (ref.kind !== "url") return undefined;
  const src = url.trim();
  const scheme = schemeOf(src);
  if (!src || (scheme !== "" && !IMAGE_SCHEMES.has(scheme))) return undefined;
  return { src };
}
