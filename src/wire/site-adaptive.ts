import { z } from "@hono/zod-openapi";
import { type AdaptiveClaim, UNSIGNED_DESCRIPTION } from "../services/sites";
import { TimestampSchema } from "./common";

// The reference's SiteAdaptiveJSONSchema and its claims: a draft-07 object schema (`additionalProperties:
// false`) whose properties are boolean, string (optionally `enum`), number, array-of-those and object claims
// (recursively), plus `unsigned`, the object of unsigned claims. Every claim has a `description`; nothing else
// (`pattern`, `$ref`, `required`, …) is accepted. The service also checks the result as a draft-07 schema.

/** JSON nesting allowed in a schema (five levels of object claims); deeper input is refused before parsing. */
const MAX_DEPTH = 14;

const ClaimName = z
  .string()
  .regex(/^[A-Za-z_][\w-]{0,63}$/, "must be a claim name: a letter or _, then letters, digits, _ or -, at most 64")
  .refine((name) => name !== "__proto__", "must not be __proto__");
const Description = z.string().max(1024);

const BooleanClaim = z.strictObject({ type: z.literal("boolean"), description: Description });
const StringClaim = z.strictObject({
  type: z.literal("string"),
  description: Description,
  enum: z.array(z.string().max(256)).min(1).max(100).optional(),
});
const NumberClaim = z.strictObject({ type: z.literal("number"), description: Description });

const PrimitiveClaim = z
  .discriminatedUnion("type", [BooleanClaim, StringClaim, NumberClaim])
  .openapi("SiteAdaptiveJSONSchemaPrimitives");

const ArrayClaim = z.strictObject({ type: z.literal("array"), description: Description, items: PrimitiveClaim });

const ObjectClaim = z.strictObject({
  type: z.literal("object"),
  description: Description,
  get properties(): z.ZodRecord<typeof ClaimName, z.ZodType<AdaptiveClaim>> {
    return z.record(ClaimName, ClaimsProperty);
  },
  additionalProperties: z.literal(false),
});

const ClaimsProperty: z.ZodType<AdaptiveClaim> = z
  .discriminatedUnion("type", [BooleanClaim, StringClaim, NumberClaim, ArrayClaim, ObjectClaim])
  .openapi("SiteAdaptiveJSONSchemaClaimsProperties");

/** How deeply objects and arrays nest in a JSON value (iteratively: the value may be nested anyhow). */
function jsonDepth(value: unknown): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 1]];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const [current, depth] = item;
    if (typeof current !== "object" || current === null) continue;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_DEPTH) return deepest;
    for (const inner of Object.values(current)) pending.push([inner, depth + 1]);
  }
  return deepest;
}

const JSONSchemaShape = z
  .strictObject({
    $schema: z.literal("http://json-schema.org/draft-07/schema#").optional(),
    type: z.literal("object"),
    properties: z.record(ClaimName, ClaimsProperty).superRefine((properties, ctx) => {
      const unsigned = properties.unsigned;
      if (!unsigned) return;
      if (unsigned.type !== "object") {
        ctx.addIssue({ code: "custom", path: ["unsigned", "type"], message: 'must be "object"' });
      } else if (unsigned.description !== UNSIGNED_DESCRIPTION) {
        const message = `must be "${UNSIGNED_DESCRIPTION}"`;
        ctx.addIssue({ code: "custom", path: ["unsigned", "description"], message });
      }
    }),
    additionalProperties: z.literal(false),
  })
  .openapi("SiteAdaptiveJSONSchema", {
    description: "JSON schema describing the expected attributes of an Adaptive site schema.",
  });

/** The schema's shape, after a depth check that keeps a deeply nested body from exhausting the stack. */
export const SiteAdaptiveJSONSchema = z.preprocess((value, ctx) => {
  if (jsonDepth(value) <= MAX_DEPTH) return value;
  ctx.addIssue({ code: "custom", message: `is nested too deeply (at most ${MAX_DEPTH} levels of JSON)` });
  return z.NEVER;
}, JSONSchemaShape);

export const UpdateSiteAdaptiveSchemaBody = z
  .object({ jsonSchema: SiteAdaptiveJSONSchema })
  .openapi("UpdateSiteAdaptiveSchema");

export const SiteAdaptiveSchemaSchema = z
  .object({
    object: z.literal("site-adaptive-schema"),
    jsonSchema: JSONSchemaShape,
    updatedAt: TimestampSchema,
  })
  .openapi("SiteAdaptiveSchema");

export const SiteAdaptiveTemplateConditionSchema = z
  .object({
    description: z.string().openapi({ description: "A short description of the suggested condition." }),
    condition: z.string().openapi({ description: "The suggested condition." }),
  })
  .openapi("SiteAdaptiveTemplateCondition", { description: "A template condition based on the site visitor schema." });

export const SiteAdaptiveTemplateConditionList = z
  .object({ items: z.array(SiteAdaptiveTemplateConditionSchema) })
  .openapi("SiteAdaptiveTemplateConditionList");

export type SiteAdaptiveJSONSchema = z.infer<typeof SiteAdaptiveJSONSchema>;
export type UpdateSiteAdaptiveSchema = z.infer<typeof UpdateSiteAdaptiveSchemaBody>;
export type SiteAdaptiveSchema = z.infer<typeof SiteAdaptiveSchemaSchema>;
export type SiteAdaptiveTemplateCondition = z.infer<typeof SiteAdaptiveTemplateConditionSchema>;
export type SiteAdaptiveTemplateConditionList = z.infer<typeof SiteAdaptiveTemplateConditionList>;
