import {
  type ComputedDocumentSourceValue,
  type ComputedRevisionSourceValue,
  computedSpecSlug,
  expandComputedPages,
} from "../../content/computed";
import type { JSONDocument } from "../../content/document";
import { markdownToDocument } from "../../content/markdown";
import type { PageEntry, Snapshot } from "../../content/model";
import { type OpenAPIModel, parseOpenAPI } from "../../content/openapi-model";
import { type GeneratedPage, openapiDocumentMarkdown, openapiPages } from "../../content/openapi-pages";
import { batch } from "../../db/batch";
import { sha256Hex } from "../../lib/crypto";
import { computedPages, openApiModels } from "../../lib/isolate-caches";
import { spaceRead, withSpaceAccess } from "../access";
import type { ServiceContext } from "../core";
import { latestSpecText } from "./spec-source";
import { checkSpace } from "./content-load";

/**
 * Computed content: pages generated from a `builtin:openapi` source (the newest processed version of an
 * organization's spec). A computed page of a revision reads, with `computed=true`, as the pages it generates;
 * their ids derive from the seed (the computed page's id there) and the generated page's key, so the same seed
 * always gives the same ids. A spec that is missing, unprocessed or unreadable generates nothing, with a reason.
 */

/** Parsed specs and their generated pages by version id (versions never change), a few per isolate. */
const MAX_MODELS = openApiModels.bound.entries;
const models = openApiModels.store as Map<string, { model?: OpenAPIModel; pages: Map<boolean, GeneratedPage[]> }>;

type SpecModel = { ok: true; model: OpenAPIModel; versionId: string; at: number } | { ok: false; reason: string };

/** What reading a spec needs: D1 and the bucket (a job's context will do). */
export type SpecReadContext = Pick<ServiceContext, "db" | "env">;

async function specModel(ctx: SpecReadContext, organizationId: string, slug: string): Promise<SpecModel> {
  const source = await latestSpecText(ctx, organizationId, slug);
  if (!source.ok) return source;
  const { version } = source;
  let entry = models.get(version.id);
  if (!entry) {
    entry = { model: parseOpenAPI(source.text), pages: new Map() };
    models.set(version.id, entry);
    if (models.size > MAX_MODELS) models.delete(models.keys().next().value!);
  }
  if (!entry.model) return { ok: false, reason: `The OpenAPI spec "${slug}" is not a readable OpenAPI document` };
  return { ok: true, model: entry.model, versionId: version.id, at: version.processedAt ?? version.createdAt };
}

function generatedPages(versionId: string, model: OpenAPIModel, withModels: boolean): GeneratedPage[] {
  const cache = models.get(versionId)?.pages;
  let pages = cache?.get(withModels);
  if (!pages) {
    pages = openapiPages(model, { models: withModels });
    cache?.set(withModels, pages);
  }
  return pages;
}

/** A generated page's id: 24 hex characters from the seed and the page's key. */
async function generatedId(seed: string, key: string) {
  return (await sha256Hex(`${seed}\n${key}`)).slice(0, 24);
}

export interface ComputedPages {
  pages: PageEntry[];
  /** Markdown of each generated page, by page id. */
  markdown: Map<string, string>;
  reason?: string;
}

/** The pages a revision source generates, as page entries of type document carrying their document source. */
export async function computePages(
  ctx: SpecReadContext,
  organizationId: string,
  source: ComputedRevisionSourceValue,
  seed: string,
  from?: PageEntry,
  /** Specs already looked up in this read, by slug (several computed pages may share one). */
  specs = new Map<string, Promise<SpecModel>>(),
): Promise<ComputedPages> {
  const slug = computedSpecSlug(source);
  if (!specs.has(slug)) specs.set(slug, specModel(ctx, organizationId, slug));
  const spec = await specs.get(slug)!;
  if (!spec.ok) return { pages: [], markdown: new Map(), reason: spec.reason };
  const markdown = new Map<string, string>();
  const pages: PageEntry[] = [];
  for (const generated of generatedPages(spec.versionId, spec.model, source.props.models)) {
    const id = await generatedId(seed, generated.key);
    markdown.set(id, generated.markdown);
    pages.push({
      id,
      type: "document",
      title: generated.title,
      slug: generated.slug,
      ...(generated.description ? { description: generated.description } : {}),
      ...(from?.hidden ? { hidden: true } : {}),
      ...(from?.noIndex ? { noIndex: true } : {}),
      ...(from?.noRobotsIndex ? { noRobotsIndex: true } : {}),
      computed: {
        type: "builtin:openapi",
        dependencies: { spec: { ref: { kind: "openapi", spec: slug } } },
        props: generated.props,
      },
      computedSeed: id,
      createdAt: from?.createdAt ?? spec.at,
      updatedAt: Math.max(from?.updatedAt ?? 0, spec.at),
    });
  }
  return { pages, markdown };
}

