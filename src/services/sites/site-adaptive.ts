import { type Schema, Validator } from "@cfworker/json-schema";
import { eq } from "drizzle-orm";
import { batch } from "../../db/batch";
import { sites } from "../../db/schema";
import { badRequest } from "../../lib/errors";
import { authorize, claimPath } from "../access";
import type { ServiceContext } from "../core";
import { DRAFT_07_META_SCHEMA } from "./draft-07";
import { loadSite, type SiteRow } from "./sites";

// A site's adaptive schema: the draft-07 JSON Schema of the claims its visitors carry (from the visitor JWT, and
// `unsigned` ones from the URL or cookies), which conditions on site spaces and sections read.

export const UNSIGNED_DESCRIPTION = "Unsigned claims of the site visitor.";

export interface AdaptivePrimitiveClaim {
  type: "boolean" | "string" | "number";
  description: string;
  /** Strings only: the values the claim may take. */
  enum?: string[];
}
export interface AdaptiveArrayClaim {
  type: "array";
  description: string;
  items: AdaptivePrimitiveClaim;
}
export interface AdaptiveObjectClaim {
  type: "object";
  description: string;
  properties: Record<string, AdaptiveClaim>;
  additionalProperties: false;
}
export type AdaptiveClaim = AdaptivePrimitiveClaim | AdaptiveArrayClaim | AdaptiveObjectClaim;

/** The reference's SiteAdaptiveJSONSchema; `properties.unsigned`, when present, is the unsigned claims object. */
export interface SiteAdaptiveJSONSchema {
  $schema?: "http://json-schema.org/draft-07/schema#";
  type: "object";
  properties: Record<string, AdaptiveClaim>;
  additionalProperties: false;
}

/** At most this many claims in a schema, counting those of object claims (and `unsigned`) at every level. */
export const MAX_ADAPTIVE_CLAIMS = 256;
const MAX_TEMPLATES = 1000;

/** The schema of a site never given one: no claims, and an empty `unsigned` object. */
export function defaultAdaptiveSchema(): SiteAdaptiveJSONSchema {
  return {
    type: "object",
    properties: {
      unsigned: { type: "object", description: UNSIGNED_DESCRIPTION, properties: {}, additionalProperties: false },
    },
    additionalProperties: false,
  };
}

/** A site's adaptive schema: the stored one, or the default. */
export function adaptiveSchemaOf(row: Pick<SiteRow, "adaptiveSchema">): SiteAdaptiveJSONSchema {
  return (row.adaptiveSchema as SiteAdaptiveJSONSchema | null) ?? defaultAdaptiveSchema();
}

export interface SiteAdaptiveSchemaView {
  jsonSchema: SiteAdaptiveJSONSchema;
  /** The site's last update (the schema is a field of the site: setting it updates the site). */
  updatedAt: number;
}

/** getSiteAdaptiveSchema (members): the site's schema, or the default until one is set. */
export async function getSiteAdaptiveSchema(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
): Promise<SiteAdaptiveSchemaView> {
  const site = await loadSite(ctx, organizationId, siteId);
  return { jsonSchema: adaptiveSchemaOf(site.row), updatedAt: site.row.updatedAt };
}

let metaValidator: Validator | undefined;

