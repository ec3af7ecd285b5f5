import { describe, expect, it } from "vitest";
import {
  CREATED_TYPE_OF,
  CREATIONS_ANSWERED_200,
  createdTargetOf,
  isCreation,
  KEEPS_PATH_TARGET,
  READS_SENT_AS_POST,
  TARGET_OF_OBJECT,
  targetType,
} from "../../src/http/audit";
import { api, workerFetch } from "../helpers/http";
import { type Doc, operationsOf, type Schema } from "../helpers/openapi-world";
import { seedOrganization } from "../helpers/seed";

// Generated from the served /openapi.json, like the security matrix: every operation that writes (POST, PUT,
// PATCH, DELETE) has an audit action, and the catalogue lists nothing else. A POST that only reads is named in
// READS_SENT_AS_POST (src/http/audit.ts) with its reason, or this fails.

const WRITE = new Set(["post", "put", "patch", "delete"]);

const servedDoc = async () => (await (await workerFetch("https://api.quire.test/openapi.json")).json()) as Doc;

/** A write as the audit middleware sees it: its declared success statuses and their JSON answers. */
type Write = { operationId: string; template: string; statuses: string[]; answers: Record<string, Schema> };

function writesOf(doc: Doc): Write[] {
  const out: Write[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!WRITE.has(method) || READS_SENT_AS_POST[op.operationId]) continue;
      const responses = (op.responses ?? {}) as Record<string, { content?: Record<string, { schema?: Schema }> }>;
      const answers: Record<string, Schema> = {};
      for (const [status, response] of Object.entries(responses)) {
        const schema = response.content?.["application/json"]?.schema;
        if (status.startsWith("2") && schema) answers[status] = schema;
      }
      out.push({ operationId: op.operationId, template, statuses: Object.keys(responses), answers });
    }
  }
  return out;
}

/** An object schema's properties and required names, through `$ref` and `allOf` (a union is no one object). */
function objectOf(schema: Schema | undefined, doc: Doc, depth = 0): { properties: Schema; required: string[] } {
  if (!schema || depth > 8) return { properties: {}, required: [] };
  if (schema.$ref) return objectOf(doc.components?.schemas?.[String(schema.$ref).split("/").pop()!], doc, depth + 1);
  if (schema.allOf) {
    const parts = (schema.allOf as Schema[]).map((part) => objectOf(part, doc, depth + 1));
    return {
      properties: Object.assign({}, ...parts.map((p) => p.properties)),
      required: parts.flatMap((p) => p.required),
    };
  }
  return { properties: schema.properties ?? {}, required: schema.required ?? [] };
}

/** The one value an answer's `object` discriminator takes, if it declares one. */
function discriminator(properties: Schema, doc: Doc): string | undefined {
  let object = properties.object as Schema | undefined;
  if (object?.$ref) object = doc.components?.schemas?.[String(object.$ref).split("/").pop()!];
  if (object?.const !== undefined) return String(object.const);
  return object?.enum?.length === 1 ? String(object.enum[0]) : undefined;
}

const paramsOf = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

