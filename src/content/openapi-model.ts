import { parse as parseYaml } from "yaml";

/**
 * An OpenAPI document (3.x, or Swagger 2.0 as far as it shares the shape) read for generating pages: its info,
 * servers, operations grouped by tag (in the order of the document's `tags`, then of first use), and models.
 * Pure: the text in, plain data out. Local `$ref`s (`#/...`) are resolved with a depth limit and cycle guard.
 */
export type Json = Record<string, unknown>;

export interface OpenAPIOperation {
  method: string;
  path: string;
  operation: Json;
  /** Path-level and operation-level parameters, `$ref`s resolved (operation ones win by name and place). */
  parameters: Json[];
}

export interface OpenAPITag {
  name: string;
  description?: string;
  operations: OpenAPIOperation[];
}

export interface OpenAPIModel {
  root: Json;
  info: Json;
  servers: Json[];
  tags: OpenAPITag[];
  /** components.schemas (or Swagger 2.0 definitions), by name. */
  schemas: Record<string, unknown>;
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;
/** The tag of operations that have none. */
export const DEFAULT_TAG = "default";
const MAX_DEPTH = 6;

export const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** Parses the text (JSON when it starts with `{`, YAML otherwise); undefined when it is no OpenAPI document. */
export function parseOpenAPI(text: string): OpenAPIModel | undefined {
  let root: unknown;
  try {
    root = text.trimStart().startsWith("{")
      ? JSON.parse(text)
      : parseYaml(text, { maxAliasCount: 100, prettyErrors: false });
  } catch {
    return undefined;
  }
  if (!isObject(root) || !isObject(root.info)) return undefined;
  if (typeof root.openapi !== "string" && typeof root.swagger !== "string") return undefined;
  const tags = new Map<string, OpenAPITag>();
  for (const tag of Array.isArray(root.tags) ? root.tags : []) {
    if (!isObject(tag) || typeof tag.name !== "string" || tags.has(tag.name)) continue;
    tags.set(tag.name, {
      name: tag.name,
      ...(typeof tag.description === "string" ? { description: tag.description } : {}),
      operations: [],
    });
  }
  for (const [path, rawItem] of Object.entries(isObject(root.paths) ? root.paths : {})) {
    const item = resolve(root, rawItem);
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const parameters = mergeParameters(root, item.parameters, operation.parameters);
      const names = Array.isArray(operation.tags) ? operation.tags.filter((t) => typeof t === "string") : [];
      for (const name of names.length ? (names as string[]) : [DEFAULT_TAG]) {
        if (!tags.has(name)) tags.set(name, { name, operations: [] });
        tags.get(name)!.operations.push({ method, path, operation, parameters });
      }
    }
  }
  const components = isObject(root.components) ? root.components : {};
  const schemas = isObject(components.schemas)
    ? components.schemas
    : isObject(root.definitions)
      ? root.definitions
      : {};
  return {
    root,
    info: root.info,
    servers: Array.isArray(root.servers) ? root.servers.filter(isObject) : [],
    tags: [...tags.values()].filter((t) => t.operations.length > 0),
    schemas,
  };
}

function mergeParameters(root: Json, pathLevel: unknown, operationLevel: unknown): Json[] {
  const byKey = new Map<string, Json>();
  for (const list of [pathLevel, operationLevel]) {
    for (const raw of Array.isArray(list) ? list : []) {
      const param = resolve(root, raw);
      if (isObject(param)) byKey.set(`${String(param.in)}:${String(param.name)}`, param);
    }
  }
  return [...byKey.values()];
}

/** The target of a local `$ref` (`#/components/schemas/Pet`), or the value itself when it is no reference. */
export function resolve(root: Json, value: unknown, hops = 0): unknown {
  if (!isObject(value) || typeof value.$ref !== "string" || hops > 10) return value;
  const ref = value.$ref;
  if (!ref.startsWith("#/")) return value;
  let at: unknown = root;
  for (const part of ref.slice(2).split("/")) {
    const key = decodeURIComponent(part).replace(/~1/g, "/").replace(/~0/g, "~");
    at = isObject(at) ? at[key] : Array.isArray(at) ? at[Number(key)] : undefined;
  }
  return at === undefined ? value : resolve(root, at, hops + 1);
}

/** A schema with its local references inlined down to a depth; a reference inside itself stays a `$ref`. */
export function inlineSchema(root: Json, schema: unknown, depth = 0, seen: string[] = []): unknown {
  if (Array.isArray(schema)) return schema.map((v) => inlineSchema(root, v, depth + 1, seen));
  if (!isObject(schema)) return schema;
  const ref = typeof schema.$ref === "string" ? schema.$ref : undefined;
  if (ref) {
    if (seen.includes(ref) || depth > MAX_DEPTH) return { $ref: ref };
    const target = resolve(root, schema);
    return target === schema ? schema : inlineSchema(root, target, depth + 1, [...seen, ref]);
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    // `example(s)` and `enum` values are data, not schemas.
    out[key] =
      key === "example" || key === "examples" || key === "enum" ? value : inlineSchema(root, value, depth + 1, seen);
  }
  return out;
}

/** An example value for a schema: its own example, default or first enum value, else one built from its type. */
export function exampleOf(root: Json, raw: unknown, depth = 0, seen: string[] = []): unknown {
  const ref = isObject(raw) && typeof raw.$ref === "string" ? raw.$ref : undefined;
  if (ref && (seen.includes(ref) || depth > MAX_DEPTH)) return null;
  const schema = resolve(root, raw);
  if (!isObject(schema) || depth > MAX_DEPTH) return null;
  const next = ref ? [...seen, ref] : seen;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  for (const key of ["oneOf", "anyOf"] as const) {
    const first = Array.isArray(schema[key]) ? schema[key][0] : undefined;
    if (first !== undefined) return exampleOf(root, first, depth + 1, next);
  }
  if (Array.isArray(schema.allOf)) {
    const merged: Json = {};
    for (const part of schema.allOf) {
      const value = exampleOf(root, part, depth + 1, next);
      if (isObject(value)) Object.assign(merged, value);
    }
    return merged;
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (type === "object" || isObject(schema.properties)) {
    const out: Json = {};
    for (const [name, prop] of Object.entries(isObject(schema.properties) ? schema.properties : {})) {
      out[name] = exampleOf(root, prop, depth + 1, next);
    }
    return out;
  }
  if (type === "array") return schema.items === undefined ? [] : [exampleOf(root, schema.items, depth + 1, next)];
  if (type === "integer" || type === "number") return 0;
  if (type === "boolean") return true;
  if (type === "string") return schema.format === "date-time" ? "2024-01-01T00:00:00Z" : "string";
  return null;
}

/** A schema's type for a table cell (`string`, `integer (int64)`, `Pet`, `array of Pet`, `string | null`). */
export function typeLabel(schema: unknown): string {
  if (!isObject(schema)) return "";
  if (typeof schema.$ref === "string") return schema.$ref.split("/").pop() ?? "";
  const type = Array.isArray(schema.type)
    ? schema.type.join(" | ")
    : typeof schema.type === "string"
      ? schema.type
      : "";
  if (type === "array") return `array of ${typeLabel(schema.items) || "any"}`;
  return typeof schema.format === "string" && type ? `${type} (${schema.format})` : type;
}
