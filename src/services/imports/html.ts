import type { Element, Nodes as HastNodes, Root as HastRoot } from "hast";
import { fromHtml } from "hast-util-from-html";
import { toMdast } from "hast-util-to-mdast";
import type { Nodes as MdastNodes, Root } from "mdast";
import { mdastToMarkdown } from "../../content/markdown";

/** An HTML page read for import: its title, its main content as mdast, and every link of the whole page. */
export interface HtmlPage {
  title?: string;
  root: Root;
  /** Absolute http(s) URLs of every `<a href>` in the document (navigation included), in order. */
  links: string[];
}

const DROPPED = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "nav",
  "header",
  "footer",
  "form",
  "iframe",
  "svg",
]);

function text(node: HastNodes): string {
  if (node.type === "text") return node.value;
  return "children" in node ? node.children.map((c) => text(c as HastNodes)).join("") : "";
}

function find(node: HastNodes, test: (e: Element) => boolean): Element | undefined {
  if (node.type === "element" && test(node)) return node;
  if (!("children" in node)) return undefined;
  for (const child of node.children) {
    const hit = find(child as HastNodes, test);
    if (hit) return hit;
  }
  return undefined;
}

function walk(node: HastNodes, visit: (e: Element) => void) {
  if (node.type === "element") visit(node);
  if ("children" in node) for (const child of node.children) walk(child as HastNodes, visit);
}

/** Removes page chrome (navigation, header, footer, scripts) from a content root, in place. */
function stripChrome(node: HastNodes) {
  if (!("children" in node)) return;
  node.children = node.children.filter((c) => {
    if (c.type !== "element") return true;
    return !DROPPED.has(c.tagName) && c.properties?.role !== "navigation" && c.properties?.ariaHidden !== "true";
  }) as typeof node.children;
  for (const child of node.children) stripChrome(child as HastNodes);
}

export function absoluteURL(raw: string, base: string): string | undefined {
  try {
    const url = new URL(raw.trim(), base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** Parses an HTML document (never throws on malformed HTML: the parser recovers as browsers do). */
export function readHtml(html: string, pageURL: string): HtmlPage {
  const tree: HastRoot = fromHtml(html);
  const baseHref = find(tree, (e) => e.tagName === "base" && typeof e.properties?.href === "string")?.properties
    ?.href as string | undefined;
  const base = (baseHref && absoluteURL(baseHref, pageURL)) || pageURL;

  const links: string[] = [];
  walk(tree, (e) => {
    if (e.tagName === "a" && typeof e.properties?.href === "string") {
      const url = absoluteURL(e.properties.href, base);
      if (url) links.push(url);
    }
  });

  const titleElement = find(tree, (e) => e.tagName === "title");
  const h1 = find(tree, (e) => e.tagName === "h1");
  const title = (
    text(h1 ?? titleElement ?? { type: "text", value: "" })
      .replace(/\s+/g, " ")
      .trim() || undefined
  )?.slice(0, 512);

  const content =
    find(tree, (e) => e.tagName === "main") ??
    find(tree, (e) => e.tagName === "article") ??
    find(tree, (e) => e.tagName === "body") ??
    tree;
  stripChrome(content);
  const converted = toMdast(content) as MdastNodes;
  const root: Root =
    converted.type === "root" ? converted : { type: "root", children: [converted as Root["children"][number]] };
  // Make every link and image absolute; the importer then points some of them at imported pages and files.
  rewriteUrls(root, (url) => absoluteURL(url, base) ?? url);
  return { title, root, links };
}

/** Rewrites the URL of every link, image and definition in an mdast tree. */
export function rewriteUrls(node: MdastNodes, rewrite: (url: string, kind: "link" | "image") => string) {
  if (node.type === "link" || node.type === "definition") node.url = rewrite(node.url, "link");
  if (node.type === "image") node.url = rewrite(node.url, "image");
  if ("children" in node) for (const child of node.children) rewriteUrls(child as MdastNodes, rewrite);
}

/** Every image URL of an mdast tree, in document order. */
export function imageUrls(node: MdastNodes, out: string[] = []): string[] {
  if (node.type === "image") out.push(node.url);
  if ("children" in node) for (const child of node.children) imageUrls(child as MdastNodes, out);
  return out;
}

export { mdastToMarkdown };
