import { describe, expect, it } from "vitest";
import { ApiError } from "../../../src/lib/errors";
import {
  checkCondition,
  defaultAdaptiveSchema,
  evaluateCondition,
  parseCondition,
  templateConditions,
} from "../../../src/services/sites";

const claims = {
  isBetaUser: true,
  plan: "pro",
  seats: 12,
  products: ["api", "sdk"],
  account: { region: "eu" },
  unsigned: { beta: false },
  "x-team": "core",
};

const cases: [string, boolean][] = [
  ["visitor.claims.isBetaUser", true],
  ["!visitor.claims.isBetaUser", false],
  ['visitor.claims.plan == "pro"', true],
  ['visitor.claims.plan === "free"', false],
  ['visitor.claims.plan != "free"', true],
  ['visitor.claims.plan !== "pro"', false],
  ["visitor.claims.seats > 10 && visitor.claims.seats <= 12", true],
  ["visitor.claims.seats < 10 || visitor.claims.seats >= 13", false],
  ['visitor.claims.seats == "12"', false], // no coercion
  ['visitor.claims.plan > "free"', true], // strings compare as strings
  ["visitor.claims.plan > 1", false], // mixed types never compare
  ["visitor.claims.seats > -1", true],
  ['visitor.claims.products.includes("sdk")', true],
  ['visitor.claims.products.includes("cli")', false],
  ['visitor.claims.plan.includes("r")', true],
  ['["eu", "us"].includes(visitor.claims.account.region)', true],
  ['["us"].includes(visitor.claims.account.region)', false],
  ['visitor.claims["x-team"] == "core"', true],
  ["visitor.claims?.account?.region == 'eu'", true],
  ["visitor.claims.unsigned.beta", false],
  ["!visitor.claims.unsigned.beta && (visitor.claims.isBetaUser || false)", true],
  // Missing claims are undefined: equal to nothing, ordered against nothing, different from everything.
  ["visitor.claims.missing", false],
  ['visitor.claims.missing == "x"', false],
  ["visitor.claims.missing == null", false],
  ["visitor.claims.missing > 0", false],
  ["visitor.claims.missing <= 0", false],
  ['visitor.claims.missing != "x"', true],
  ["visitor.claims.missing.deeper.still", false],
  ['visitor.claims.missing.includes("x")', false],
  ["[1, 2].includes(visitor.claims.missing)", false],
  ["visitor.claims.isBetaUser.deeper", false],
  // Prototype members are never claims.
  ["visitor.claims.constructor", false],
  ["visitor.claims.products.length > 0", false],
  ['visitor.claims.plan.constructor == "x"', false],
  ["visitor.claims.__proto__", false],
  ["true", true],
  ["null", false],
];

describe("evaluateCondition", () => {
  it.each(cases)("%s → %s", (condition, expected) => {
    expect(evaluateCondition(condition, claims)).toBe(expected);
    const parsed = parseCondition(condition);
    expect(parsed).not.toBeNull();
    expect(evaluateCondition(parsed, claims)).toBe(expected);
  });

  it("is false, never throwing, for conditions outside the language and odd claims", () => {
    for (const condition of [
      'fetch("x")',
      "visitor.constructor",
      "a = 1",
      "this.x",
      "x",
      "visitor.claims.seats + 1",
      "visitor.claims.plan.toString()",
      "a ? b : c",
      "",
      "(",
      `${"!".repeat(100)}true`,
    ]) {
      expect(parseCondition(condition), condition).toBeNull();
      expect(evaluateCondition(condition, claims), condition).toBe(false);
    }
    expect(evaluateCondition(null, claims)).toBe(false);
    for (const odd of [undefined, null, 5, "claims", [], Object.create(null)]) {
      expect(evaluateCondition("visitor.claims.isBetaUser", odd)).toBe(false);
      expect(evaluateCondition('visitor.claims.plan != "x"', odd)).toBe(true);
    }
    // A getter that throws is contained.
    const hostile = {
      get plan() {
        throw new Error("boom");
      },
    };
    expect(evaluateCondition('visitor.claims.plan == "x"', hostile)).toBe(false);
  });
});

describe("checkCondition", () => {
  const schema = {
    type: "object" as const,
    properties: {
      plan: { type: "string" as const, description: "Plan", enum: ["free", "pro"] },
      tags: { type: "array" as const, description: "Tags", items: { type: "string" as const, description: "" } },
      unsigned: {
        type: "object" as const,
        description: "Unsigned claims of the site visitor.",
        properties: { beta: { type: "boolean" as const, description: "Beta" } },
        additionalProperties: false as const,
      },
    },
    additionalProperties: false as const,
  };

  it("names unknown claims and constructs outside the language", () => {
    const problem = (condition: string) => {
      try {
        checkCondition(condition, schema);
      } catch (error) {
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).status).toBe(400);
        return (error as ApiError).message;
      }
      return undefined;
    };
    expect(problem('visitor.claims.plan == "pro" && visitor.claims.unsigned.beta')).toBeUndefined();
    expect(problem('visitor.claims.tags.includes("a")')).toBeUndefined();
    expect(problem("visitor.claims.plann")).toBe("condition: unknown claim visitor.claims.plann");
    expect(problem("visitor.claims.plan.deeper")).toBe("condition: unknown claim visitor.claims.plan.deeper");
    expect(problem('visitor.claims["a-b"]')).toBe('condition: unknown claim visitor.claims["a-b"]');
    expect(problem("visitor.claims.hasOwnProperty")).toBe("condition: unknown claim visitor.claims.hasOwnProperty");
    expect(problem('visitor.claims.unsigned.beta.includes("x")')).toMatch(/needs an array or string claim/);
    expect(problem("visitor.claims.plan")).toBeUndefined();
    expect(() => checkCondition("visitor.claims.plan", defaultAdaptiveSchema())).toThrow(/unknown claim/);
  });

  it("accepts every template it generates", () => {
    for (const { condition } of templateConditions(schema))
      expect(() => checkCondition(condition, schema)).not.toThrow();
  });
});
