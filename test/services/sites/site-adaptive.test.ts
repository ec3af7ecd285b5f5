import { describe, expect, it } from "vitest";
import { ApiError } from "../../../src/lib/errors";
import { checkAdaptiveSchema, defaultAdaptiveSchema, type SiteAdaptiveJSONSchema } from "../../../src/services/sites";

/** The 400 message checkAdaptiveSchema gives, or undefined when it accepts the schema. */
function problem(schema: unknown) {
  try {
    checkAdaptiveSchema(schema as SiteAdaptiveJSONSchema);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return (error as ApiError).message;
  }
  return undefined;
}

describe("checkAdaptiveSchema (draft-07, behind the route's shape check)", () => {
  it("accepts the default schema and well-formed claims", () => {
    expect(problem(defaultAdaptiveSchema())).toBeUndefined();
    expect(
      problem({
        $schema: "http://json-schema.org/draft-07/schema#",
        type: "object",
        properties: { plan: { type: "string", enum: ["a", "b"], description: "Plan" } },
        additionalProperties: false,
      }),
    ).toBeUndefined();
  });

  it("refuses what draft-07 refuses, naming the property", () => {
    const base = { type: "object", additionalProperties: false };
    expect(problem({ ...base, properties: { a: { type: "strin", description: "" } } })).toMatch(
      /^jsonSchema\.properties\.a\.type: /,
    );
    expect(problem({ ...base, properties: { a: { type: "string", description: 5 } } })).toMatch(
      /^jsonSchema\.properties\.a\.description: /,
    );
    expect(problem({ ...base, properties: { a: { type: "string", description: "", pattern: "(" } } })).toMatch(
      /^jsonSchema\.properties\.a\.pattern: /,
    );
    expect(problem({ ...base, properties: {}, $schema: 5 })).toMatch(/^jsonSchema\.\$schema: /);
  });
});