/** `/properties/a/type` → `.properties.a.type` (JSON pointer unescaping). */
const dotted = (pointer: string) =>
  pointer
    .replace(/^#/, "")
    .split("/")
    .slice(1)
    .map((s) => `.${s.replace(/~1/g, "/").replace(/~0/g, "~")}`)
    .join("");

/**
 * Checks a schema already held to the reference's shape (by the route) as a draft-07 JSON Schema, with the
 * `@cfworker/json-schema` validator (it interprets schemas: no `eval`/`new Function`, which workerd forbids),
 * and bounds its size. 400 naming the offending property.
 */
export function checkAdaptiveSchema(jsonSchema: SiteAdaptiveJSONSchema) {
  metaValidator ??= new Validator(DRAFT_07_META_SCHEMA, "7", false);
  const result = metaValidator.validate(jsonSchema);
  if (!result.valid) {
    const deepest = [...result.errors].sort((a, b) => b.instanceLocation.length - a.instanceLocation.length)[0];
    throw badRequest(`jsonSchema${dotted(deepest?.instanceLocation ?? "#")}: ${deepest?.error ?? "is invalid"}`);
  }
  try {
    new Validator(jsonSchema as unknown as Schema, "7").validate({});
  } catch (error) {
    throw badRequest(`jsonSchema: is not a usable draft-07 JSON Schema (${(error as Error).message})`);
  }
  let count = 0;
  const pending: Record<string, AdaptiveClaim>[] = [jsonSchema.properties];
  for (let properties = pending.pop(); properties; properties = pending.pop()) {
    for (const claim of Object.values(properties)) {
      count += 1;
      if (claim.type === "object") pending.push(claim.properties);
    }
  }
  if (count > MAX_ADAPTIVE_CLAIMS) {
    throw badRequest(
      `jsonSchema.properties: at most ${MAX_ADAPTIVE_CLAIMS} claims (counting nested ones), not ${count}`,
    );
  }
}

/**
 * updateSiteAdaptiveSchema (`create` and up): replaces the site's schema. Conditions already set are kept as they
 * are: one reading a claim the new schema drops reads it as missing.
 */
export async function updateSiteAdaptiveSchema(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  jsonSchema: SiteAdaptiveJSONSchema,
): Promise<SiteAdaptiveSchemaView> {
  const site = await loadSite(ctx, organizationId, siteId);
  authorize(site.access, "site.manage", "Site");
  checkAdaptiveSchema(jsonSchema);
  const value = jsonSchema as unknown as Record<string, unknown>;
  await batch(ctx.db, [
    ctx.db.update(sites).set({ adaptiveSchema: value, updatedAt: ctx.now }).where(eq(sites.id, siteId)),
  ]);
  return { jsonSchema, updatedAt: ctx.now };
}

export interface TemplateCondition {
  description: string;
  condition: string;
}

/** What a claim is called in a template's description: its description, else its path. */
function label(claim: AdaptiveClaim, segments: string[]) {
  return claim.description.trim().replace(/\.$/, "") || claimPath(segments);
}

/** The templates one claim suggests (see `templateConditions`). */
function claimTemplates(claim: AdaptiveClaim, segments: string[], out: TemplateCondition[]) {
  const path = claimPath(segments);
  const name = label(claim, segments);
  switch (claim.type) {
    case "boolean":
      out.push({ description: name, condition: path });
      out.push({ description: `Not: ${name}`, condition: `!${path}` });
      return;
    case "string":
      if (claim.enum?.length) {
        for (const v of claim.enum)
          out.push({ description: `${name} is "${v}"`, condition: `${path} == ${JSON.stringify(v)}` });
      } else out.push({ description: `${name} equals a value`, condition: `${path} == "value"` });
      return;
    case "number":
      out.push({ description: `${name} is greater than a number`, condition: `${path} > 0` });
      return;
    case "array": {
      const items = claim.items;
      const values =
        items.type === "string"
          ? (items.enum?.length ? items.enum : ["value"]).map((v) => JSON.stringify(v))
          : [items.type === "number" ? "0" : "true"];
      for (const v of values) out.push({ description: `${name} includes ${v}`, condition: `${path}.includes(${v})` });
      return;
    }
    case "object":
      for (const [key, inner] of Object.entries(claim.properties)) claimTemplates(inner, [...segments, key], out);
      return;
  }
}

/**
 * Condition templates generated from a schema, in its order, for each claim (objects recurse, dotted paths):
 * a boolean suggests `visitor.claims.x` (described by the claim's description) and `!visitor.claims.x`; a string one equality per `enum` value, else
 * `visitor.claims.x == "value"`; a number `visitor.claims.x > 0`; an array `.includes(…)` of each `enum` value
 * of its items, else of a sample value. Descriptions start with the claim's description. At most 1000.
 */
export function templateConditions(schema: SiteAdaptiveJSONSchema): TemplateCondition[] {
  const out: TemplateCondition[] = [];
  for (const [key, claim] of Object.entries(schema.properties)) claimTemplates(claim, [key], out);
  return out.slice(0, MAX_TEMPLATES);
}

/** listSiteAdaptiveTemplateConditions (members): templates from the site's schema (none for the default). */
export async function listSiteAdaptiveTemplateConditions(ctx: ServiceContext, organizationId: string, siteId: string) {
  const site = await loadSite(ctx, organizationId, siteId);
  return templateConditions(adaptiveSchemaOf(site.row));
}
