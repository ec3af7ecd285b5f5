import { describe, expect, it } from "vitest";
import { api, workerFetch } from "../helpers/http";
import {
  bodyOf,
  type Doc,
  type Operation,
  operationsOf,
  QUERIES,
  type Schema,
  sample,
  seedWorld,
} from "../helpers/openapi-world";

// Generated from the served /openapi.json: every documented query parameter of every operation, given each
// valid value of its declared type (each enum value, both booleans, the bounds of a number, a plain word and a
// non-trivial search string, a real fixture id where the parameter names one, a list's real `page` cursor),
// answers < 500 to an organization's admin on the seeded resources. One request per value; an operation the
// document adds later is covered without editing this file.

/** A search string with what query languages treat specially: quotes, operators, wildcards, LIKE's `%`/`_`. */
const SEARCH = `intro "quoted phrase" -not OR (a AND b*) NEAR/2 c: 50% _x_ \\ ' é 漢字検索 🙂 ; --`;

function resolve(schema: Schema | undefined, doc: Doc): Schema {
  let s = schema ?? {};
  for (let depth = 0; s.$ref && depth < 8; depth++)
    s = doc.components?.schemas?.[String(s.$ref).split("/").pop()!] ?? {};
  return s;
}

/** The valid values of a parameter's schema, as query strings. */
function valuesOf(schema: Schema | undefined, doc: Doc): string[] {
  const s = resolve(schema, doc);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return [...new Set((alternatives as Schema[]).flatMap((a) => valuesOf(a, doc)))];
  if (s.const !== undefined) return [String(s.const)];
  if (s.enum) return s.enum.filter((v: unknown) => v !== null).map(String);
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== "null") : s.type;
  switch (type) {
    case "array":
      return valuesOf(s.items, doc);
    case "boolean":
      return ["true", "false"];
    case "integer":
    case "number": {
      const low = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : undefined);
      const high = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : undefined);
      const bounds = [low, s.default, high].filter((v) => typeof v === "number");
      return [...new Set(bounds.length ? bounds : [1])].map(String);
    }
    case "string": {
      if (s.format === "uri" || s.format === "url") return ["https://example.com/x"];
      if (s.format === "email") return ["someone@example.com"];
      if (s.format === "date-time") return [new Date().toISOString()];
      const max = s.maxLength ?? Number.POSITIVE_INFINITY;
      const fit = (v: string) =>
        [...v]
          .slice(0, max)
          .join("")
          .padEnd(s.minLength ?? 0, "x");
      const pattern = s.pattern ? new RegExp(s.pattern, "u") : undefined;
      return [...new Set(["intro", SEARCH].map(fit))].filter((v) => !pattern || pattern.test(v));
    }
    default:
      return [];
  }
}

describe("query parameters over every served operation", () => {
  it("answer < 500 to each valid value of their declared type", async () => {
    const doc = (await (await workerFetch("https://api.quire.test/openapi.json")).json()) as Doc;
    const world = await seedWorld();
    const ids = (op: Operation) =>
      op.template.includes("/change-requests/{changeRequestId}/comments") ? world.crKnown : world.known;
    // A list's real cursor: its first page of one item, where there is a second.
    const cursorOf = async (url: string) => {
      const res = await api("GET", url, { token: world.owner.token });
      return typeof res.json?.next?.page === "string" ? (res.json.next.page as string) : undefined;
    };
    const failures: string[] = [];
    let calls = 0;
    let parameters = 0;
    for (const op of operationsOf(doc)) {
      const path = op.template
        .replace(/^\/v1/, "")
        .replace(/\{(\w+)\}/g, (_, name: string) => ids(op)[name] ?? `unknown-${name}`);
      const required = op.requiredQuery.map((q) => [
        q.name,
        QUERIES[op.operationId]?.[q.name]?.(world.known) ?? String(sample(q.schema, doc)),
      ]);
      for (const param of op.query) {
        parameters++;
        // Real values where the fixtures know one: a required value the schema cannot describe, an id it names.
        const real = [
          QUERIES[op.operationId]?.[param.name]?.(world.known),
          world.known[param.name],
          world.known[`${param.name}Id`],
          param.name === "page" && op.method === "get"
            ? await cursorOf(`${path}?${new URLSearchParams([...required, ["limit", "1"]])}`)
            : "",
        ].filter((v): v is string => typeof v === "string" && v !== "");
        const values = [...new Set([...valuesOf(param.schema, doc), ...real])];
        if (!values.length) failures.push(`${op.operationId} ?${param.name}: no valid value derived from its schema`);
        for (const value of values) {
          const query = new URLSearchParams([...required.filter(([name]) => name !== param.name), [param.name, value]]);
          calls++;
          const res = await api(op.method.toUpperCase(), `${path}?${query}`, {
            token: world.owner.token,
            ...(op.method === "get" || op.method === "delete"
              ? {}
              : { body: bodyOf(op.operationId, world.known) ?? sample(op.body, doc) ?? {} }),
          });
          if (res.status >= 500)
            failures.push(`${op.operationId} ?${param.name}=${value} → ${res.status} ${res.text.slice(0, 160)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // Honest counts: the document documents a few hundred query parameters; each got at least one value.
    expect(parameters).toBeGreaterThan(250);
    expect(calls).toBeGreaterThan(parameters);
  }, 120_000);
});
