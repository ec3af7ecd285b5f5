// One local deployment for a Node-side test: a fresh --persist-to directory with the D1 migrations applied and
// `wrangler dev` on a free-looking port, plus the commands the README's set-up path runs against it.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const root = join(import.meta.dirname, "..", "..");

/** How long `wrangler dev` may take to answer on a loaded 2-core machine. */
const START_TIMEOUT_MS = 150_000;

export interface DevServerOptions {
  /** Names the temporary state directory. */
  name: string;
  /**
   * Quire alone, as a plain `wrangler dev` runs it. Default: with its static files' Worker (wrangler.static.toml)
   * and `--test-scheduled`, as `npm start` runs it.
   */
  plain?: boolean;
  /** More `wrangler dev` arguments (e.g. `--var`, `--env-file`). */
  devArgs?: string[] | ((persist: string) => string[]);
  /** The environment of every child process (default: this process's). */
  env?: NodeJS.ProcessEnv;
  /** A path that answers 2xx once the Worker is up. */
  readyPath?: string;
  /**
   * How the fresh D1 gets its schema: `apply` runs `wrangler d1 migrations apply` as the README's set-up does
   * (half a minute on 2 cores); `copy` (the default) copies a state directory migrated once for these migrations.
   */
  migrate?: "apply" | "copy";
}

export interface DevServer {
  origin: string;
  persist: string;
  /** Runs a command in the project; throws with its output when it fails; returns stdout. */
  run(command: string, args: string[]): string;
  /** `npm run bootstrap -- --json …` against this deployment's local D1. */
  bootstrap(...args: string[]): { token: string; userId: string; organizationId: string; signInLink?: string };
  stop(): void;
}

/**
 * A local state directory with every migration applied, made once per set of migrations (keyed by their
 * contents, so an edited or added migration makes a new one) and copied by each test file that needs a fresh D1.
 * Made under a temporary name and renamed into place, so a half-made template is never used.
 */
function migratedTemplate(run: (command: string, args: string[]) => string): string {
  const dir = join(root, "migrations");
  const hash = createHash("sha256");
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    hash.update(file).update(readFileSync(join(dir, file)));
  }
  const template = join(tmpdir(), `quire-e2e-d1-${hash.digest("hex").slice(0, 16)}`);
  if (existsSync(template)) return template;
  const making = mkdtempSync(`${template}-making-`);
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", making]);
  try {
    renameSync(making, template);
  } catch {
    // Another run made it first: theirs is as good.
    rmSync(making, { recursive: true, force: true });
  }
  return template;
}

export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const persist = mkdtempSync(join(tmpdir(), `quire-e2e-${options.name}-`));
  const port = 8600 + Math.floor(Math.random() * 190);
  const origin = `http://127.0.0.1:${port}`;
  const run = (command: string, args: string[]) => {
    const result = spawnSync(command, args, { cwd: root, encoding: "utf8", env: options.env ?? process.env });
    if (result.status !== 0)
      throw new Error(`${command} ${args.join(" ")} failed:\n${result.stderr}\n${result.stdout}`);
    return result.stdout;
  };
  if (options.migrate === "apply")
    run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persist]);
  else cpSync(migratedTemplate(run), persist, { recursive: true });
  // wrangler dev's output, kept after the run for a failure's post-mortem.
  const logFile = join(tmpdir(), `quire-e2e-${options.name}.log`);
  const extra = typeof options.devArgs === "function" ? options.devArgs(persist) : (options.devArgs ?? []);
  const dev: ChildProcess = spawn(
    "wrangler",
    [
      "dev",
      ...(options.plain ? [] : ["-c", "wrangler.toml", "-c", "wrangler.static.toml", "--test-scheduled"]),
      ...["--port", String(port), "--ip", "127.0.0.1", "--persist-to", persist, ...extra],
    ],
    {
      cwd: root,
      env: options.env ?? process.env,
      stdio: ["ignore", openSync(logFile, "w"), openSync(logFile, "a")],
    },
  );
  // A test file that ends (or times out in its hook) before calling stop() must not leave the server running.
  const killOnExit = () => dev.kill("SIGTERM");
  process.once("exit", killOnExit);
  const stop = () => {
    process.off("exit", killOnExit);
    dev.kill("SIGTERM");
    rmSync(persist, { recursive: true, force: true });
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const up = await fetch(`${origin}${options.readyPath ?? "/v1/"}`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      stop();
      throw new Error(`wrangler dev did not start; its output is in ${logFile}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    origin,
    persist,
    run,
    bootstrap: (...args) =>
      JSON.parse(
        run("tsx", ["scripts/bootstrap.ts", "--persist-to", persist, "--json", ...args])
          .trim()
          .split("\n")
          .pop()!,
      ),
    stop,
  };
}
