// The shape of src/, enforced: no import cycles (type-only imports count), and imports run one way, down the
// layers: routes/site/http → presenters/wire → services → content → lib/db (ARCHITECTURE.md §2).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const src = join(import.meta.dirname, "..", "src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith(".ts") ? [path] : [];
  });
}

const SPECIFIER =
  /(?:^|[^\w.])(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|^\s*import\s*["']([^"']+)["']/gm;

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [`${base}.ts`, join(base, "index.ts"), base]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // next candidate
    }
  }
  throw new Error(`${relative(src, from)} imports ${specifier}, which does not resolve`);
}

/** Every specifier each file of src/ imports (values and types alike), comments left out. */
function specifiers(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of sourceFiles(src)) {
    const text = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
    found.set(
      file,
      [...text.matchAll(SPECIFIER)].map((match) => match[1] ?? match[2] ?? match[3]!),
    );
  }
  return found;
}

/** Every file of src/ with the src/ files it imports (values and types alike). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [file, imported] of specifiers()) {
    const targets = new Set<string>();
    for (const specifier of imported) {
      const target = resolveImport(file, specifier);
      if (target) targets.add(relative(src, target));
    }
    graph.set(relative(src, file), [...targets]);
  }
  return graph;
}

/** Strongly connected components with more than one file (or a file importing itself): Tarjan's algorithm. */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return found;
}

/** The layer of a file, by its top folder; a file may import its own layer and the ones below it. */
const LAYERS: Record<string, number> = {
  "app.ts": 5,
  "index.ts": 5,
  routes: 4,
  site: 4,
  sso: 4,
  http: 4,
  jobs: 4,
  coordination: 4,
  presenters: 3,
  wire: 3,
  services: 2,
  templates: 2,
  pdf: 2,
  content: 1,
  db: 0,
  lib: 0,
  "env.ts": 0,
  "version.ts": 0,
};
const layerOf = (file: string) => LAYERS[file.split("/")[0]!];

/**
 * The names of the components a file declares: `.openapi("Name"…)` and `listEnvelope(item, "Name")` (the
 * envelope's last argument, after its balanced item argument). Comments are left out.
 */
