import { describe, expect, it } from "vitest";
import { markdownToDocument } from "../../src/content/markdown";
import { parseOpenAPI } from "../../src/content/openapi-model";
import { openapiDocumentMarkdown, openapiPages } from "../../src/content/openapi-pages";
import { PETS_SPEC } from "../fixtures/openapi-pets";

describe("OpenAPI pages (pure generation)", () => {
  it("one page per tag in the document's order, plus models; deterministic", () => {
    const model = parseOpenAPI(JSON.stringify(PETS_SPEC))!;
    const pages = openapiPages(model, { models: true });
    expect(pages.map((p) => [p.key, p.slug])).toEqual([
      ["operations:pets", "pets"],
      ["operations:stores", "stores"],
      ["models", "models"],
    ]);
    expect(openapiPages(parseOpenAPI(JSON.stringify(PETS_SPEC))!, { models: true })).toEqual(pages);
    const pets = pages[0].markdown;
    expect(pets).toContain("## GET /pets/{petId}");
    expect(pets).toContain("| `petId` | path | string | yes |  |");
    // The response schema's references are inlined; the example is built from the schema.
    expect(pets).toContain('"id": 7');
    expect(markdownToDocument(pets).nodes.length).toBeGreaterThan(5);
  });

  it("YAML, Swagger 2.0 bodies, untagged operations and self-referencing schemas", () => {
    const yaml = `swagger: "2.0"
info: { title: Old, version: "1" }
paths:
  /nodes:
    post:
      parameters:
        - { name: body, in: body, schema: { $ref: "#/definitions/Node" } }
      responses:
        "200": { description: OK, schema: { $ref: "#/definitions/Node" } }
definitions:
  Node:
    type: object
    properties:
      children: { type: array, items: { $ref: "#/definitions/Node" } }
`;
    const model = parseOpenAPI(yaml)!;
    const [page] = openapiPages(model, { models: false });
    expect(page.title).toBe("default");
    expect(page.markdown).toContain("### Request body");
    expect(page.markdown).toContain('"$ref": "#/definitions/Node"');
    expect(openapiDocumentMarkdown(model, { doc: "models" })).toContain("## Node");
    expect(openapiDocumentMarkdown(model, { doc: "operations", page: "missing" })).toBeUndefined();
  });

  it("refuses what is not an OpenAPI document", () => {
    expect(parseOpenAPI("{ not json")).toBeUndefined();
    expect(parseOpenAPI("just: yaml")).toBeUndefined();
    expect(parseOpenAPI(JSON.stringify({ openapi: "3.1.0", info: {}, paths: { "/x": 5 } }))).toMatchObject({
      tags: [],
    });
  });
});
