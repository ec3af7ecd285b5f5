import { parse as parseYaml } from "yaml";
import { badRequest } from "../lib/errors";
import { PAGE_METADATA, PAGE_METADATA_KEYS, type PageMetadata, type PageMetadataKey } from "./model";

export type PageLayoutPreset = "docs" | "editorial" | "landing";

/** The reference's RevisionPageLayoutOptions, every field optional (frontmatter sets what it names). */
export interface PageLayoutOptions {
  width?: "default" | "wide";
  cover?: boolean;
  coverSize?: "hero" | "full";
  title?: boolean;
  description?: boolean;
  tableOfContents?: boolean;
  outline?: boolean;
  pagination?: boolean;
  metadata?: boolean;
}

/** Page metadata read from a page's YAML frontmatter (unknown keys are ignored). */
export interface PageFrontmatter extends Partial<PageMetadata> {
  slug?: string;
  /** A preset name, or the options (GitBook's Git Sync form `title: {visible: true}` is accepted too). */
  layout?: PageLayoutPreset | PageLayoutOptions;
  /** Cover image: a URL, `/files/<id>` or a repository path, as written. */
  cover?: string;
  coverY?: number;
}

/** Length limits of text metadata in frontmatter (the others are unbounded here). */
const TEXT_LIMITS: Partial<Record<PageMetadataKey, number>> = { emoji: 50, icon: 50 };

const FRONTMATTER = /^\uFEFF?---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

/** Splits a leading `---` YAML block from the markdown. No closing fence: no frontmatter. */
export function splitFrontmatter(markdown: string): { yaml?: string; body: string } {
  const match = FRONTMATTER.exec(markdown);
  if (!match) return { body: markdown.replace(/^\uFEFF/, "") };
  return { yaml: match[1] ?? "", body: markdown.slice(match[0].length).replace(/^(?:[ \t]*\r?\n)+/, "") };
}

const fail = (key: string, message: string) => badRequest(`frontmatter.${key}: ${message}`);

function text(data: Record<string, unknown>, key: string, max?: number): string | undefined {
  const value = data[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string" && typeof value !== "number") throw fail(key, "must be a string");
  const result = String(value).trim();
  if (max !== undefined && [...result].length > max) throw fail(key, `must be at most ${max} characters`);
  return result;
}

function flag(data: Record<string, unknown>, key: string, path = key): boolean | undefined {
  const value = data[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "boolean") throw fail(path, "must be true or false");
  return value;
}

function oneOf<T extends string>(
  data: Record<string, unknown>,
  key: string,
  values: readonly T[],
  path: string,
): T | undefined {
  const value = data[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string" || !values.includes(value as T))
    throw fail(path, `must be one of ${values.join(", ")}`);
  return value as T;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A layout switch: `true`/`false`, or Git Sync's `{visible: true}`. */
function visible(layout: Record<string, unknown>, key: string): boolean | undefined {
  const value = layout[key];
  if (isRecord(value)) return flag(value, "visible", `layout.${key}.visible`);
  return flag(layout, key, `layout.${key}`);
}

function layoutOf(value: unknown): PageFrontmatter["layout"] {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") {
    const presets: PageLayoutPreset[] = ["docs", "editorial", "landing"];
    if (!presets.includes(value as PageLayoutPreset))
      throw fail("layout", `must be one of ${presets.join(", ")} or an object`);
    return value as PageLayoutPreset;
  }
  if (!isRecord(value)) throw fail("layout", "must be a preset name or an object");
  const out: PageLayoutOptions = {};
  const width = oneOf(value, "width", ["default", "wide"] as const, "layout.width");
  if (width) out.width = width;
  const cover = value.cover;
  if (isRecord(cover)) {
    const size = oneOf(cover, "size", ["hero", "full"] as const, "layout.cover.size");
    if (size) out.coverSize = size;
  }
  const coverSize = oneOf(value, "coverSize", ["hero", "full"] as const, "layout.coverSize");
  if (coverSize) out.coverSize = coverSize;
  for (const key of [
    "cover",
    "title",
    "description",
    "tableOfContents",
    "outline",
    "pagination",
    "metadata",
  ] as const) {
    const on = visible(value, key);
    if (on !== undefined) out[key] = on;
  }
  return out;
}

/** Reads the metadata of a frontmatter block. Malformed YAML or wrongly typed values: ApiError 400. */
export function readFrontmatter(yaml: string): PageFrontmatter {
  let data: unknown;
  try {
    data = parseYaml(yaml, { maxAliasCount: 50, uniqueKeys: false, prettyErrors: false, logLevel: "error" });
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : "could not be parsed";
    throw badRequest(`Invalid frontmatter: ${reason}`);
  }
  if (data === null || data === undefined) return {};
  if (!isRecord(data)) throw badRequest("Invalid frontmatter: it must be a YAML mapping of keys to values");
  const meta: PageFrontmatter = {};
  for (const key of PAGE_METADATA_KEYS) {
    const value = PAGE_METADATA[key] === "flag" ? flag(data, key) : text(data, key, TEXT_LIMITS[key]);
    // An empty title is no title.
    if (value !== undefined && (key !== "title" || value)) Object.assign(meta, { [key]: value });
  }
  const slug = text(data, "slug", 100);
  if (slug) meta.slug = slug;
  const layout = layoutOf(data.layout);
  if (layout !== undefined) meta.layout = layout;
  const cover = text(data, "cover");
  if (cover) meta.cover = cover;
  if (data.coverY !== undefined && data.coverY !== null) {
    if (typeof data.coverY !== "number" || !Number.isFinite(data.coverY)) throw fail("coverY", "must be a number");
    meta.coverY = data.coverY;
  }
  return meta;
}