function namedComponents(source: string): string[] {
  const text = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
  const names = [...text.matchAll(/\.openapi\(\s*["'`]([^"'`]+)["'`]/g)].map((match) => match[1]!);
  for (const match of text.matchAll(/\blistEnvelope\(/g)) {
    let depth = 1;
    let end = match.index + match[0].length;
    for (; end < text.length && depth > 0; end++) {
      if ("([{".includes(text[end]!)) depth++;
      else if (")]}".includes(text[end]!)) depth--;
    }
    const name = /,\s*["'`]([^"'`]+)["'`]\s*,?\s*\)$/.exec(text.slice(match.index, end))?.[1];
    if (name) names.push(name);
  }
  return names;
}

describe("src/ import graph", () => {
  const graph = importGraph();

  it("every file belongs to a layer", () => {
    expect([...graph.keys()].filter((file) => layerOf(file) === undefined)).toEqual([]);
  });

  it("has no import cycles", () => {
    expect(cycles(graph)).toEqual([]);
  });

  it("imports run down the layers, never up", () => {
    const upward: string[] = [];
    for (const [file, targets] of graph) {
      for (const target of targets) {
        if (layerOf(target)! > layerOf(file)!) upward.push(`${file} → ${target}`);
      }
    }
    expect(upward.sort()).toEqual([]);
  });

  it("keeps the wire schemas (@hono/zod-openapi) in wire/, routes/ and http/", () => {
    const outside: string[] = [];
    for (const [file, imported] of specifiers()) {
      const top = relative(src, file).split("/")[0]!;
      if (imported.some((s) => s.startsWith("@hono/zod-openapi")) && !["wire", "routes", "http"].includes(top)) {
        outside.push(relative(src, file));
      }
    }
    expect(outside).toEqual([]);
  });

  it("keeps each route area to itself: shared wire components come from wire/, never another area's files", () => {
    const area = (file: string) => /^routes\/([^/]+)\//.exec(file)?.[1];
    const across: string[] = [];
    for (const [file, targets] of graph) {
      const own = area(file);
      if (own === undefined) continue;
      for (const target of targets) {
        const other = area(target);
        if (other !== undefined && other !== own) across.push(`${file} → ${target}`);
      }
    }
    expect(across.sort()).toEqual([]);
  });

  it("keeps wire/ below the routes and presenters that use it", () => {
    const up: string[] = [];
    for (const [file, targets] of graph) {
      if (!file.startsWith("wire/")) continue;
      for (const target of targets) if (/^(routes|presenters)\//.test(target)) up.push(`${file} → ${target}`);
    }
    expect(up.sort()).toEqual([]);
  });

  it("keeps the reference's named components in wire/, not in a route area's schemas", () => {
    const declared: string[] = [];
    for (const file of sourceFiles(join(src, "routes"))) {
      const path = relative(src, file);
      const area = /^routes\/([^/]+)\/(?:[\w-]+-)?schemas\.ts$/.exec(path)?.[1];
      if (area === undefined) continue;
      declared.push(...namedComponents(readFileSync(file, "utf8")).map((name) => `${path}: ${name}`));
    }
    expect(declared.sort()).toEqual([]);
  });

  it("reaches services from outside only through a domain's index.ts, and every service file is in a domain", () => {
    const around: string[] = [];
    for (const [file, targets] of graph) {
      if (file.startsWith("services/")) continue;
      for (const target of targets) {
        if (target.startsWith("services/") && !/^services\/[^/]+\/index\.ts$/.test(target)) {
          around.push(`${file} → ${target}`);
        }
      }
    }
    expect(around.sort()).toEqual([]);
    expect([...graph.keys()].filter((file) => /^services\/[^/]+$/.test(file))).toEqual([]);
  });

  // Services never import src/jobs: the layers above already forbid it (services 2, jobs 4).
  it("keeps writers from calling their subscribers: revisions, spaces and openapi import no search or integrations", () => {
    const writers = /^services\/(revisions|spaces|openapi)\//;
    const subscribers = /^services\/(search|integrations)\//;
    const found: string[] = [];
    for (const [file, targets] of graph) {
      if (!writers.test(file)) continue;
      for (const target of targets) if (subscribers.test(target)) found.push(`${file} → ${target}`);
    }
    expect(found.sort()).toEqual([]);
  });
});

/**
 * The service domains, lowest first (README "Service domains"). A domain imports only domains below it, and only
 * through their index.ts; files inside one domain import each other directly.
 */
const DOMAIN_RANK = [
  "core",
  "access",
  "revisions",
  "spaces",
  "people",
  // Sign-in (passkeys, sessions): sessions are people's tokens.
  "auth",
  "audit",
  "storage",
  "comments",
  "change-requests",
  "links",
  "search",
  "openapi",
  "sites",
  "integrations",
  "translations",
  "imports",
  "git",
  // Below published: the site's load reads the organization's agent instructions in its one batch.
  "agents",
  "published",
  "embeds",
  "insights",
  "answers",
  "sso",
];
const domainOf = (file: string) => /^services\/([^/]+)\//.exec(file)?.[1];

describe("service domains are ranked and reach each other one way, through index.ts", () => {
  const graph = importGraph();

  it("every domain has a rank", () => {
    const domains = new Set([...graph.keys()].map(domainOf).filter((d) => d !== undefined));
    expect([...domains].filter((d) => !DOMAIN_RANK.includes(d)).sort()).toEqual([]);
  });

  it("a domain imports only lower domains (no knots)", () => {
    const upward: string[] = [];
    for (const [file, targets] of graph) {
      const from = domainOf(file);
      if (from === undefined) continue;
      for (const target of targets) {
        const to = domainOf(target);
        if (to !== undefined && to !== from && DOMAIN_RANK.indexOf(to) > DOMAIN_RANK.indexOf(from)) {
          upward.push(`${file} → ${target}`);
        }
      }
    }
    expect(upward.sort()).toEqual([]);
  });

  it("a domain imports another only through its index.ts (no deep imports)", () => {
    const deep: string[] = [];
    for (const [file, targets] of graph) {
      const from = domainOf(file);
      if (from === undefined) continue;
      for (const target of targets) {
        const to = domainOf(target);
        if (to !== undefined && to !== from && target !== `services/${to}/index.ts`) deep.push(`${file} → ${target}`);
      }
    }
    expect(deep.sort()).toEqual([]);
  });
});

/**
 * Values presenters may import from services: pure, synchronous functions of a view (no I/O, no secrets), each
 * with why it lives in services (the permission and state rules there decide it, presenters only show it).
 */
const PURE_SERVICE_HELPERS: Record<string, string> = {
  permissionsObject: "access: the one permission function, evaluated on an Access the view already holds",
  commentPermissions: "access: a comment's permissions from the view's Access and author",
  toWireLevel: "access: the stored level's wire name (a mapping)",
  organizationAccess: "access: the caller's Access in an organization, from the request's caller",
  teamAccess: "people: a team's Access from the view's roles",
  isRedundant: "people: whether an invite's role adds nothing, from the view's Access",
  samlStatus: "people: a SAML provider's status from its row",
  parseIdentityProvider: "sites: a site's identity provider settings from their stored JSON (a parse)",
};
/**
 * Presenter files that are wiring rather than presenters: integration-runtime.ts hands the integrations service
 * the presenters its scripts' environments use and the token issuers (which read D1); the service calls them.
 */
const PRESENTER_WIRING = new Set(["presenters/integration-runtime.ts"]);

/**
 * Each exported `present*` function of a source (comments left out), `typed` when its signature declares a
 * return type: after its type parameters and its balanced parameter list comes `:`, not the body's `{`.
 */
function presenterSignatures(text: string): { fn: string; typed: boolean }[] {
  return [...text.matchAll(/\bexport\s+function\s+(present\w*)\s*/g)].map((match) => {
    let at = match.index + match[0].length;
    for (const open of ["<", "("]) {
      if (text[at] !== open) continue;
      let depth = 0;
      do {
        if ("<([{".includes(text[at]!)) depth++;
        else if (">)]}".includes(text[at]!) && text[at - 1] !== "=") depth--;
        at++;
      } while (depth > 0 && at < text.length);
      while (/\s/.test(text[at] ?? "")) at++;
    }
    return { fn: match[1]!, typed: text[at] === ":" };
  });
}

describe("presenters are synchronous and pure", () => {
  const files = sourceFiles(join(src, "presenters")).map((file) => ({
    name: relative(src, file),
    text: readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ""),
  }));

  it("declare no async function and await nothing (services compute what needs I/O into the view)", () => {
    const found = files.filter((f) => /\b(?:async|await)\b/.test(f.text)).map((f) => f.name);
    expect(found).toEqual([]);
  });

  it("import only types from services, besides the pure helpers listed", () => {
    const values: string[] = [];
    for (const { name, text } of files) {
      if (PRESENTER_WIRING.has(name)) continue;
      for (const m of text.matchAll(/import\s+(type\s+)?([^;]*?)\s*from\s*["']((?:\.\.\/)+services\/[^"']*)["']/g)) {
        if (m[1]) continue;
        const named = /^\{([^}]*)\}$/.exec(m[2]!.trim());
        if (!named) {
          values.push(`${name}: ${m[2]} from ${m[3]}`);
          continue;
        }
        for (const binding of named[1]!.split(",").map((b) => b.trim())) {
          if (!binding || binding.startsWith("type ")) continue;
          const imported = binding.split(/\s+as\s+/)[0]!;
          if (!(imported in PURE_SERVICE_HELPERS)) values.push(`${name}: ${imported} from ${m[3]}`);
        }
      }
    }
    expect(values.sort()).toEqual([]);
  });

  it("declare the wire type each present* function answers as its return type", () => {
    const untyped: string[] = [];
    const typed: string[] = [];
    for (const { name, text } of files) {
      for (const { fn, typed: declared } of presenterSignatures(text)) {
        (declared ? typed : untyped).push(`${name} ${fn}`);
      }
    }
    expect(untyped.sort()).toEqual([]);
    expect(typed.length).toBeGreaterThan(40);
  });
});
