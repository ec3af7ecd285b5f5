import { describe, expect, it } from "vitest";
import * as registry from "../../src/lib/isolate-caches";
import { type Bound, type CacheDeclaration, isolateCaches } from "../../src/lib/isolate-caches";
import readme from "../../README.md?raw";

/** Every module of src/, as text, by its path under src/. */
const sources = Object.fromEntries(
  Object.entries(import.meta.glob("../../src/**/*.ts", { query: "?raw", import: "default", eager: true })).map(
    ([path, text]) => [path.replace(/^(\.\.\/)+src\//, ""), text],
  ),
);

/**
 * Declarations at a module's top level that keep state across requests: a `let`, or a `const` holding a new
 * empty Map, WeakMap, Set or WeakSet, or any LRU, memo or cache object. Constant tables (`new Set([...])`) are not.
 */
const STATE =
  /^(?:export\s+)?(?:let\s+([\w$]+)|const\s+([\w$]+)\s*(?::[^=]+)?=\s*new\s+(?:(?:Weak)?(?:Map|Set)\s*(?:<[^;]*?>)?\s*\(\s*\)|\w*(?:Lru|LRU|Memo|Cache)\w*\b))/gm;

function moduleState(text: string): string[] {
  return [...text.matchAll(STATE)].map((m) => m[1] ?? m[2]!);
}

/** Module-level state that is not a cache, with why. Anything else found belongs in src/lib/isolate-caches.ts. */
const NOT_CACHES: Record<string, string> = {
  "services/published/recent-sites.ts generation": "the invalidation counter of the recentSites cache",
  "services/search/rankings.ts pages": "the page count bounding the searchRankings cache",
  "services/revisions/snapshot-cache.ts cachedBytes": "the byte count bounding the snapshots cache",
  "services/sites/site-adaptive.ts metaValidator": "a JSON Schema meta-schema compiled once: a constant",
  "content/store.ts emptyHash": "the hash of the constant empty node, computed once: a constant",
  "services/integrations/runtime/wrapper.ts ticks": "inside the source text of an integration's wrapper script",
  "services/insights/events.ts waiting":
    "served events not yet written (at most INSIGHTS_FLUSH_MS), written by the request that queued the first",
  "services/sso/xmldsig.ts ready": "whether xml-core was given xmldom's parser (once per isolate): a setup flag",
  "http/audit.ts catalogue":
    "the audited operations, filled once as the route modules load (defineRoute) and never after: a constant",
};

const REGISTRY_FILES = ["lib/isolate-caches.ts", "lib/lru.ts"];

describe("isolate caches (src/lib/isolate-caches.ts)", () => {
  const exported = Object.entries(registry as Record<string, unknown>).filter(
    (entry): entry is [string, CacheDeclaration & { store: unknown }] =>
      typeof entry[1] === "object" && entry[1] !== null && "store" in entry[1],
  );

  it("declares each cache with a name, a bound, a key, what invalidates it and the module that uses it", () => {
    expect(isolateCaches.length).toBeGreaterThan(20);
    for (const cache of isolateCaches) {
      expect(cache.name.trim(), JSON.stringify(cache)).not.toBe("");
      expect(cache.key.trim(), cache.name).not.toBe("");
      expect(cache.invalidatedBy.trim(), cache.name).not.toBe("");
      const bound = cache.bound as { entries?: number; bytes?: number; by?: string };
      const limit = bound.entries ?? bound.bytes;
      if (limit !== undefined) expect(Number.isInteger(limit) && limit > 0, cache.name).toBe(true);
      else expect(bound.by?.trim(), cache.name).toBeTruthy();
      expect(sources[cache.usedBy], `${cache.name}: ${cache.usedBy}`).toBeDefined();
    }
    expect(new Set(isolateCaches.map((c) => c.name)).size).toBe(isolateCaches.length);
  });

  it("exports every declared cache, and its user imports it from the registry", () => {
    expect(exported.map(([, cache]) => cache).sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      [...isolateCaches].sort((a, b) => a.name.localeCompare(b.name)),
    );
    for (const [name, cache] of exported) {
      const user = sources[cache.usedBy]!;
      const imports = new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from "\\.{1,2}/(\\.\\./)*lib/isolate-caches"`);
      const namespace = /import \* as (\w+) from "\.{1,2}\/(\.\.\/)*lib\/isolate-caches"/.exec(user);
      const used = imports.test(user) || (namespace !== null && user.includes(`${namespace[1]}.${name}`));
      expect(used, `${cache.usedBy} imports ${name} from the registry`).toBe(true);
    }
  });

  it("finds module-level state in a module's text", () => {
    const text = [
      "const known = new Map<string, { a: number }>();",
      "export const seen = new WeakMap<object, string>();",
      "const bodies = new ByteLru<string>(1024, (b) => b.length);",
      "let last: string | undefined;",
      'const COLORS = new Set(["red"]);',
      "function f() {\n  const local = new Map();\n}",
    ].join("\n");
    expect(moduleState(text)).toEqual(["known", "seen", "bodies", "last"]);
  });

  it("is the only place in src/ that declares module-level state, short of the constants and counters listed", () => {
    const found = Object.entries(sources)
      .filter(([path]) => !REGISTRY_FILES.includes(path))
      .flatMap(([path, text]) => moduleState(text).map((name) => `${path} ${name}`));
    expect(found.filter((at) => !(at in NOT_CACHES)).sort()).toEqual([]);
    expect(Object.keys(NOT_CACHES).filter((at) => !found.includes(at))).toEqual([]);
  });

  it("is the README's table, row for row (Content, change requests and merges)", () => {
    const bound = (b: Bound) =>
      "entries" in b
        ? `${b.entries.toLocaleString("en-US")} ${b.entries === 1 ? "value" : "entries"}${b.also ? `; ${b.also}` : ""}`
        : "bytes" in b
          ? `${b.bytes / 1024 / 1024} MB`
          : b.by;
    const rows = readme.split("\n").filter((line) => /^ {2}\| .* \| `[^`]+` \|$/.test(line));
    expect(rows).toEqual(
      isolateCaches.map((c) => `  | ${c.name} | ${bound(c.bound)} | ${c.key} | ${c.invalidatedBy} | \`${c.usedBy}\` |`),
    );
  });
});
