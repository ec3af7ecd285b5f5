import { decodePath } from "./fetching";

/**
 * Rewrites the destinations of links and images in raw markdown without re-serializing it (the author's
 * formatting and frontmatter stay as written): inline `[x](url "title")`, `![x](<url>)`, reference
 * definitions `[x]: url`, and `<img src="url">`
 * (rewritten as a markdown image). Fenced code blocks are left alone (inline code spans are not detected).
 */
export type UrlKind = "link" | "image";

const INLINE =
  /(!?)\[((?:[^[\]]|\[[^\]]*\])*)\]\(\s*(<[^>\n]*>|[^\s()]+)((?:\s+(?:"[^"\n]*"|'[^'\n]*'|\([^)\n]*\)))?\s*)\)/g;
const DEFINITION = /^( {0,3}\[[^\]\n]+\]:[ \t]*)(<[^>\n]*>|\S+)/gm;
const IMG_TAG = /<img\b[^>]*>/gi;
const attr = (tag: string, name: string) =>
  new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, "i")
    .exec(tag)
    ?.slice(1)
    .find((v) => v !== undefined);

function rewriteProse(text: string, rewrite: (url: string, kind: UrlKind) => string): string {
  return text
    .replace(INLINE, (all, bang: string, label: string, rawUrl: string, rest: string) => {
      const url = rawUrl.startsWith("<") ? rawUrl.slice(1, -1) : rawUrl;
      const next = rewrite(url, bang ? "image" : "link");
      if (next === url) return all;
      const written = /[\s()<>]/.test(next) ? `<${next}>` : next;
      return `${bang}[${label}](${written}${rest})`;
    })
    .replace(DEFINITION, (all, head: string, rawUrl: string) => {
      const url = rawUrl.startsWith("<") ? rawUrl.slice(1, -1) : rawUrl;
      const kind: UrlKind = /\.(png|jpe?g|gif|svg|webp|avif)$/i.test(url.split(/[?#]/)[0]) ? "image" : "link";
      const next = rewrite(url, kind);
      return next === url ? all : `${head}${/\s/.test(next) ? `<${next}>` : next}`;
    })
    .replace(IMG_TAG, (tag: string) => {
      const url = attr(tag, "src");
      if (url === undefined) return tag;
      const next = rewrite(url, "image");
      if (next === url) return tag;
      // The engine resolves markdown destinations only: a rewritten <img> becomes a markdown image.
      const alt = (attr(tag, "alt") ?? "").replace(/[[\]]/g, "");
      return `![${alt}](${/[\s()<>]/.test(next) ? `<${next}>` : next})`;
    });
}

/** Applies `rewrite` to every link and image destination outside code. */
export function rewriteMarkdownUrls(markdown: string, rewrite: (url: string, kind: UrlKind) => string): string {
  const out: string[] = [];
  const lines = markdown.split("\n");
  let fence: string | undefined;
  let prose: string[] = [];
  const flush = () => {
    if (prose.length) out.push(rewriteProse(prose.join("\n"), rewrite));
    prose = [];
  };
  for (const line of lines) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      out.push(line);
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && /^ {0,3}[`~]+\s*$/.test(line))
        fence = undefined;
      continue;
    }
    if (marker) {
      flush();
      fence = marker;
      out.push(line);
      continue;
    }
    prose.push(line);
  }
  flush();
  return out.join("\n");
}

/** A path inside an archive, resolved against the directory of `from` (no leading slash, `..` collapsed). */
export function resolveArchivePath(from: string, target: string): string | undefined {
  const path = decodePath(target);
  const parts = path.startsWith("/") ? [] : from.split("/").slice(0, -1);
  for (const segment of path.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (!parts.length) return undefined;
      parts.pop();
    } else parts.push(segment);
  }
  return parts.join("/");
}

/** True for destinations that point outside the source (absolute URLs, mail, anchors only). */
export function isExternal(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith("//") || url.startsWith("#") || url === "";
}
