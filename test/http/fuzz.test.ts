import { describe, expect, it } from "vitest";
import { api, workerFetch } from "../helpers/http";
import { changeRequestWith, seedSpace } from "../helpers/content";

type Doc = { paths: Record<string, Record<string, unknown>> };

const ODD_IDS = ["x", "0", "%25", "a".repeat(300), "%F0%9F%98%80"];
const ODD_BODIES = ["{}", "[]", "null", '{"title":{"$gt":""},"limit":-1,"changes":[{}]}', '"x"'];
const ODD_QUERIES = ["", "?limit=abc&page=%%&query=", "?limit=0&format=nope&status=nope&order=sideways"];

// Every operation in the served OpenAPI document, with real ids where the path names a known resource and
// odd ones elsewhere, odd queries and odd bodies: each answers 2xx/3xx/4xx, never 500.
describe("every served operation", () => {
  it("never answers 500 to odd input", async () => {
    const { organization, owner, space } = await seedSpace();
    const { cr, pages } = await changeRequestWith(owner.token, space.id, [
      { operation: "insert_page", title: "P", document: { markdown: "# P\n" } },
    ]);
    const known: Record<string, string> = {
      organizationId: organization.id,
      spaceId: space.id,
      changeRequestId: cr.id,
      pageId: pages[0],
      userId: owner.user.id,
      revisionId: space.revision,
    };
    const doc = (await (await workerFetch("https://api.quire.test/openapi.json")).json()) as Doc;
    const failures: string[] = [];
    let calls = 0;
    for (const [template, item] of Object.entries(doc.paths)) {
      for (const method of Object.keys(item).filter((m) => ["get", "post", "put", "patch", "delete"].includes(m))) {
        if (method === "delete" && /\/(orgs|spaces|collections)\/\{[^}]+\}$/.test(template)) continue; // keep the fixtures
        for (const odd of ODD_IDS) {
          const path = template
            .replace(/^\/v1/, "")
            .replace(/\{(\w+)\}/g, (_, name: string) => (odd === "x" && known[name]) || odd);
          for (const query of ODD_QUERIES) {
            for (const body of method === "get" ? [undefined] : ODD_BODIES) {
              calls++;
              const res = await api(method.toUpperCase(), `${path}${query}`, {
                token: owner.token,
                ...(body === undefined ? {} : { body, headers: { "content-type": "application/json" } }),
              });
              if (res.status >= 500)
                failures.push(
                  `${method.toUpperCase()} ${path}${query} ${body ?? ""} → ${res.status} ${res.text.slice(0, 120)}`,
                );
            }
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 240_000);
});
