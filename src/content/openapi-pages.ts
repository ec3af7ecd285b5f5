import type { ComputedDocumentProps } from "./computed";
import {
  exampleOf,
  inlineSchema,
  isObject,
  type Json,
  type OpenAPIModel,
  type OpenAPIOperation,
  resolve,
  typeLabel,
} from "./openapi-model";
import { slugify, uniqueSlug } from "./slug";

/**
 * The pages an OpenAPI computed source generates, as markdown (converted to documents, search text, … by the
 * same code as any page body): one page per tag with its operations, and a models page when asked for.
 * Pure and deterministic: the same model gives the same pages.
 */
export interface GeneratedPage {
  /** Stable within a spec: `operations:<tag>` or `models`; page ids derive from it and the seed. */
  key: string;
  title: string;
  slug: string;
  description?: string;
  props: ComputedDocumentProps;
  markdown: string;
}

export const MODELS_TITLE = "Models";

export function openapiPages(model: OpenAPIModel, opts: { models: boolean }): GeneratedPage[] {
  const slugs = new Set<string>();
  const pages: GeneratedPage[] = model.tags.map((tag) => ({
    key: `operations:${tag.name}`,
    title: tag.name,
    slug: uniqueSlug(slugify(tag.name), slugs),
    ...(tag.description ? { description: firstLine(tag.description) } : {}),
    props: { doc: "operations", page: tag.name },
    markdown: operationsMarkdown(model, tag.name) ?? "",
  }));
  if (opts.models && Object.keys(model.schemas).length > 0) {
    pages.push({
      key: "models",
      title: MODELS_TITLE,
      slug: uniqueSlug("models", slugs),
      props: { doc: "models" },
      markdown: modelsMarkdown(model),
    });
  }
  return pages;
}

/** One generated document's markdown; undefined when the spec has no such tag. */
export function openapiDocumentMarkdown(model: OpenAPIModel, props: ComputedDocumentProps): string | undefined {
  if (props.doc === "models") return modelsMarkdown(model);
  if (props.doc === "info") return infoMarkdown(model);
  return operationsMarkdown(model, props.page);
}

function firstLine(text: string): string {
  return text.trim().split("\n")[0].slice(0, 500);
}

/** Escapes text for inline markdown (headings, paragraphs, table cells). */
function inline(text: unknown): string {
  return String(text ?? "")
    .replace(/\s*\n\s*/g, " ")
    .replace(/([\\`*_[\]<>#|~])/g, "\\$1");
}

/** A fenced code block whose fence is longer than any backtick run inside. */
function fence(lang: string, text: string): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const marks = "`".repeat(longest + 1);
  return `${marks}${lang}\n${text}\n${marks}`;
}

const json = (value: unknown) => fence("json", JSON.stringify(value, null, 2) ?? "null");

function infoMarkdown(model: OpenAPIModel): string {
  const { info } = model;
  const out: string[] = [];
  if (typeof info.title === "string") out.push(`# ${inline(info.title)}`);
  if (info.version !== undefined) out.push(`Version: \`${String(info.version).replace(/`/g, "")}\``);
  if (typeof info.description === "string" && info.description.trim()) out.push(info.description.trim());
  if (model.servers.length) {
    out.push("## Servers");
    out.push(
      model.servers
        .map(
          (s) => `- \`${String(s.url ?? "").replace(/`/g, "")}\`${s.description ? `: ${inline(s.description)}` : ""}`,
        )
        .join("\n"),
    );
  }
  const contact = isObject(info.contact) ? info.contact : undefined;
  if (contact && (contact.name || contact.email || contact.url)) {
    out.push(`Contact: ${[contact.name, contact.email, contact.url].filter(Boolean).map(inline).join(", ")}`);
  }
  const license = isObject(info.license) ? info.license : undefined;
  if (license?.name) out.push(`License: ${inline(license.name)}`);
  return `${out.join("\n\n")}\n`;
}

function operationsMarkdown(model: OpenAPIModel, tagName: string): string | undefined {
  const tag = model.tags.find((t) => t.name === tagName);
  if (!tag) return undefined;
  const out: string[] = [];
  if (tag.description?.trim()) out.push(tag.description.trim());
  for (const op of tag.operations) out.push(operationMarkdown(model, op));
  return `${out.join("\n\n")}\n`;
}