export interface ExpandedSnapshot<T extends Snapshot> {
  snapshot: T;
  /** Markdown of the generated pages, by page id. */
  markdown: Map<string, string>;
}

export interface ExpandOptions {
  /**
   * A computed page whose spec generates nothing for a reason (unknown, unprocessed, failed, unreadable) stays,
   * as a document page of its own id and title whose markdown is a notice saying why (published sites);
   * without this it is left out (API reads).
   */
  notices?: boolean;
}

/** The markdown a computed page shows when its spec is not available. */
export function unavailableNotice(reason: string): string {
  return `{% hint style="warning" %}\nThis API reference is not available: ${reason.replace(/[\\`*_[\]<>#|~{}]/g, "\\$&")}.\n{% endhint %}\n`;
}

const computedOf = computedPages.store as WeakMap<Snapshot, PageEntry[]>;

/** A snapshot's computed pages (remembered per snapshot: cached snapshots are immutable and shared). */
export function computedPagesOf(snapshot: Snapshot): PageEntry[] {
  let pages = computedOf.get(snapshot);
  if (!pages) {
    pages = [...snapshot.pages.values()].filter((p) => p.type === "computed" && p.computed);
    computedOf.set(snapshot, pages);
  }
  return pages;
}

/** The snapshot with its computed pages replaced by what they generate (the same object when it has none). */
export async function expandSnapshot<T extends Snapshot>(
  ctx: SpecReadContext,
  organizationId: string,
  snapshot: T,
  opts: ExpandOptions = {},
): Promise<ExpandedSnapshot<T>> {
  const markdown = new Map<string, string>();
  const computed = computedPagesOf(snapshot);
  if (!computed.length) return { snapshot, markdown };
  const generated = new Map<string, PageEntry[]>();
  const specs = new Map<string, Promise<SpecModel>>();
  for (const page of computed) {
    const source = page.computed as ComputedRevisionSourceValue;
    const result = await computePages(ctx, organizationId, source, page.id, page, specs);
    if (result.reason && opts.notices) {
      const { computed: _source, ...rest } = page;
      generated.set(page.id, [{ ...rest, type: "document" }]);
      markdown.set(page.id, unavailableNotice(result.reason));
      continue;
    }
    generated.set(page.id, result.pages);
    for (const [id, md] of result.markdown) markdown.set(id, md);
  }
  return { snapshot: expandComputedPages(snapshot, generated), markdown };
}

/** The space, authorized for viewing, in one round trip. */
async function viewableSpace(ctx: ServiceContext, spaceId: string) {
  const [spaceRows] = await batch(ctx.db, [spaceRead(ctx.db, spaceId)]);
  return checkSpace(await withSpaceAccess(ctx, spaceRows), "space.viewContent", ctx.caller);
}

/** getComputedRevision: the pages a source generates (no files or reusable contents), or none with a reason. */
export async function computeRevision(
  ctx: ServiceContext,
  spaceId: string,
  input: { source: ComputedRevisionSourceValue; seed: string },
) {
  const space = await viewableSpace(ctx, spaceId);
  const result = await computePages(ctx, space.row.organizationId, input.source, input.seed);
  return { ...result, spaceId };
}

/** getComputedDocument: one generated document, or an empty one with the reason in its data. */
export async function computeDocument(
  ctx: ServiceContext,
  spaceId: string,
  input: { source: ComputedDocumentSourceValue; seed: string },
): Promise<JSONDocument> {
  const space = await viewableSpace(ctx, spaceId);
  const slug = computedSpecSlug(input.source);
  const spec = await specModel(ctx, space.row.organizationId, slug);
  const empty = (reason: string): JSONDocument => ({ object: "document", data: { reason }, nodes: [] });
  if (!spec.ok) return empty(spec.reason);
  const markdown = openapiDocumentMarkdown(spec.model, input.source.props);
  if (markdown === undefined) {
    const page = "page" in input.source.props ? input.source.props.page : "";
    return empty(`The OpenAPI spec "${slug}" has no operations tagged "${page}"`);
  }
  return markdownToDocument(markdown);
}
