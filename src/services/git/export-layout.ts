import { stringify as stringifyYaml } from "yaml";
import { childrenOf, PAGE_METADATA_KEYS, type PageEntry, type Snapshot } from "../../content/model";
import { rewriteMarkdownUrls } from "../imports";

/*
 * A space's content as repository files (paths relative to the content root): one markdown file per document
 * page (a page with children is `<slug>/README.md`, a leaf `<slug>.md`, the first top-level leaf `README.md`),
 * frontmatter for page fields besides the title, `SUMMARY.md` as the tree, files under `.gitbook/assets/`.
 * Links to pages and files become relative paths, which is what the import reads back.
 */

export const ASSETS_DIR = ".gitbook/assets";

export interface ExportLayout {
  /** Markdown files (pages and SUMMARY.md) by path. */
  texts: Map<string, string>;
  /** Asset path by file id. */
  assets: Map<string, string>;
  /** Markdown file path by page id. */
  pages: Map<string, string>;
}

function relative(from: string, to: string): string {
  const a = from.split("/").slice(0, -1);
  const b = to.split("/");
  let i = 0;
  while (i < a.length && i < b.length - 1 && a[i] === b[i]) i++;
  const up = a.slice(i).map(() => "..");
  const rel = [...up, ...b.slice(i)].join("/");
  return up.length ? rel : `./${rel}`;
}

const encodePath = (path: string) => path.split("/").map(encodeURIComponent).join("/");

function frontmatter(page: PageEntry): string {
  const meta: Record<string, unknown> = {};
  for (const key of PAGE_METADATA_KEYS) {
    if (key === "title") continue;
    const value = page[key];
    if (value !== undefined && value !== null && value !== "" && value !== false) meta[key] = value;
  }
  return Object.keys(meta).length ? `---\n${stringifyYaml(meta).trimEnd()}\n---\n\n` : "";
}

/** `readme` and `summary`: the paths `.gitbook.yaml` names (README.md and SUMMARY.md by default). */
export function layoutSnapshot(
  snapshot: Snapshot,
  bodies: Map<string, string>,
  structure: { readme?: string; summary?: string } = {},
): ExportLayout {
  const readmePath = structure.readme ?? "README.md";
  const summaryPath = structure.summary ?? "SUMMARY.md";
  const pathOf = new Map<string, string>(); // page id -> markdown file path
  const dirOf = new Map<string, string>(); // page id -> directory of its children
  const used = new Set<string>([summaryPath.toLowerCase()]);
  const unique = (path: string) => {
    let candidate = path;
    for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = path.replace(/(\.md)?$/, `-${n}$1`);
    used.add(candidate.toLowerCase());
    return candidate;
  };
  const place = (parent: string | null, dir: string) => {
    childrenOf(snapshot, parent).forEach((id, index) => {
      const page = snapshot.pages.get(id)!;
      const kids = childrenOf(snapshot, id).length > 0;
      const slug = page.slug || id;
      const sub = kids ? unique(`${dir}${slug}`) : undefined;
      if (page.type === "document") {
        const path =
          parent === null && index === 0 && !kids && !used.has(readmePath.toLowerCase())
            ? unique(readmePath)
            : sub
              ? `${sub}/README.md`
              : unique(`${dir}${slug}.md`);
        pathOf.set(id, path);
      }
      if (sub) {
        dirOf.set(id, sub);
        place(id, `${sub}/`);
      }
    });
  };
  place(null, "");

  const assets = new Map<string, string>();
  const assetNames = new Set<string>();
  for (const file of snapshot.files.values()) {
    let name = file.name.replace(/[/\\]/g, "_") || file.id;
    if (assetNames.has(name.toLowerCase())) name = `${file.id}-${name}`;
    assetNames.add(name.toLowerCase());
    assets.set(file.id, `${ASSETS_DIR}/${name}`);
  }

  const texts = new Map<string, string>();
  for (const [id, path] of pathOf) {
    const page = snapshot.pages.get(id)!;
    const body = page.body ? (bodies.get(page.body) ?? "") : "";
    const linked = rewriteMarkdownUrls(body, (url) => {
      const m = /^\/(pages|files)\/([^/#?]+)(#.*)?$/.exec(url);
      if (!m) return url;
      const target = m[1] === "pages" ? pathOf.get(m[2]) : assets.get(m[2]);
      return target ? `${encodePath(relative(path, target))}${m[3] ?? ""}` : url;
    });
    texts.set(path, `${frontmatter(page)}${linked.trimEnd()}\n`);
  }

  const lines: string[] = ["# Table of contents", ""];
  const summarize = (parent: string | null, depth: number) => {
    for (const id of childrenOf(snapshot, parent)) {
      const page = snapshot.pages.get(id)!;
      const indent = "  ".repeat(depth);
      const title = page.title.replace(/([[\]])/g, "\\$1");
      const own = pathOf.get(id);
      const target =
        page.type === "link" ? page.href : own && encodePath(relative(summaryPath, own).replace(/^\.\//, ""));
      lines.push(target ? `${indent}* [${title}](${target})` : `${indent}* ${title}`);
      summarize(id, depth + 1);
    }
  };
  summarize(null, 0);
  texts.set(summaryPath, `${lines.join("\n")}\n`);
  return { texts, assets, pages: pathOf };
}
