// Which reference operations the app's OpenAPI document serves. It never fails for operations that are not
// served yet; it fails when one is served under a different path, verb or operationId than the reference.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createApp, openApiDocument } from "../src/app";

const root = join(import.meta.dirname, "..");
const tsv = join(root, "..", "shared", "spec", "operations.tsv");

interface Operation {
  area: string;
  method: string;
  path: string;
  operationId: string;
}

function referenceOperations(): Operation[] {
  if (existsSync(tsv)) {
    return readFileSync(tsv, "utf8")
      .trim()
      .split("\n")
      .slice(1)
      .map((line) => {
        const [area, method, path, operationId] = line.split("\t");
        return { area, method, path, operationId };
      });
  }
  // Without ../shared, fall back to the whole reference document shipped in @gitbook/api.
  const spec = JSON.parse(readFileSync(join(root, "node_modules/@gitbook/api/spec/openapi.json"), "utf8"));
  return Object.entries(spec.paths as Record<string, Record<string, { operationId: string; tags?: string[] }>>).flatMap(
    ([path, item]) =>
      Object.entries(item)
        .filter(([m]) => ["get", "post", "put", "patch", "delete"].includes(m))
        .map(([m, op]) => ({
          area: op.tags?.[0] ?? "other",
          method: m.toUpperCase(),
          path: `/v1${path}`,
          operationId: op.operationId,
        })),
  );
}

const shape = (p: string) => p.replace(/\/+$/, "").replace(/\{[^}]+\}/g, "{}") || "/";

describe("OpenAPI document against the reference operations", () => {
  const doc = openApiDocument(createApp(), "http://localhost:8787") as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  const served = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      operationId: op.operationId ?? "",
    })),
  );
  const reference = referenceOperations();

  it("serves every operation it names under the reference's path and verb", () => {
    const mismatches: string[] = [];
    for (const op of served) {
      const byId = reference.find((r) => r.operationId === op.operationId);
      if (byId && (byId.method !== op.method || shape(byId.path) !== shape(op.path))) {
        mismatches.push(`${op.operationId}: served as ${op.method} ${op.path}, reference ${byId.method} ${byId.path}`);
      }
      const byRoute = reference.find((r) => r.method === op.method && shape(r.path) === shape(op.path));
      if (byRoute && byRoute.operationId !== op.operationId) {
        mismatches.push(`${op.method} ${op.path}: operationId ${op.operationId}, reference ${byRoute.operationId}`);
      }
      if (!op.path.startsWith("/v1")) mismatches.push(`${op.operationId}: path ${op.path} is outside /v1`);
    }
    expect(mismatches).toEqual([]);
  });

  it("reports coverage by area", () => {
    const ids = new Set(served.map((o) => o.operationId));
    const areas = new Map<string, { total: number; served: number }>();
    for (const op of reference) {
      const a = areas.get(op.area) ?? { total: 0, served: 0 };
      a.total++;
      if (ids.has(op.operationId)) a.served++;
      areas.set(op.area, a);
    }
    const lines = [...areas].map(
      ([area, a]) => `${a.served === a.total ? "ok " : "   "} ${area}: ${a.served}/${a.total}`,
    );
    const total = reference.filter((r) => ids.has(r.operationId)).length;
    console.log(`${lines.join("\n")}\nreference operations served: ${total}/${reference.length}`);
    expect(total).toBeGreaterThan(0);
  });
});
