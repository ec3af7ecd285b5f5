// Bundles the Worker into dist/worker/ with code splitting: what src/ loads with a dynamic `import()` (PDF,
// Git, docx and web imports, OpenAPI parsing, the integration loop guard, highlighting) becomes a module of its own
// beside index.js, evaluated on first use instead of at every isolate's start. wrangler's own bundler cannot split
// (it inlines every `import()`), so wrangler.toml runs this as its [build] command and uploads dist/worker as is
// (`no_bundle`, each .js an ES module). The options mirror wrangler's bundler (target, conditions, NODE_ENV,
// keep_names off); the one Node.js shim Quire's packages need (`require("buffer")`) is the same as wrangler's.
// Usage: node scripts/build-worker.mjs [--metafile <path>]
import { rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const outdir = join(root, "dist", "worker");
const NODE_BUILTINS = /^(node:.+|buffer|util|events|stream|crypto|path|assert|string_decoder|async_hooks)$/;

/** A CommonJS `require("buffer")` becomes an ES import of workerd's module, as wrangler's nodejs_compat does. */
const requireBuiltins = {
  name: "require-node-builtins",
  setup(b) {
    b.onResolve({ filter: NODE_BUILTINS }, (args) =>
      args.kind === "require-call"
        ? { path: args.path, namespace: "node-builtin" }
        : { path: args.path, external: true },
    );
    b.onLoad({ filter: /.*/, namespace: "node-builtin" }, (args) => ({
      contents: `import lib from ${JSON.stringify(args.path)};\nmodule.exports = lib;`,
      loader: "js",
    }));
  },
};

rmSync(outdir, { recursive: true, force: true });
const nodeEnv = JSON.stringify(process.env.NODE_ENV || "production");
const result = await build({
  absWorkingDir: root,
  entryPoints: { index: "src/index.ts" },
  bundle: true,
  splitting: true,
  format: "esm",
  outdir,
  chunkNames: "chunks/[name]-[hash]",
  target: "es2024",
  supported: { "import-source": true, using: true },
  conditions: ["workerd", "worker", "browser"],
  external: ["cloudflare:*"],
  define: {
    "process.env.NODE_ENV": nodeEnv,
    "global.process.env.NODE_ENV": nodeEnv,
    "globalThis.process.env.NODE_ENV": nodeEnv,
    // wrangler runs this build with WRANGLER_COMMAND=dev under `wrangler dev`: only then does the Worker answer
    // `/__scheduled` (src/jobs/dev-triggers.ts), which wrangler's own middleware would for a bundle it made.
    QUIRE_WRANGLER_DEV: JSON.stringify(process.env.WRANGLER_COMMAND === "dev"),
  },
  loader: { ".js": "jsx", ".mjs": "jsx", ".cjs": "jsx" },
  keepNames: false,
  sourcemap: true,
  metafile: true,
  logLevel: "warning",
  plugins: [requireBuiltins],
});
const metafileAt = process.argv.indexOf("--metafile");
if (metafileAt > 0) writeFileSync(process.argv[metafileAt + 1], JSON.stringify(result.metafile));
