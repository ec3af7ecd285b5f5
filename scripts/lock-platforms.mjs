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
// Biome's CLI ships one optional package per platform: @biomejs/cli-<os>-<cpu>[-musl].
for (const [path, entry] of Object.entries(lock.packages)) {
  if (!path.endsWith("node_modules/@biomejs/biome")) continue;
  const prefix = path.slice(0, -"@biomejs/biome".length);
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `${prefix}${name}`;
    const match = /^@biomejs\/cli-(android|darwin|linux|win32)-(arm64|x64)(-musl)?$/.exec(name);
    if (lock.packages[key] || !match) continue;
    const [, os, cpu, musl] = match;
    lock.packages[key] = {
      version,
      cpu: [cpu],
      dev: true,
      license: "MIT OR Apache-2.0",
      optional: true,
      os: [os],
      ...(os === "linux" ? { libc: [musl ? "musl" : "glibc"] } : {}),
      engines: { node: ">=14.21.3" },
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