describe("audit catalogue over every served operation", () => {
  it("has an action for every write operation, and only for those", async () => {
    const doc = await servedDoc();
    const operations = operationsOf(doc);
    const { organization, owner } = await seedOrganization();
    const res = await api("GET", `/orgs/${organization.id}/audit-event-actions`, { token: owner.token });
    expect(res.status).toBe(200);
    const actions = new Set((res.json.items as { id: string }[]).map((a) => a.id));

    const writes = operations.filter((op) => WRITE.has(op.method) && !READS_SENT_AS_POST[op.operationId]);
    expect(writes.length).toBeGreaterThan(100);
    expect(writes.filter((op) => !actions.has(op.operationId)).map((op) => op.operationId)).toEqual([]);
    const served = new Set(writes.map((op) => op.operationId));
    expect([...actions].filter((id) => !served.has(id))).toEqual([]);
    // Each read-as-POST named is a served POST (a stale name would hide nothing, but says something false).
    const posts = new Set(operations.filter((op) => op.method === "post").map((op) => op.operationId));
    expect(Object.keys(READS_SENT_AS_POST).filter((id) => !posts.has(id))).toEqual([]);
  });

  // A creation (declared 201, or named in CREATIONS_ANSWERED_200) has its event point at what it made, read from
  // its answer: so its answer must carry the id, and name a kind the log names as later writes' paths do.
  it("gives every creation an answer that names what it made, by the id later paths take", async () => {
    const doc = await servedDoc();
    const writes = writesOf(doc);
    // Every path parameter's target type, and the answer's field its values are (`{specSlug}` → `slug`).
    const keyOfType = new Map<string, string>();
    for (const template of Object.keys(doc.paths)) {
      for (const param of paramsOf(template)) {
        const suffix = /(Id|Slug|Name)$/.exec(param)?.[1];
        if (suffix) keyOfType.set(targetType(param), suffix.toLowerCase());
      }
    }

    const creations = writes.filter((w) => isCreation(w.operationId, w.statuses));
    expect(creations.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const write of creations) {
      const status = write.statuses.includes("201") ? "201" : "200";
      const { properties, required } = objectOf(write.answers[status], doc);
      const created = createdTargetOf(write.operationId, discriminator(properties, doc));
      if (!created) {
        problems.push(`${write.operationId}: its ${status} answer declares no \`object\` (name its type)`);
        continue;
      }
      if (!required.includes(created.key)) {
        problems.push(`${write.operationId}: its ${status} answer has no required \`${created.key}\``);
      }
      const key = keyOfType.get(created.type);
      if (key === undefined && !CREATED_TYPE_OF[write.operationId]) {
        problems.push(`${write.operationId}: no path names a "${created.type}" (map its object to the log's type)`);
      } else if (key !== undefined && key !== created.key) {
        problems.push(
          `${write.operationId}: paths name a "${created.type}" by its ${key}, the event by ${created.key}`,
        );
      }
    }
    expect(problems).toEqual([]);
  });

  // What is not a creation keeps the path's target; so a write that answers an object of another kind than its
  // path names (a new one, most likely) is a creation not named, unless KEEPS_PATH_TARGET says why not.
  it("finds no write answering another kind than its path names that is not a creation or named", async () => {
    const doc = await servedDoc();
    const writes = writesOf(doc);
    const unnamed: string[] = [];
    for (const write of writes) {
      if (isCreation(write.operationId, write.statuses) || KEEPS_PATH_TARGET[write.operationId]) continue;
      const last = paramsOf(write.template).at(-1);
      for (const [status, schema] of Object.entries(write.answers)) {
        const { properties } = objectOf(schema, doc);
        const object = discriminator(properties, doc);
        if (!properties.id || object === undefined) continue;
        const type = TARGET_OF_OBJECT[object]?.type ?? object;
        if (type !== (last && targetType(last))) unnamed.push(`${write.operationId} (${status}: a "${type}")`);
      }
    }
    expect(unnamed).toEqual([]);

    // Each name in the lists is a served write that needs it (a stale name would hide nothing, but says something
    // false): a creation answered 200 declares no 201; a kept target is a write declared 201 or answering another
    // kind; a type named by operation is a creation's; an object mapped is one some answer declares.
    const byId = new Map(writes.map((w) => [w.operationId, w]));
    const stale = [
      ...Object.keys(CREATIONS_ANSWERED_200).filter((id) => !byId.has(id) || byId.get(id)!.statuses.includes("201")),
      ...Object.keys(KEEPS_PATH_TARGET).filter((id) => !byId.has(id)),
      ...Object.keys(CREATED_TYPE_OF).filter((id) => !byId.has(id) || !isCreation(id, byId.get(id)!.statuses)),
    ];
    const objects = new Set(
      Object.values(doc.components?.schemas ?? {}).map((schema) =>
        discriminator(objectOf(schema, doc).properties, doc),
      ),
    );
    stale.push(...Object.keys(TARGET_OF_OBJECT).filter((object) => !objects.has(object)));
    expect(stale).toEqual([]);
  });
});
