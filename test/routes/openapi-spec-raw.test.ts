import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { currentClient, expectCurrentShape } from "../helpers/current-client";
import { api, clientError } from "../helpers/http";
import { processedSpec as processed } from "../helpers/openapi-specs";
import { seedMember, seedOrganization } from "../helpers/seed";

const origin = env.FIXTURE_ORIGIN;
// Odd spacing and key order: the raw text comes back byte for byte, not re-serialized.
const JSON_TEXT = '  {"paths": {},   "openapi": "3.1.0",\n "info": {"version": "2", "title": "Raw"}}\n';
const YAML_TEXT = "# comment kept\nopenapi: 3.0.3\ninfo:\n  title: Raw YAML   \n  version: 1.0.0\npaths: {}\n";

async function setup() {
  const { organization, owner } = await seedOrganization();
  return { orgId: organization.id, gb: currentClient(owner.token), token: owner.token };
}

describe("getLatestOpenAPISpecVersionContentRaw (0.202)", () => {
  it("answers the latest version's stored text exactly, with its format", async () => {
    const { orgId, gb } = await setup();
    await gb.orgs.createOpenApiSpec(orgId, { slug: "raw", source: { text: YAML_TEXT } });
    await processed(gb, orgId, "raw");
    const yaml = await gb.orgs.getLatestOpenApiSpecVersionContentRaw(orgId, "raw");
    expect(yaml.status).toBe(200);
    expectCurrentShape("OpenAPISpecRawContent", yaml.data);
    expect(yaml.data).toEqual({ text: YAML_TEXT, format: "yaml" });

    // A new version is the latest one: its text, in JSON.
    await gb.orgs.createOrUpdateOpenApiSpecBySlug(orgId, "raw", { source: { text: JSON_TEXT } });
    await processed(gb, orgId, "raw");
    const json = await gb.orgs.getLatestOpenApiSpecVersionContentRaw(orgId, "raw");
    expectCurrentShape("OpenAPISpecRawContent", json.data);
    expect(json.data).toEqual({ text: JSON_TEXT, format: "json" });
  });

  it("answers the text fetched from a URL source, and 404 when its fetch failed", async () => {
    const { orgId, gb } = await setup();
    await gb.orgs.createOpenApiSpec(orgId, { slug: "fetched", source: { url: `${origin}/openapi/legacy.json` } });
    await processed(gb, orgId, "fetched");
    const raw = (await gb.orgs.getLatestOpenApiSpecVersionContentRaw(orgId, "fetched")).data;
    const content = (await gb.orgs.getLatestOpenApiSpecVersionContent(orgId, "fetched")).data;
    expect(raw).toEqual({ text: (content.filesystem as Record<string, string>)["openapi.json"], format: "json" });

    await gb.orgs.createOpenApiSpec(orgId, { slug: "gone", source: { url: `${origin}/openapi/missing.json` } });
    const spec = await processed(gb, orgId, "gone");
    expect(spec.lastProcessErrorCode).toBe("FETCH_ERROR");
    const error = await clientError(gb.orgs.getLatestOpenApiSpecVersionContentRaw(orgId, "gone"));
    expect(error).toMatchObject({ code: 404 });
    expect(error.message).toMatch(/has not been fetched \(FETCH_ERROR\)/);
  });

  it("answers the submitted text even when it did not parse as a spec", async () => {
    const { orgId, gb } = await setup();
    await gb.orgs.createOpenApiSpec(orgId, { slug: "broken", source: { text: "just: words\n" } });
    expect((await processed(gb, orgId, "broken")).lastProcessErrorCode).toBe("PARSE_ERROR");
    expect((await gb.orgs.getLatestOpenApiSpecVersionContentRaw(orgId, "broken")).data).toEqual({
      text: "just: words\n",
      format: "yaml",
    });
  });

  it("answers 400 for a bad slug, 401 without a token, 404 for an unknown spec and across organizations", async () => {
    const { orgId, gb, token } = await setup();
    await gb.orgs.createOpenApiSpec(orgId, { slug: "mine", source: { text: YAML_TEXT } });
    const path = (slug: string) => `/orgs/${orgId}/openapi/${slug}/versions/latest/content/raw`;
    const long = await api("GET", path("x".repeat(101)), { token });
    expect(long.status).toBe(400);
    expect(long.json.error).toMatchObject({ code: 400, message: expect.stringMatching(/^path\.specSlug: /) });
    expect((await api("GET", path("mine"))).status).toBe(401);
    expect((await api("GET", path("nope"), { token })).json.error.code).toBe(404);
    const outsider = (await seedOrganization("Other")).owner;
    const across = await api("GET", path("mine"), { token: outsider.token });
    expect(across.status).toBe(404);
    expect(across.json.error.code).toBe(404);
    // A reader of the organization reads it.
    const reader = await seedMember(orgId, "read");
    expect((await api("GET", path("mine"), { token: reader.token })).status).toBe(200);
  });
});
