// A fresh local Quire for the GitBook Open run: a temporary --persist-to directory with the migrations applied and
// `wrangler dev` on a free port, with the vars a custom host needs locally (PUBLIC_API_URL so custom hosts are
// served, a loopback DNS-over-HTTPS resolver the SSRF guard lets through only with ALLOW_LOOPBACK_FETCH).
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, openSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, waitFor } from "./process.mjs";

export const root = join(import.meta.dirname, "..", "..");

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stderr}\n${result.stdout}`);
  return result.stdout;
}

/** Starts Quire; `vars` are more `--var NAME:value` pairs. Resolves once `/v1/` answers. */
export async function startQuire({ vars = {}, log }) {
  const persist = mkdtempSync(join(tmpdir(), "quire-gitbook-open-"));
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persist]);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const allVars = { PUBLIC_API_URL: origin, SIGNING_SECRET: "gitbook-open-e2e-signing-secret", ...vars };
  const varArgs = Object.entries(allVars).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  const child = spawn(
    "wrangler",
    ["dev", "-c", "wrangler.toml", "-c", "wrangler.static.toml", "--port", String(port), "--ip", "127.0.0.1"].concat([
      "--persist-to",
      persist,
      ...varArgs,
    ]),
    { cwd: root, stdio: ["ignore", openSync(log, "w"), openSync(log, "a")], detached: true },
  );
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
    rmSync(persist, { recursive: true, force: true });
  };
  try {
    await waitFor(`Quire (wrangler dev, log ${log})`, 180_000, async () => (await fetch(`${origin}/v1/`)).ok, child);
  } catch (error) {
    stop();
    throw error;
  }
  return {
    origin,
    stop,
    /** `npm run bootstrap -- --json …` against this deployment's D1: an owner token. */
    bootstrap: (...args) =>
      JSON.parse(
        run("tsx", ["scripts/bootstrap.ts", "--persist-to", persist, "--json", ...args])
          .trim()
          .split("\n")
          .pop(),
      ),
  };
}
