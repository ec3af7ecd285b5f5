import { readFileSync, writeFileSync } from "node:fs";
const file = process.argv[2];
const lock = JSON.parse(readFileSync(file, "utf8"));
const platforms = {
  "workerd-darwin-64": ["darwin", "x64"],
  "workerd-darwin-arm64": ["darwin", "arm64"],
  "workerd-windows-64": ["win32", "x64"],
};
let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  if (!path.endsWith("node_modules/workerd")) continue;
  const prefix = path.slice(0, -"workerd".length);
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const short = name.replace("@cloudflare/", "");
    const key = `${prefix}${name}`;
    if (lock.packages[key] || !platforms[short]) continue;
    const [os, cpu] = platforms[short];
    lock.packages[key] = {
      version,
      cpu: [cpu],
      dev: true,
      license: "Apache-2.0",
      optional: true,
      os: [os],
      engines: { node: ">=16" },
    };
    added++;
  }
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : 1)),
);
lock.packages = sorted;
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} entries`);
