// What an isolate's start evaluates: the Worker's main module and every module it imports statically, gzipped
// (modules reached only through a dynamic `import()` load on first use). Reads a built Worker directory, as
// `wrangler deploy --dry-run --outdir <dir>` writes it; e2e/startup-size.test.ts holds it to 1 MiB.
// Usage: node scripts/startup-size.mjs <dir>
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { gzipSync } from "node:zlib";

const STATIC_IMPORT = /^(?:import|export)\s(?:[^;'"]*?\sfrom\s*)?"(\.{1,2}\/[^"]+)"/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*"(\.{1,2}\/[^"]+)"\s*\)/g;
/** esbuild's non-minified output names each bundled file in a comment: `// node_modules/pdf-lib/es/index.js`. */
const PACKAGE_COMMENT = /^\/\/ (?:.*\/)?node_modules\/((?:@[^/]+\/)?[^/]+)\//gm;

/**
 * The startup modules of the Worker built in `dir` (main module `index.js`): their names, raw and gzipped bytes
 * (each module gzipped on its own, as it is stored), the npm packages bundled into them, and the modules loaded
 * only on first use.
 */
export function startupSize(dir) {
  const startup = new Map();
  const lazy = new Set();
  const visit = (file) => {
    if (startup.has(file)) return;
    const text = readFileSync(file);
    startup.set(file, { raw: text.length, gzip: gzipSync(text).length, source: text.toString("utf8") });
    const source = startup.get(file).source;
    for (const [, path] of source.matchAll(STATIC_IMPORT)) visit(join(dirname(file), path));
    for (const [, path] of source.matchAll(DYNAMIC_IMPORT)) lazy.add(join(dirname(file), path));
  };
  visit(join(dir, "index.js"));
  const packages = new Set();
  for (const { source } of startup.values())
    for (const [, name] of source.matchAll(PACKAGE_COMMENT)) packages.add(name);
  const modules = [...startup].map(([file, { raw, gzip }]) => ({ name: relative(dir, file), raw, gzip }));
  return {
    modules,
    raw: modules.reduce((n, m) => n + m.raw, 0),
    gzip: modules.reduce((n, m) => n + m.gzip, 0),
    packages: [...packages].sort(),
    lazy: [...lazy].filter((file) => existsSync(file) && !startup.has(file)).map((file) => relative(dir, file)),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir) throw new Error("usage: node scripts/startup-size.mjs <dir written by wrangler deploy --dry-run --outdir>");
  const size = startupSize(dir);
  const mib = (bytes) => `${(bytes / 1048576).toFixed(2)} MiB`;
  for (const m of size.modules)
    console.log(`${m.name.padEnd(32)} ${mib(m.raw).padStart(10)} ${mib(m.gzip).padStart(10)} gz`);
  console.log(`startup: ${mib(size.raw)}, ${mib(size.gzip)} gzipped, in ${size.modules.length} modules`);
  console.log(`loaded on first use: ${size.lazy.join(", ") || "nothing"}`);
}
