import type { SiteAdaptiveJSONSchema } from "@gitbook/api";
import { describe, expect, it } from "vitest";
import { api, client, clientError } from "../helpers/http";
import { seedMember, seedOrganization } from "../helpers/seed";

const UNSIGNED = "Unsigned claims of the site visitor.";

/** A site with one root site space and one section, owned by a new organization's admin. */
async function adaptiveSite() {
  const { organization, owner } = await seedOrganization("Adaptive");
  const gb = client(owner.token);
  const guide = (await gb.orgs.createSpace(organization.id, { title: "Guide" })).data;
  const site = (await gb.orgs.createSite(organization.id, { title: "Docs", spaces: [guide.id] } as never)).data;
  const [siteSpace] = (await gb.orgs.listSiteSpaces(organization.id, site.id)).data.items;
  const section = (await gb.orgs.addSectionToSite(organization.id, site.id, { spaceId: guide.id })).data;
  return { organization, owner, gb, site, siteSpace: siteSpace!, section };
}

const schema = {
  $schema: "http://json-schema.org/draft-07/schema#",
  type: "object",
  properties: {
    isBetaUser: { type: "boolean", description: "Visitor is a beta user" },
    plan: { type: "string", enum: ["free", "pro"], description: "The visitor's plan" },
    seats: { type: "number", description: "Seats" },
    products: { type: "array", description: "Products", items: { type: "string", description: "A product" } },
    account: {
      type: "object",
      description: "Account",
      properties: { region: { type: "string", description: "Region" } },
      additionalProperties: false,
    },
    unsigned: {
      type: "object",
      description: UNSIGNED,
      properties: { beta: { type: "boolean", description: "Opted into the beta" } },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
} as SiteAdaptiveJSONSchema;

const adaptivePath = (organizationId: string, siteId: string) =>
  `/orgs/${organizationId}/sites/${siteId}/adaptive-schema`;

describe("site adaptive schema", () => {
  it("answers the default schema, replaces it with PUT and reads it back", async () => {
    const { organization, gb, site } = await adaptiveSite();
    const initial = (await gb.orgs.getSiteAdaptiveSchema(organization.id, site.id)).data;
    expect(initial).toEqual({
      object: "site-adaptive-schema",
      jsonSchema: {
        type: "object",
        properties: {
          unsigned: { type: "object", description: UNSIGNED, properties: {}, additionalProperties: false },
        },
        additionalProperties: false,
      },
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect((await gb.orgs.listSiteAdaptiveTemplateConditions(organization.id, site.id)).data).toEqual({ items: [] });

    const put = (await gb.orgs.updateSiteAdaptiveSchema(organization.id, site.id, { jsonSchema: schema })).data;
    expect(put).toMatchObject({ object: "site-adaptive-schema", jsonSchema: schema });
    expect(put.updatedAt >= initial.updatedAt).toBe(true);
    expect((await gb.orgs.getSiteAdaptiveSchema(organization.id, site.id)).data).toEqual(put);
  });

  it("generates template conditions from the schema", async () => {
    const { organization, gb, site, siteSpace } = await adaptiveSite();
    await gb.orgs.updateSiteAdaptiveSchema(organization.id, site.id, { jsonSchema: schema });
    const { items } = (await gb.orgs.listSiteAdaptiveTemplateConditions(organization.id, site.id)).data;
    expect(items).toEqual([
      { description: "Visitor is a beta user", condition: "visitor.claims.isBetaUser" },
      { description: "Not: Visitor is a beta user", condition: "!visitor.claims.isBetaUser" },
      { description: `The visitor's plan is "free"`, condition: `visitor.claims.plan == "free"` },
      { description: `The visitor's plan is "pro"`, condition: `visitor.claims.plan == "pro"` },
      { description: "Seats is greater than a number", condition: "visitor.claims.seats > 0" },
      { description: `Products includes "value"`, condition: `visitor.claims.products.includes("value")` },
      { description: "Region equals a value", condition: `visitor.claims.account.region == "value"` },
      { description: "Opted into the beta", condition: "visitor.claims.unsigned.beta" },
      { description: "Not: Opted into the beta", condition: "!visitor.claims.unsigned.beta" },
    ]);
    // Every template is itself a condition the site accepts.
    for (const { condition } of items) {
      const res = await gb.orgs.updateSiteSpaceById(organization.id, site.id, siteSpace.id, { condition });
      expect(res.data.condition).toBe(condition);
    }
  });

  it("refuses schemas outside the reference's shape or draft-07 with a 400 naming the property", async () => {
    const { organization, owner, site } = await adaptiveSite();
    const put = (jsonSchema: unknown) =>
      api("PUT", adaptivePath(organization.id, site.id), { token: owner.token, body: { jsonSchema } });
    const base = { type: "object", properties: {}, additionalProperties: false };
    const cases: [unknown, RegExp][] = [
      ["not a schema", /^body\.jsonSchema: /],
      [[], /^body\.jsonSchema: /],
      [{ ...base, type: "array" }, /^body\.jsonSchema\.type: /],
      [{ ...base, additionalProperties: true }, /^body\.jsonSchema\.additionalProperties: /],
      [{ ...base, $schema: "http://json-schema.org/draft-04/schema#" }, /^body\.jsonSchema\.\$schema: /],
      [{ ...base, required: ["plan"] }, /^body\.jsonSchema: Unrecognized key: "required"/],
      [
        { ...base, properties: { plan: { type: "date", description: "" } } },
        /^body\.jsonSchema\.properties\.plan\.type: /,
      ],
      [{ ...base, properties: { plan: { type: "string" } } }, /^body\.jsonSchema\.properties\.plan\.description: /],
      [
        { ...base, properties: { plan: { type: "string", description: "", pattern: "^a" } } },
        /^body\.jsonSchema\.properties\.plan: Unrecognized key: "pattern"/,
      ],
      [
        { ...base, properties: { tags: { type: "array", description: "", items: { type: "object" } } } },
        /^body\.jsonSchema\.properties\.tags\.items\.type: /,
      ],
      [
        { ...base, properties: { "a b": { type: "boolean", description: "" } } },
        /^body\.jsonSchema\.properties\.a b: /,
      ],
      [
        { ...base, properties: { unsigned: { type: "boolean", description: "" } } },
        /^body\.jsonSchema\.properties\.unsigned\.type: /,
      ],
      [
        {
          ...base,
          properties: { o: { type: "object", description: "", properties: {}, additionalProperties: true } },
        },
        /^body\.jsonSchema\.properties\.o\.additionalProperties: /,
      ],
    ];
    for (const [jsonSchema, message] of cases) {
      const res = await put(jsonSchema);
      expect(res.status, JSON.stringify(jsonSchema)).toBe(400);
      expect(res.json.error.message).toMatch(message);
    }
    // Nested deeper than the limit, and far deeper (never a stack overflow): 400.
    let deep: unknown = { type: "boolean", description: "" };
    for (let i = 0; i < 20_000; i++) {
      deep = { type: "object", description: "", properties: { x: deep }, additionalProperties: false };
    }
    const tooDeep = await put({ ...base, properties: { x: deep } });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.json.error.message).toMatch(/nested too deeply/);
    // Too many claims.
    const many = Object.fromEntries(
      Array.from({ length: 300 }, (_, i) => [`c${i}`, { type: "number", description: "" }]),
    );
    const tooMany = await put({ ...base, properties: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.error.message).toMatch(/^jsonSchema\.properties: at most 256 claims/);
    // The schema is unchanged.
    expect((await api("GET", adaptivePath(organization.id, site.id), { token: owner.token })).json.jsonSchema).toEqual({
      ...base,
      properties: { unsigned: { type: "object", description: UNSIGNED, properties: {}, additionalProperties: false } },
    });
  });

  it("lets members read, `create` and up write, and hides other organizations' sites", async () => {
    const { organization, gb, site } = await adaptiveSite();
    const reader = client((await seedMember(organization.id, "read")).token);
    const editor = client((await seedMember(organization.id, "edit")).token);
    const creator = client((await seedMember(organization.id, "create")).token);
    const other = await seedOrganization("Other");
    const outsider = client(other.owner.token);

    expect((await reader.orgs.getSiteAdaptiveSchema(organization.id, site.id)).status).toBe(200);
    expect((await reader.orgs.listSiteAdaptiveTemplateConditions(organization.id, site.id)).status).toBe(200);
    for (const member of [reader, editor]) {
      const call = member.orgs.updateSiteAdaptiveSchema(organization.id, site.id, { jsonSchema: schema });
      expect((await clientError(call)).code).toBe(403);
    }
    expect((await creator.orgs.updateSiteAdaptiveSchema(organization.id, site.id, { jsonSchema: schema })).status).toBe(
      200,
    );
    for (const orgId of [organization.id, other.organization.id]) {
      expect((await clientError(outsider.orgs.getSiteAdaptiveSchema(orgId, site.id))).code).toBe(404);
      expect((await clientError(outsider.orgs.listSiteAdaptiveTemplateConditions(orgId, site.id))).code).toBe(404);
      const call = outsider.orgs.updateSiteAdaptiveSchema(orgId, site.id, { jsonSchema: schema });
      expect((await clientError(call)).code).toBe(404);
    }
    expect((await clientError(gb.orgs.getSiteAdaptiveSchema(organization.id, "nope"))).code).toBe(404);
    expect((await api("GET", adaptivePath(organization.id, site.id))).status).toBe(401);
  });
});

describe("conditions on site spaces and sections", () => {
  it("accepts conditions over the schema's claims and refuses anything else, naming the problem", async () => {
    const { organization, owner, gb, site, siteSpace, section } = await adaptiveSite();
    await gb.orgs.updateSiteAdaptiveSchema(organization.id, site.id, { jsonSchema: schema });
    const valid = [
      "visitor.claims.isBetaUser",
      '!visitor.claims.isBetaUser && visitor.claims.plan == "pro"',
      '(visitor.claims.seats >= 5 || visitor.claims.plan !== "free") && visitor.claims.unsigned.beta',
      'visitor.claims["plan"] === "pro"',
      'visitor.claims.products.includes("api")',
      '["eu", "us"].includes(visitor.claims.account.region)',
      "visitor.claims?.seats > -1",
      "visitor.claims.account.region != null",
      `${"(".repeat(500)}true${")".repeat(500)}`,
    ];
    for (const condition of valid) {
      const updated = await gb.orgs.updateSiteSpaceById(organization.id, site.id, siteSpace.id, { condition });
      expect(updated.data.condition).toBe(condition);
      const sectionUpdated = await gb.orgs.updateSiteSectionById(organization.id, site.id, section.id, { condition });
      expect(sectionUpdated.data.condition).toBe(condition);
    }

    const invalid: [string, RegExp][] = [
      ['fetch("x")', /^condition: only \.includes\(value\) may be called/],
      ["visitor.constructor", /^condition: visitor\.constructor is not allowed/],
      ["visitor.claims.constructor", /^condition: unknown claim visitor\.claims\.constructor/],
      ["a = 1", /^condition: Unexpected "="/],
      ["visitor.claims.plann", /^condition: unknown claim visitor\.claims\.plann$/],
      ["visitor.claims.account.zone", /^condition: unknown claim visitor\.claims\.account\.zone$/],
      ["visitor.claims.unsigned.nope", /^condition: unknown claim visitor\.claims\.unsigned\.nope$/],
      ["this.x", /^condition: this is not allowed/],
      ["x", /^condition: unknown identifier x/],
      ["visitor.claims.seats + 1 > 2", /^condition: the operator \+ is not allowed/],
      ["visitor.claims.isBetaUser ? 1 : 2", /^condition: the conditional operator/],
      ["visitor.claims.isBetaUser, 1", /^condition: a sequence of expressions is not allowed/],
      ["visitor.claims[visitor.claims.plan]", /^condition: a computed member access must use a string literal/],
      ["visitor.claims.plan.toString()", /^condition: only \.includes\(value\) may be called/],
      ['visitor.claims.isBetaUser.includes("x")', /^condition: \.includes\(\) needs an array or string claim/],
      ["[visitor.claims.plan].includes(1)", /^condition: array elements must be literals/],
      ["~visitor.claims.seats", /^condition: the operator ~ is not allowed/],
      ["visitor.claims", /^condition: visitor\.claims must be followed by a claim name/],
      ["   ", /^condition: must not be empty/],
      [`${"!".repeat(100)}true`, /^condition: nested more than 64 levels deep/],
    ];
    for (const [condition, message] of invalid) {
      const path = `/orgs/${organization.id}/sites/${site.id}`;
      const res = await api("PATCH", `${path}/site-spaces/${siteSpace.id}`, {
        token: owner.token,
        body: { condition },
      });
      expect(res.status, condition).toBe(400);
      expect(res.json.error.message, condition).toMatch(message);
      const onSection = await api("PATCH", `${path}/sections/${section.id}`, {
        token: owner.token,
        body: { condition },
      });
      expect(onSection.status, condition).toBe(400);
      expect(onSection.json.error.message, condition).toMatch(message);
    }
    // null still removes a condition.
    const removed = await gb.orgs.updateSiteSpaceById(organization.id, site.id, siteSpace.id, { condition: null });
    expect(removed.data.condition).toBeUndefined();
  });

  it("checks claims against the default schema until one is set", async () => {
    const { organization, owner, gb, site, siteSpace } = await adaptiveSite();
    const res = await api("PATCH", `/orgs/${organization.id}/sites/${site.id}/site-spaces/${siteSpace.id}`, {
      token: owner.token,
      body: { condition: "visitor.claims.isBetaUser" },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe("condition: unknown claim visitor.claims.isBetaUser");
    // A condition reading no claim is accepted.
    const ok = await gb.orgs.updateSiteSpaceById(organization.id, site.id, siteSpace.id, { condition: "true" });
    expect(ok.data.condition).toBe("true");
  });
});
