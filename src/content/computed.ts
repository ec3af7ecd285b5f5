import { z } from "zod";
import type { PageEntry, Snapshot } from "./model";
import { uniqueSlug } from "./slug";

/**
 * Computed content sources (the reference's ComputedContentSource*): Quire computes `builtin:openapi` sources,
 * pages generated from an OpenAPI spec of the organization named by slug. A dependency may come resolved
 * (`{ref, value}`); only its `ref` is kept.
 */
const OpenAPIDependencies = z.object({
  spec: z.object({
    ref: z.object({ kind: z.literal("openapi"), spec: z.string().min(1).max(100) }),
  }),
});

/** ComputedContentSourceRevisionOpenAPI: the source of a computed page (one page per tag, plus models). */
export const ComputedRevisionSource = z.object({
  type: z.literal("builtin:openapi", { error: 'only "builtin:openapi" computed sources are supported' }),
  dependencies: OpenAPIDependencies,
  props: z.object({ models: z.boolean() }),
});

/** ComputedContentSourceDocumentOpenAPI: one generated document (a tag's operations, the info, or the models). */
export const ComputedDocumentSource = z.object({
  type: z.literal("builtin:openapi", { error: 'only "builtin:openapi" computed sources are supported' }),
  dependencies: OpenAPIDependencies,
  props: z.union(
    [
      z.object({ doc: z.literal("models") }),
      z.object({ doc: z.enum(["operations", "info"]), page: z.string().min(1).max(512) }),
    ],
    { error: 'must be {doc: "models"} or {doc: "operations" | "info", page}' },
  ),
});

export type ComputedRevisionSourceValue = z.output<typeof ComputedRevisionSource>;
export type ComputedDocumentSourceValue = z.output<typeof ComputedDocumentSource>;
export type ComputedDocumentProps = ComputedDocumentSourceValue["props"];

/** The spec slug a computed source depends on. */
export function computedSpecSlug(source: { dependencies: { spec: { ref: { spec: string } } } }): string {
  return source.dependencies.spec.ref.spec;
}

/**
 * A snapshot with each computed page replaced, at its place among its siblings, by the pages generated from it
 * (`generated`, by computed page id); slugs stay unique among siblings. Everything else (the revision it was read
 * from included) is kept; the input is not changed.
 */
export function expandComputedPages<T extends Snapshot>(s: T, generated: Map<string, PageEntry[]>): T {
  const pages = new Map(s.pages);
  const parentOf = new Map(s.parentOf);
  const children = new Map(s.children);
  for (const [id, replacement] of generated) {
    if (!pages.has(id)) continue;
    const parent = parentOf.get(id) ?? null;
    const siblings = children.get(parent) ?? [];
    const taken = new Set(
      siblings.filter((other) => other !== id && !generated.has(other)).map((other) => pages.get(other)!.slug),
    );
    const added = replacement.map((page) => ({ ...page, slug: uniqueSlug(page.slug, taken) }));
    children.set(
      parent,
      siblings.flatMap((other) => (other === id ? added.map((p) => p.id) : [other])),
    );
    pages.delete(id);
    parentOf.delete(id);
    children.delete(id);
    for (const page of added) {
      pages.set(page.id, page);
      parentOf.set(page.id, parent);
    }
  }
  return { ...s, pages, parentOf, children };
}

/**
 * The slugs of the specs a snapshot's computed pages are generated from, sorted and unique; null when it has no
 * computed page (what a revision row records in `computed_specs`).
 */
export function computedSpecSlugsOf(s: Snapshot): string[] | null {
  const slugs = new Set<string>();
  for (const page of s.pages.values()) {
    const slug = (page.computed as { dependencies?: { spec?: { ref?: { spec?: unknown } } } } | undefined)?.dependencies
      ?.spec?.ref?.spec;
    if (page.type === "computed" && typeof slug === "string") slugs.add(slug);
  }
  return slugs.size ? [...slugs].sort() : null;
}
