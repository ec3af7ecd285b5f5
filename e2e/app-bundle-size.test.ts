// The app's first load stays small (issue: ≤ 150 KiB gzipped for its script): measured on the files the
// quire-static Worker serves (scripts/build-assets.mjs, run by pretest), printed so that a change shows its cost.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { root } from "./helpers/dev-server";

const MAX_SCRIPT_GZIP = 150 * 1024;
const app = join(root, "public", "_quire", "app");

function gzipped(file: string) {
  const bytes = readFileSync(join(app, file));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

describe("the app's bundle", () => {
  it("loads at most 150 KiB of gzipped script on first load, and imports nothing else", () => {
    const script = gzipped("main.js");
    const style = gzipped("main.css");
    console.log(
      `app first load: main.js ${(script.gzip / 1024).toFixed(1)} KiB gzipped (${(script.raw / 1024).toFixed(1)} KiB), ` +
        `main.css ${(style.gzip / 1024).toFixed(1)} KiB gzipped; budget ${MAX_SCRIPT_GZIP / 1024} KiB`,
    );
    expect(script.gzip).toBeLessThanOrEqual(MAX_SCRIPT_GZIP);
    // One file: no chunk loaded later, and no URL of another origin inside it.
    const source = readFileSync(join(app, "main.js"), "utf8");
    // (As code: a statement, or import(…); the word in the interface's text does not count.)
    expect(source).not.toMatch(/(^|[;\n}])\s*import\s*[{*"'\w]|\bimport\(/);
    // XML namespaces and RFC 2606 example domains (placeholders) are names, not places it loads from.
    expect(source).not.toMatch(
      /https?:\/\/(?!www\.w3\.org\/|([a-z0-9-]+\.)*example\.(com|org|net)\/)[a-z0-9.-]+\.[a-z]{2,}/i,
    );
  });
});
