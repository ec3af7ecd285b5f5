/** Shapes of the template catalog, and how a template body points at a given content reference. */
import type { KnownContentRef } from "../content/document";

/** A content reference as the reference's `ContentRef*` schemas give it (the kinds a template may accept). */
export type TemplateContentRef = Extract<KnownContentRef, { kind: "file" | "url" | "openapi" | "page" | "space" }>;

export type RefKind = TemplateContentRef["kind"];

/** A page of a template: its markdown body (the leading `# heading` gives the title) and nested pages. */
export interface TemplatePage {
  title: string;
  emoji?: string;
  description?: string;
  markdown: string;
  pages?: TemplatePage[];
}

export interface TemplateDefinition {
  id: string;
  title: string;
  description: string;
  /** The `params.contentRefs` keys this template understands, each with the reference kinds it accepts. */
  refs: Record<string, { kinds: RefKind[]; description: string }>;
  pages: (refs: Partial<Record<string, TemplateContentRef>>) => TemplatePage[];
}

/** Markdown that points at a content reference (a link, or a note for references without a URL). */
export function refMarkdown(ref: TemplateContentRef, label: string): string {
  switch (ref.kind) {
    case "file":
      return `[${label}](/files/${ref.file})`;
    case "url":
      return `[${label}](${ref.url})`;
    case "page":
      return ref.space ? `[${label}](/spaces/${ref.space}/pages/${ref.page})` : `[${label}](/pages/${ref.page})`;
    case "space":
      return `[${label}](/spaces/${ref.space})`;
    case "openapi":
      return `${label}: the OpenAPI specification \`${ref.spec.replace(/`/g, "")}\` of this organization`;
  }
}
