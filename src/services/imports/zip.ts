import type { List, ListItem, Nodes, Root } from "mdast";
import { toString } from "mdast-util-to-string";
import { parseMarkdown } from "../../content/markdown";
import type { Env } from "../../env";
import { ApiError } from "../../lib/errors";
import { unpack } from "./archive";
import { decodeText, ImportFetcher } from "./fetching";
import { isExternal, resolveArchivePath, rewriteMarkdownUrls } from "./markdown-links";
import { IMPORT_LIMITS, imageTypeOf, type ImportPlan, type PlannedFile, type PlannedPage } from "./plan";

const isMarkdown = (path: string) => /\.(md|markdown)$/i.test(path);
const isReadme = (path: string) => /(^|\/)(readme|index)\.(md|markdown)$/i.test(path);
const baseName = (path: string) => path.split("/").pop() ?? path;
const titleOf = (path: string) =>
  baseName(path)
    .replace(/\.(md|markdown)$/i, "")
    .replace(/[-_]+/g, " ")
    .trim() || "Untitled";

interface TreeNode {
  title: string;
  path?: string;
  children: TreeNode[];
}

/** SUMMARY.md (GitBook's table of contents): nested list items linking to files give the tree. */
function treeFromSummary(summaryPath: string, summary: string, markdownPaths: Set<string>): TreeNode[] {
  const used = new Set<string>();
  const fromList = (list: List): TreeNode[] =>
    list.children.flatMap((item: ListItem): TreeNode[] => {
      const nested = item.children.filter((c): c is List => c.type === "list").flatMap(fromList);
      const link = findLink(item);
      const target =
        link && !isExternal(link.url) ? resolveArchivePath(summaryPath, link.url.split("#")[0]) : undefined;
      if (target && markdownPaths.has(target) && !used.has(target)) {
        used.add(target);
        return [{ title: toString(link!).trim() || titleOf(target), path: target, children: nested }];
      }
      const text = toString(item.children.find((c) => c.type === "paragraph") ?? { type: "text", value: "" }).trim();
      return nested.length || text ? [{ title: text || "Untitled", children: nested }] : [];
    });
  const root = parseMarkdown(summary) as Root;
  return root.children.filter((c): c is List => c.type === "list").flatMap(fromList);
}

function findLink(item: ListItem): Extract<Nodes, { type: "link" }> | undefined {
  const paragraph = item.children.find((c) => c.type === "paragraph");
  if (paragraph?.type !== "paragraph") return undefined;
  const link = paragraph.children.find((c) => c.type === "link");
  return link?.type === "link" ? link : undefined;
}

/** No SUMMARY.md: folders give the tree; a folder's README.md (or index.md) is the folder's page. */
function treeFromFolders(markdownPaths: string[], rootReadme?: string): TreeNode[] {
  const build = (dir: string): TreeNode[] => {
    const prefix = dir ? `${dir}/` : "";
    const here = markdownPaths.filter((p) => p.startsWith(prefix) && !p.slice(prefix.length).includes("/"));
    const subdirs = [
      ...new Set(
        markdownPaths
          .filter((p) => p.startsWith(prefix) && p.slice(prefix.length).includes("/"))
          .map((p) => prefix + p.slice(prefix.length).split("/")[0]),
      ),
    ];
    const readme =
      dir === "" ? (rootReadme && markdownPaths.includes(rootReadme) ? rootReadme : here.find(isReadme)) : undefined;
    const items: { key: string; node: TreeNode }[] = [
      ...here
        .filter((p) => p !== readme && !(dir !== "" && isReadme(p)))
        .map((p) => ({ key: baseName(p), node: { title: titleOf(p), path: p, children: [] } })),
      ...subdirs.map((sub) => {
        const own = markdownPaths.find(
          (p) => p.startsWith(`${sub}/`) && isReadme(p) && !p.slice(sub.length + 1).includes("/"),
        );
        return {
          key: baseName(sub),
          node: { title: baseName(sub).replace(/[-_]+/g, " "), path: own, children: build(sub) },
        };
      }),
    ].sort((a, b) => a.key.localeCompare(b.key, "en", { numeric: true }));
    return [...(readme ? [{ title: titleOf(readme), path: readme, children: [] }] : []), ...items.map((i) => i.node)];
  };
  return build("");
}

/** `zip`: markdown files and images; SUMMARY.md gives the tree when present, else the folder structure. */
export async function planZip(env: Env, url: string): Promise<ImportPlan> {
  const fetcher = new ImportFetcher(env, IMPORT_LIMITS.archiveBytes);
  const fetched = await fetcher.get(url, IMPORT_LIMITS.archiveBytes);
  return planZipBytes(fetched.bytes);
}

