/**
 * The built-in space templates. A template is a catalog entry that turns its parameters (`contentRefs`) into a
 * batch of content changes (`insert_page` with nested pages via batch-local refs); applying it writes that
 * batch as one revision. The page bodies live in `./content-*.ts`.
 */
import type { ContentChangeInput } from "../content/changes";
import { badRequest } from "../lib/errors";
import { docsTemplates } from "./content-docs";
import { teamTemplates } from "./content-team";

export * from "./types";
import type { RefKind, TemplateContentRef, TemplateDefinition, TemplatePage } from "./types";

export const TEMPLATES: TemplateDefinition[] = [...docsTemplates, ...teamTemplates];
const BY_ID = new Map(TEMPLATES.map((t) => [t.id, t]));

export function findTemplate(id: string): TemplateDefinition {
  const template = BY_ID.get(id);
  if (!template)
    throw badRequest(`body.id: unknown template "${id}"; available: ${TEMPLATES.map((t) => t.id).join(", ")}`);
  return template;
}

/** Field names each accepted reference kind must carry (non-empty strings). */
const REQUIRED_FIELDS: Record<RefKind, string[]> = {
  file: ["file"],
  url: ["url"],
  openapi: ["spec"],
  page: ["page"],
  space: ["space"],
};
const OPTIONAL_FIELDS: Partial<Record<RefKind, string[]>> = { page: ["space"] };

/** Checks `params.contentRefs` against the template: unknown keys, unaccepted kinds and malformed refs are 400. */
export function validateContentRefs(
  template: TemplateDefinition,
  contentRefs: Record<string, unknown> | undefined,
): Partial<Record<string, TemplateContentRef>> {
  const out: Partial<Record<string, TemplateContentRef>> = {};
  for (const [key, value] of Object.entries(contentRefs ?? {})) {
    const field = `body.params.contentRefs.${key}`;
    const spec = Object.hasOwn(template.refs, key) ? template.refs[key] : undefined;
    if (!spec) {
      const known = Object.keys(template.refs);
      throw badRequest(
        `${field}: template "${template.id}" has no content reference "${key}"${known.length ? ` (it accepts: ${known.join(", ")})` : " (it accepts none)"}`,
      );
    }
    if (!value || typeof value !== "object" || Array.isArray(value))
      throw badRequest(`${field}: must be a content reference object`);
    const ref = value as Record<string, unknown>;
    const kind = ref.kind;
    if (typeof kind !== "string" || !spec.kinds.includes(kind as RefKind)) {
      throw badRequest(`${field}.kind: must be one of ${spec.kinds.join(", ")}`);
    }
    const required = REQUIRED_FIELDS[kind as RefKind];
    const allowed = new Set(["kind", ...required, ...(OPTIONAL_FIELDS[kind as RefKind] ?? [])]);
    for (const name of Object.keys(ref))
      if (!allowed.has(name)) throw badRequest(`${field}.${name}: is not a field of a "${kind}" reference`);
    for (const name of [...required, ...(OPTIONAL_FIELDS[kind as RefKind] ?? [])]) {
      const v = ref[name];
      if (v === undefined && !required.includes(name)) continue;
      if (typeof v !== "string" || v.length === 0 || v.length > 2048)
        throw badRequest(`${field}.${name}: must be a non-empty string of at most 2048 characters`);
    }
    if (kind === "url" && !/^https?:\/\/[^\s]+$/i.test(ref.url as string))
      throw badRequest(`${field}.url: must be an http(s) URL`);
    out[key] = ref as TemplateContentRef;
  }
  return out;
}

/** The template's pages as one batch of `insert_page` changes, nested through batch-local refs. */
export function templateChanges(
  template: TemplateDefinition,
  refs: Partial<Record<string, TemplateContentRef>>,
): ContentChangeInput[] {
  const changes: ContentChangeInput[] = [];
  const walk = (pages: TemplatePage[], into: string | undefined, prefix: string) => {
    pages.forEach((page, i) => {
      const ref = `template-${template.id}-${prefix}${i}`;
      changes.push({
        operation: "insert_page",
        title: page.title,
        ...(page.emoji ? { emoji: page.emoji } : {}),
        ...(page.description ? { description: page.description } : {}),
        ...(into ? { into } : {}),
        ref,
        document: { markdown: page.markdown },
      });
      if (page.pages?.length) walk(page.pages, ref, `${prefix}${i}-`);
    });
  };
  walk(template.pages(refs), undefined, "");
  return changes;
}
