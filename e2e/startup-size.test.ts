// What an isolate's start evaluates, measured on what `wrangler deploy` would upload: the main module and the
// modules it imports statically stay within 1 MiB gzipped; PDF, Git, the HTML importer's parser and acorn are
// modules of their own, loaded on first use (scripts/build-worker.mjs, README "Development").
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain JavaScript script, without declarations
import { startupSize } from "../scripts/startup-size.mjs";
import { root } from "./helpers/dev-server";

interface StartupSize {
  gzip: number;
  packages: string[];
  lazy: string[];
}

const MAX_STARTUP_GZIP = 1024 * 1024;
/** Packages that no request but the one that needs them should pay for. */
const LAZY_PACKAGES = ["pdf-lib", "@pdf-lib/fontkit", "isomorphic-git", "pako", "acorn", "parse5"];

let outdir: string;
let size: StartupSize;

beforeAll(() => {
  outdir = mkdtempSync(join(tmpdir(), "quire-startup-"));
  const out = spawnSync(join(root, "node_modules", ".bin", "wrangler"), ["deploy", "--dry-run", "--outdir", outdir], {
    cwd: root,
    encoding: "utf8",
  });
  if (out.status !== 0) throw new Error(`wrangler deploy --dry-run failed:\n${out.stdout}\n${out.stderr}`);
  size = startupSize(outdir);
});

afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe("the Worker's startup modules", () => {
  it("are at most 1 MiB gzipped", () => {
    expect(size.gzip).toBeLessThanOrEqual(MAX_STARTUP_GZIP);
  });

  it("leave PDF, Git, the HTML parser and acorn to modules loaded on first use", () => {
    expect(size.packages.filter((name) => LAZY_PACKAGES.includes(name))).toEqual([]);
    expect(size.lazy.length).toBeGreaterThanOrEqual(4);
  });

  it("leave out wrangler dev's scheduled trigger (src/jobs/dev-triggers.ts; its route is folded to `if (false)`)", () => {
    const files = readdirSync(outdir, { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".js"));
    expect(files.length).toBeGreaterThan(1);
    expect(files.filter((name) => readFileSync(join(outdir, name), "utf8").includes("Ran scheduled event"))).toEqual(
      [],
    );
  });
});
