// Offline preparation of a GitBook Open checkout: its `generate:assets` downloads the font files of its default
// customization from Google Fonts, which a machine that reaches only the npm registry cannot. This fills
// packages/gitbook/public/~gitbook/static/fonts from Fontsource's npm packages instead (the same Google Fonts
// files, split by the same unicode ranges), matching each face GitBook Open declares by family, style, weight
// and unicode range. Faces no given package has are left out (and would 404 if a site picked that font).
//   node scripts/gitbook-open/offline-fonts.mjs <GitBook Open checkout> <dir>/node_modules/@fontsource…/<font> …
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

const [checkout, ...packages] = process.argv.slice(2);
if (!checkout || !packages.length) {
  console.error("usage: offline-fonts.mjs <GitBook Open checkout> <fontsource package dir>…");
  process.exit(2);
}
const app = join(checkout, "packages", "gitbook");
const faces = JSON.parse(readFileSync(join(app, "src", "fonts", "generated", "faces.json"), "utf8"));
const out = join(app, "public", "~gitbook", "static", "fonts");

const range = (value) => value.toLowerCase().replace(/\s+/g, "");

/** Every @font-face of the packages' CSS files: family, style, weights, unicode range and its woff2 file. */
const available = [];
for (const pkg of packages) {
  for (const css of readdirSync(pkg).filter((f) => f.endsWith(".css"))) {
    for (const block of readFileSync(join(pkg, css), "utf8").matchAll(/@font-face\s*{([^}]*)}/g)) {
      const prop = (name) => block[1].match(new RegExp(`${name}:\\s*([^;]+);`))?.[1].trim();
      const file = prop("src")?.match(/url\(\.\/([^)]+\.woff2)\)/)?.[1];
      const [low, high = low] = (prop("font-weight") ?? "400").split(/\s+/).map(Number);
      if (!file || !prop("unicode-range")) continue;
      available.push({
        family: prop("font-family")
          .replace(/['"]/g, "")
          .replace(/ Variable$/, ""),
        style: prop("font-style") ?? "normal",
        low,
        high,
        range: range(prop("unicode-range")),
        path: join(pkg, file),
      });
    }
  }
}

let copied = 0;
let missing = 0;
for (const face of Object.values(faces)) {
  const families = available.filter((a) => a.family === face.family);
  if (!families.length) continue;
  for (const variant of face.variants) {
    for (const [i, file] of variant.files.entries()) {
      const weight = Number(variant.weight);
      const match = families.find(
        (a) =>
          a.style === variant.style && a.low <= weight && weight <= a.high && a.range === range(face.subsets[i] ?? ""),
      );
      if (!match) {
        missing++;
        continue;
      }
      mkdirSync(dirname(join(out, file)), { recursive: true });
      copyFileSync(match.path, join(out, file));
      copied++;
    }
  }
}
console.log(`offline-fonts: ${copied} font files written to ${out}, ${missing} without a match`);
process.exit(copied ? 0 : 1);