/** A zip archive already read (fetched, or an uploaded file). */
export function planZipBytes(bytes: Uint8Array): ImportPlan {
  const raw = unpack(
    bytes,
    "zip archive",
    (name) =>
      !name.endsWith("/") && !/(^|\/)(__MACOSX|\.)/.test(name) && (isMarkdown(name) || imageTypeOf(name) !== undefined),
  );

  // A single top-level folder (how most tools zip a directory) is not part of the tree.
  const names = Object.keys(raw);
  const top = names[0]?.split("/")[0];
  const strip = names.length > 0 && names.every((n) => n.includes("/") && n.split("/")[0] === top) ? `${top}/` : "";
  const entries = new Map(names.map((n) => [n.slice(strip.length), raw[n]]));
  if (![...entries.keys()].some(isMarkdown))
    throw new ApiError(422, "The zip archive contains no markdown (.md) files");
  return planEntries(entries, { label: "The zip archive" });
}

export interface EntriesPlanOptions {
  /** How errors name the source ("The zip archive"). */
  label: string;
  /** The table of contents (default: a top-level SUMMARY.md, any case). */
  summaryPath?: string;
  /** The first page (default: a top-level README.md or index.md). */
  readmePath?: string;
  /**
   * Where a relative link (`target`, written in the file `from`) that is neither a page nor an imported image
   * points, e.g. the file in the repository's web view; undefined keeps it as written.
   */
  externalLink?: (from: string, target: string) => string | undefined;
  /** Largest image stored as a file (default IMPORT_LIMITS.fileBytes); a larger one stays a link. */
  maxFileBytes?: number;
}

/**
 * Plans pages and files from a source's files by path (a zip's entries, a Git tree): SUMMARY.md gives the
 * tree when present (the README first if the summary leaves it out), else the folders do; links between
 * markdown files become page links, referenced images become files.
 */
export function planEntries(entries: Map<string, Uint8Array>, options: EntriesPlanOptions): ImportPlan {
  const markdownPaths = [...entries.keys()].filter(isMarkdown).sort();
  const imagePaths = [...entries.keys()].filter((p) => imageTypeOf(p));
  if (!markdownPaths.length) throw new ApiError(422, `${options.label} contains no markdown (.md) files`);

  const summaryPath = options.summaryPath
    ? markdownPaths.find((p) => p === options.summaryPath)
    : markdownPaths.find((p) => /^summary\.md$/i.test(p));
  const contentPaths = new Set(markdownPaths.filter((p) => p !== summaryPath));
  let tree: TreeNode[];
  if (summaryPath) {
    tree = treeFromSummary(summaryPath, decodeText(entries.get(summaryPath)!, "SUMMARY.md"), contentPaths);
    const readme = options.readmePath ?? markdownPaths.find((p) => !p.includes("/") && isReadme(p));
    const listed = (nodes: TreeNode[]): boolean => nodes.some((n) => n.path === readme || listed(n.children));
    if (readme && contentPaths.has(readme) && !listed(tree))
      tree.unshift({ title: titleOf(readme), path: readme, children: [] });
  } else tree = treeFromFolders([...contentPaths], options.readmePath);

  const pages: PlannedPage[] = [];
  const pageRefOf = new Map<string, string>();
  const place = (nodes: TreeNode[], parentRef?: string) => {
    for (const node of nodes) {
      const ref = `page-${pages.length + 1}`;
      if (node.path) pageRefOf.set(node.path, ref);
      pages.push({
        ref,
        title: node.title,
        markdown: node.path ?? "",
        ...(parentRef ? { parentRef } : {}),
        ...(node.path ? { source: node.path } : { synthetic: true }),
      });
      place(node.children, ref);
    }
  };
  place(tree);
  if (pages.length > IMPORT_LIMITS.pages)
    throw new ApiError(
      400,
      `${options.label} has ${pages.length} pages; one import creates at most ${IMPORT_LIMITS.pages}`,
    );

  const files: PlannedFile[] = [];
  const fileRefOf = new Map<string, string>();
  for (const page of pages) {
    const path = page.markdown;
    if (!path) continue;
    const text = decodeText(entries.get(path)!, `file ${path}`).replace(/\r\n?/g, "\n");
    page.markdown = rewriteMarkdownUrls(text, (target) => {
      if (isExternal(target)) return target;
      const resolved = resolveArchivePath(path, target.split(/[?#]/)[0]);
      if (resolved === undefined) return options.externalLink?.(path, target) ?? target;
      const pageRef = pageRefOf.get(resolved);
      if (pageRef) return `./${pageRef}.md`;
      const bytes = entries.get(resolved);
      const contentType = imageTypeOf(resolved);
      if (!bytes || !contentType || bytes.byteLength > (options.maxFileBytes ?? IMPORT_LIMITS.fileBytes))
        return (!contentType && options.externalLink?.(path, target)) || target;
      if (!fileRefOf.has(resolved)) {
        if (files.length >= IMPORT_LIMITS.files) return target;
        const ref = `file-${files.length + 1}`;
        fileRefOf.set(resolved, ref);
        files.push({ ref, name: baseName(resolved), contentType, bytes, source: resolved });
      }
      return `./${fileRefOf.get(resolved)}`;
    });
  }
  return { pages, files, totalResources: contentPaths.size + imagePaths.length };
}
