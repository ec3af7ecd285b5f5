// GitBook Open (GitbookIO/gitbook's packages/gitbook) in `next dev`, pointed at Quire. In development it serves
// sites as http://localhost:3000/url/<host>/<path> and its own origin is fixed to localhost:3000 (its
// GITBOOK_URL), so the port is not ours to choose.
import { spawn } from "node:child_process";
import { existsSync, openSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { portTaken, waitFor } from "./process.mjs";

export const GITBOOK_OPEN_ORIGIN = "http://localhost:3000";

/** What is missing from the checkout at `dir` for a run (README, "GitBook Open on Quire"), or null. */
export function checkoutProblem(dir) {
  const app = join(dir, "packages", "gitbook");
  if (!existsSync(join(app, "package.json"))) return `${dir} is no GitBook Open checkout (no packages/gitbook)`;
  if (!existsSync(join(dir, "node_modules", "next", "package.json")))
    return `${dir} is not installed (no node_modules/next): run its Bun's \`bun install\``;
  if (!existsSync(join(dir, "packages", "icons", "dist")))
    return `${dir}'s workspace packages are not built: run \`bun x turbo run build --filter='gitbook^...'\``;
  if (!existsSync(join(app, "public", "~gitbook", "static", "icons", "svgs", "regular")))
    return `${dir}'s static assets are not generated (no public/~gitbook/static/icons/svgs/regular)`;
  return null;
}

/** Starts `next dev` in the checkout; stdout and stderr go to `log`. Resolves once it answers. */
export async function startGitBookOpen({ dir, apiUrl, log }) {
  if (await portTaken(3000)) throw new Error("port 3000 is taken: GitBook Open's dev server needs it");
  const app = join(dir, "packages", "gitbook");
  const child = spawn(join(dir, "node_modules", ".bin", "next"), ["dev", "--webpack", "--port", "3000"], {
    cwd: app,
    env: {
      ...process.env,
      GITBOOK_API_URL: apiUrl,
      NEXT_TELEMETRY_DISABLED: "1",
      // Whatever the caller's shell says: next dev is development.
      NODE_ENV: "development",
    },
    stdio: ["ignore", openSync(log, "w"), openSync(log, "a")],
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
  };
  try {
    await waitFor(
      `GitBook Open (next dev, log ${log})`,
      120_000,
      async () => {
        await fetch(`${GITBOOK_OPEN_ORIGIN}/~gitbook/static/icons/sprites/custom-icons.svg`);
        return true;
      },
      child,
    );
  } catch (error) {
    stop();
    throw error;
  }
  return {
    stop,
    /** GitBook Open's own output so far (its server errors are lines starting with ⨯). */
    output: () => readFileSync(log, "utf8"),
  };
}
