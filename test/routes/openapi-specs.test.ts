import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, client, clientError } from "../helpers/http";
import { processedSpec as processed } from "../helpers/openapi-specs";
import { seedMember, seedOrganization, seedUser } from "../helpers/seed";

const origin = env.FIXTURE_ORIGIN;
const YAML_SPEC = "openapi: 3.0.3\ninfo:\n  title: Inline\n  version: 1.0.0\npaths: {}\n";
const JSON_SPEC = JSON.stringify({ openapi: "3.1.0", info: { title: "Inline JSON", version: "2" }, paths: {} });
const files = (content: { filesystem: object }) => content.filesystem as Record<string, string>;

async function setup() {
  const { organization, owner } = await seedOrganization();
  return { orgId: organization.id, gb: client(owner.token), token: owner.token };
}

describe("OpenAPI specs", () => {
  it("creates a spec from text, processes it and serves its content", async () => {
    const { orgId, gb } = await setup();
    const res = await gb.orgs.createOpenApiSpec(orgId, { slug: "petstore", source: { text: YAML_SPEC } });
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({
      object: "openapi-spec",
      slug: "petstore",
      processingState: "pending",
      visibility: "private",
      lastVersion: expect.any(String),
      permissions: { view: true, edit: true },
      urls: { location: `https://api.quire.test/v1/orgs/${orgId}/openapi/petstore` },
    });
    expect(res.data.sourceURL).toBeUndefined();

    const spec = await processed(gb, orgId, "petstore");
    expect(spec.lastProcessErrorCode).toBeUndefined();
    expect(spec.lastProcessedAt).toMatch(/Z$/);

    const content = (await gb.orgs.getLatestOpenApiSpecVersionContent(orgId, "petstore")).data;
    expect(content.filesystem).toEqual({ "openapi.yaml": YAML_SPEC });
    const latest = (await gb.orgs.getLatestOpenApiSpecVersion(orgId, "petstore")).data;
    expect(latest).toMatchObject({ object: "openapi-spec-version", id: res.data.lastVersion });
    expect(content.url).toBe(`${latest.urls.location}/content`);
    const byId = (await gb.orgs.getOpenApiSpecVersionContentById(orgId, "petstore", latest.id)).data;
    expect(byId).toEqual(content);
    expect(await env.STORAGE.get(`orgs/${orgId}/openapi/${spec.id}/${latest.id}`)).not.toBeNull();
  });

  it("creates a spec from a URL (fetched by the job) and records the source URL", async () => {
    const { orgId, gb } = await setup();
    const url = `${origin}/openapi/petstore.yaml`;
    const res = await gb.orgs.createOpenApiSpec(orgId, { slug: "from-url", source: { url } });
    expect(res.data.sourceURL).toBe(url);
    const spec = await processed(gb, orgId, "from-url");
    expect(spec.lastProcessErrorCode).toBeUndefined();
    const content = (await gb.orgs.getLatestOpenApiSpecVersionContent(orgId, "from-url")).data;
    expect(content.url).toBe(url);
    expect(files(content)["openapi.yaml"]).toContain("title: Petstore");
    expect((await gb.orgs.getLatestOpenApiSpecVersion(orgId, "from-url")).data.url).toBe(url);

    await gb.orgs.createOpenApiSpec(orgId, { slug: "swagger", source: { url: `${origin}/openapi/legacy.json` } });
    expect((await processed(gb, orgId, "swagger")).lastProcessErrorCode).toBeUndefined();
    expect(Object.keys((await gb.orgs.getLatestOpenApiSpecVersionContent(orgId, "swagger")).data.filesystem)).toEqual([
      "openapi.json",
    ]);
  });

  it("records PARSE_ERROR and FETCH_ERROR, and then has no content to serve", async () => {
    const { orgId, gb } = await setup();
    await gb.orgs.createOpenApiSpec(orgId, {
      slug: "not-a-spec",
      source: { url: `${origin}/openapi/not-a-spec.yaml` },
    });
    await gb.orgs.createOpenApiSpec(orgId, { slug: "bad-text", source: { text: "{ not json" } });
    await gb.orgs.createOpenApiSpec(orgId, { slug: "missing", source: { url: `${origin}/openapi/nowhere.yaml` } });
    await gb.orgs.createOpenApiSpec(orgId, { slug: "private", source: { url: "http://10.0.0.1/spec.yaml" } });
    expect((await processed(gb, orgId, "not-a-spec")).lastProcessErrorCode).toBe("PARSE_ERROR");
    expect((await processed(gb, orgId, "bad-text")).lastProcessErrorCode).toBe("PARSE_ERROR");
    expect((await processed(gb, orgId, "missing")).lastProcessErrorCode).toBe("FETCH_ERROR");
    expect((await processed(gb, orgId, "private")).lastProcessErrorCode).toBe("FETCH_ERROR");
    const err = await clientError(gb.orgs.getLatestOpenApiSpecVersionContent(orgId, "missing"));
    expect(err.code).toBe(404);
    expect(err.errorMessage).toContain("FETCH_ERROR");
  });

  it("PUT creates (201) then adds versions (200); versions are listed newest first with keyset pages", async () => {
    const { orgId, gb } = await setup();
    const created = await gb.orgs.createOrUpdateOpenApiSpecBySlug(orgId, "multi", { source: { text: YAML_SPEC } });
    expect(created.status).toBe(201);
    await processed(gb, orgId, "multi");
    const updated = await gb.orgs.createOrUpdateOpenApiSpecBySlug(orgId, "multi", { source: { text: JSON_SPEC } });
    expect(updated.status).toBe(200);
    expect(updated.data.id).toBe(created.data.id);
    expect(updated.data.lastVersion).not.toBe(created.data.lastVersion);
    const third = await gb.orgs.createOrUpdateOpenApiSpecBySlug(orgId, "multi", {
      source: { text: YAML_SPEC.replace("Inline", "Third") },
    });
    await processed(gb, orgId, "multi");

    const all = (await gb.orgs.listOpenApiSpecVersions(orgId, "multi")).data;
    expect(all.count).toBe(3);
    expect(all.items.map((v) => v.id)).toEqual([
      third.data.lastVersion,
      updated.data.lastVersion,
      created.data.lastVersion,
    ]);
    const first = (await gb.orgs.listOpenApiSpecVersions(orgId, "multi", { limit: 2 })).data;
    expect(first.items.map((v) => v.id)).toEqual(all.items.slice(0, 2).map((v) => v.id));
    const second = (await gb.orgs.listOpenApiSpecVersions(orgId, "multi", { limit: 2, page: first.next!.page })).data;
    expect(second.items.map((v) => v.id)).toEqual([created.data.lastVersion]);
    expect(second.next).toBeUndefined();

    expect((await gb.orgs.getLatestOpenApiSpecVersion(orgId, "multi")).data.id).toBe(third.data.lastVersion);
    expect(files((await gb.orgs.getLatestOpenApiSpecVersionContent(orgId, "multi")).data)["openapi.yaml"]).toContain(
      "Third",
    );
    const older = (await gb.orgs.getOpenApiSpecVersionContentById(orgId, "multi", updated.data.lastVersion!)).data;
    expect(older.filesystem).toEqual({ "openapi.json": JSON_SPEC });
    expect((await clientError(gb.orgs.getOpenApiSpecVersionById(orgId, "multi", "nope"))).code).toBe(404);
  });

  it("lists specs, updates visibility, deletes a spec with its versions and stored texts (204 either way)", async () => {
    const { orgId, gb } = await setup();
    await gb.orgs.createOpenApiSpec(orgId, { slug: "b-spec", source: { text: YAML_SPEC } });
    const a = (await gb.orgs.createOpenApiSpec(orgId, { slug: "a-spec", source: { text: JSON_SPEC } })).data;
    const list = (await gb.orgs.listOpenApiSpecs(orgId)).data;
    expect(list.count).toBe(2);
    expect(list.items.map((s) => s.slug)).toEqual(["a-spec", "b-spec"]);

    const patched = await gb.orgs.updateOpenApiSpecBySlug(orgId, "a-spec", { visibility: "public" as never });
    expect(patched.data.visibility).toBe("public");

    await processed(gb, orgId, "a-spec");
    expect((await env.STORAGE.list({ prefix: `orgs/${orgId}/openapi/${a.id}/` })).objects).toHaveLength(1);
    expect((await gb.orgs.deleteOpenApiSpecBySlug(orgId, "a-spec")).status).toBe(204);
    expect((await env.STORAGE.list({ prefix: `orgs/${orgId}/openapi/${a.id}/` })).objects).toHaveLength(0);
    expect((await clientError(gb.orgs.getOpenApiSpecBySlug(orgId, "a-spec"))).code).toBe(404);
    expect((await clientError(gb.orgs.listOpenApiSpecVersions(orgId, "a-spec"))).code).toBe(404);
    expect((await gb.orgs.deleteOpenApiSpecBySlug(orgId, "a-spec")).status).toBe(204);
    // The slug is free again.
    expect((await gb.orgs.createOpenApiSpec(orgId, { slug: "a-spec", source: { text: YAML_SPEC } })).status).toBe(201);
  });

  it("validates slugs and sources (400) and refuses a duplicate slug (409)", async () => {
    const { orgId, gb, token } = await setup();
    for (const slug of ["Bad", "a--b", "-a", "a_b", "", "x".repeat(101)]) {
      const err = await clientError(gb.orgs.createOpenApiSpec(orgId, { slug, source: { text: YAML_SPEC } }));
      expect(err.code).toBe(400);
      expect(err.errorMessage).toContain("slug");
    }
    expect(
      (await clientError(gb.orgs.createOrUpdateOpenApiSpecBySlug(orgId, "Not_Ok", { source: { text: YAML_SPEC } })))
        .code,
    ).toBe(400);
    for (const body of [
      { slug: "ok" },
      { slug: "ok", source: {} },
      { slug: "ok", source: { text: "" } },
      { slug: "ok", source: { url: "ftp://x/y" } },
      { slug: "ok", source: { url: "not a url" } },
      "[]",
      "{",
    ]) {
      expect((await api("POST", `/orgs/${orgId}/openapi`, { token, body })).status).toBe(400);
    }
    expect((await api("PATCH", `/orgs/${orgId}/openapi/ok`, { token, body: { visibility: "everyone" } })).status).toBe(
      400,
    );
    expect((await api("GET", `/orgs/${orgId}/openapi?limit=5000`, { token })).status).toBe(400);
    expect((await api("GET", `/orgs/${orgId}/openapi?page=%%%`, { token })).status).toBe(400);

    await gb.orgs.createOpenApiSpec(orgId, { slug: "dup", source: { text: YAML_SPEC } });
    const dup = await clientError(gb.orgs.createOpenApiSpec(orgId, { slug: "dup", source: { text: JSON_SPEC } }));
    expect(dup.code).toBe(409);
    // The same slug in another organization is fine.
    const other = await setup();
    expect(
      (await other.gb.orgs.createOpenApiSpec(other.orgId, { slug: "dup", source: { text: YAML_SPEC } })).status,
    ).toBe(201);
  });

  it("a read member reads but cannot write (403); a non-member sees nothing (404); no token is 401", async () => {
    const { orgId, gb } = await setup();
    await gb.orgs.createOpenApiSpec(orgId, { slug: "shared", source: { text: YAML_SPEC } });
    await processed(gb, orgId, "shared");
    const reader = client((await seedMember(orgId, "read")).token);
    const spec = (await reader.orgs.getOpenApiSpecBySlug(orgId, "shared")).data;
    expect(spec.permissions).toEqual({ view: true, edit: false });
    expect((await reader.orgs.listOpenApiSpecs(orgId)).data.count).toBe(1);
    expect((await reader.orgs.getLatestOpenApiSpecVersionContent(orgId, "shared")).data.filesystem).toBeDefined();
    for (const call of [
      () => reader.orgs.createOpenApiSpec(orgId, { slug: "mine", source: { text: YAML_SPEC } }),
      () => reader.orgs.createOrUpdateOpenApiSpecBySlug(orgId, "shared", { source: { text: YAML_SPEC } }),
      () => reader.orgs.updateOpenApiSpecBySlug(orgId, "shared", { visibility: "public" as never }),
      () => reader.orgs.deleteOpenApiSpecBySlug(orgId, "shared"),
    ]) {
      expect((await clientError(call())).code).toBe(403);
    }
    const creator = client((await seedMember(orgId, "create")).token);
    expect((await creator.orgs.createOpenApiSpec(orgId, { slug: "mine", source: { text: YAML_SPEC } })).status).toBe(
      201,
    );

    const stranger = client((await seedUser("stranger")).token);
    expect((await clientError(stranger.orgs.getOpenApiSpecBySlug(orgId, "shared"))).code).toBe(404);
    expect((await clientError(stranger.orgs.listOpenApiSpecs(orgId))).code).toBe(404);
    expect(
      (await clientError(stranger.orgs.createOpenApiSpec(orgId, { slug: "x", source: { text: YAML_SPEC } }))).code,
    ).toBe(404);
    expect((await clientError(stranger.orgs.deleteOpenApiSpecBySlug(orgId, "shared"))).code).toBe(404);
    expect((await clientError(client().orgs.getOpenApiSpecBySlug(orgId, "shared"))).code).toBe(401);
    expect((await api("POST", `/orgs/${orgId}/openapi`, { body: { slug: "x", source: { text: "a" } } })).status).toBe(
      401,
    );
  });

  it("never answers 500 to odd input", async () => {
    const { orgId, token } = await setup();
    const odd = ["%E0%A4%A", "..", "a".repeat(300), "latest", "versions"];
    for (const slug of odd) {
      for (const path of [
        `/${slug}`,
        `/${slug}/versions`,
        `/${slug}/versions/latest/content`,
        `/${slug}/versions/${slug}/content`,
      ]) {
        const res = await api("GET", `/orgs/${orgId}/openapi${path}`, { token });
        expect(res.status, path).toBeLessThan(500);
      }
    }
    const weird = [
      { slug: "ok", source: { text: "x", url: `${origin}/openapi/petstore.yaml` } },
      { slug: 1, source: { text: 2 } },
      { slug: "ok", source: [] },
    ];
    for (const body of weird) {
      expect((await api("POST", `/orgs/${orgId}/openapi`, { token, body })).status).toBeLessThan(500);
    }
    const yamlBomb =
      "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n";
    const res = await api("PUT", `/orgs/${orgId}/openapi/bomb`, { token, body: { source: { text: yamlBomb } } });
    expect(res.status).toBe(201);
    const gb = client(token);
    expect((await processed(gb, orgId, "bomb")).lastProcessErrorCode).toBe("PARSE_ERROR");
  });
});