function operationMarkdown(model: OpenAPIModel, { method, path, operation, parameters }: OpenAPIOperation): string {
  const out = [`## ${method.toUpperCase()} ${inline(path)}`];
  if (typeof operation.summary === "string" && operation.summary.trim()) out.push(`**${inline(operation.summary)}**`);
  if (typeof operation.description === "string" && operation.description.trim()) {
    out.push(operation.description.trim());
  }
  if (operation.deprecated === true) out.push("_Deprecated._");
  const params = parameters.filter((p) => p.in !== "body");
  if (params.length) {
    out.push("### Parameters");
    const rows = params.map((p) => {
      const schema = isObject(p.schema) ? p.schema : p;
      const name = `\`${String(p.name).replace(/[`|]/g, "")}\``;
      const cells = [p.in, typeLabel(schema), p.required ? "yes" : "no", p.description ?? ""].map(inline);
      return `| ${name} | ${cells.join(" | ")} |`;
    });
    out.push(["| Name | In | Type | Required | Description |", "| --- | --- | --- | --- | --- |", ...rows].join("\n"));
  }
  const body = requestBody(model, operation, parameters);
  if (body) {
    out.push("### Request body");
    if (body.description) out.push(inline(body.description));
    out.push(...mediaMarkdown(model, body.content));
  }
  const responses = isObject(operation.responses) ? operation.responses : {};
  if (Object.keys(responses).length) {
    out.push("### Responses");
    for (const [status, raw] of Object.entries(responses)) {
      const response = resolveObject(model, raw);
      out.push(`#### ${inline(status)}${response.description ? `: ${inline(response.description)}` : ""}`);
      const content = isObject(response.content)
        ? response.content
        : response.schema
          ? { "application/json": { schema: response.schema } }
          : {};
      out.push(...mediaMarkdown(model, content));
    }
  }
  return out.join("\n\n");
}

function resolveObject(model: OpenAPIModel, raw: unknown): Json {
  const value = resolve(model.root, raw);
  return isObject(value) ? value : {};
}

function requestBody(model: OpenAPIModel, operation: Json, parameters: Json[]) {
  if (operation.requestBody !== undefined) {
    const body = resolveObject(model, operation.requestBody);
    return {
      description: typeof body.description === "string" ? body.description : undefined,
      content: isObject(body.content) ? body.content : {},
    };
  }
  const swaggerBody = parameters.find((p) => p.in === "body");
  if (!swaggerBody) return undefined;
  return {
    description: typeof swaggerBody.description === "string" ? swaggerBody.description : undefined,
    content: { "application/json": { schema: swaggerBody.schema } } as Json,
  };
}

/** For each media type: its name, its schema (references inlined) and an example. */
function mediaMarkdown(model: OpenAPIModel, content: Json): string[] {
  const out: string[] = [];
  for (const [mediaType, raw] of Object.entries(content)) {
    const media = isObject(raw) ? raw : {};
    out.push(`Content type: \`${mediaType.replace(/`/g, "")}\``);
    if (media.schema !== undefined) {
      out.push("Schema:");
      out.push(json(inlineSchema(model.root, media.schema)));
    }
    const example = exampleFor(model, media);
    if (example !== undefined) {
      out.push("Example:");
      out.push(json(example));
    }
  }
  return out;
}

function exampleFor(model: OpenAPIModel, media: Json): unknown {
  if (media.example !== undefined) return media.example;
  if (isObject(media.examples)) {
    const first = Object.values(media.examples).map((e) => resolveObject(model, e))[0];
    if (first && first.value !== undefined) return first.value;
  }
  return media.schema === undefined ? undefined : exampleOf(model.root, media.schema);
}

function modelsMarkdown(model: OpenAPIModel): string {
  const out: string[] = [];
  for (const [name, schema] of Object.entries(model.schemas)) {
    out.push(`## ${inline(name)}`);
    if (isObject(schema) && typeof schema.description === "string" && schema.description.trim()) {
      out.push(schema.description.trim());
    }
    out.push(json(schema));
  }
  return out.length ? `${out.join("\n\n")}\n` : "This specification defines no models.\n";
}
