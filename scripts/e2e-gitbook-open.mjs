// npm run e2e:gitbook-open: GitBook Open (GitBook's own published-docs renderer, unmodified) renders a site
// published on Quire. Starts a fresh local Quire, seeds it over HTTP (a space with a root page, a nested page, a
// table and a code block; a public site on the custom host docs.example.test/help, its DNS proven through a
// loopback DNS-over-HTTPS resolver), starts GitBook Open in `next dev` pointed at Quire (GITBOOK_API_URL), and
// checks in Chromium that the pages, a page's .md, llms.txt, sitemap.xml and a missing page render as they
// should with no console error. Needs GITBOOK_OPEN_DIR, a prepared checkout (README, "GitBook Open on Quire").
// Not part of `npm test`: it needs that checkout, Bun and a few minutes of compiling.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launchChromium } from "../e2e/helpers/browser.ts";
import { CHECKS } from "./gitbook-open/checks.mjs";
import { startDoh } from "./gitbook-open/doh.mjs";
import { checkoutProblem, GITBOOK_OPEN_ORIGIN, startGitBookOpen } from "./gitbook-open/gitbook-open.mjs";
import { startQuire } from "./gitbook-open/quire.mjs";
import { PROXY, seed } from "./gitbook-open/seed.mjs";

/**
 * Console errors that are GitBook Open's own in development, whatever the API answers: next-themes 0.4.6 renders
 * an inline <script>, which React 19.2 reports when the provider mounts on the client (as on a not-found render).
 * Upstream: pacocoursey/next-themes#385, #397.
 */
const KNOWN_DEV_ERRORS = [/^Encountered a script tag while rendering React component\./];

/** next dev compiles each route on its first request: a first view may take minutes on a busy machine. */
const VIEW_TIMEOUT_MS = 300_000;

const dir = process.env.GITBOOK_OPEN_DIR;
if (!dir) {
  console.error(
    'e2e:gitbook-open: set GITBOOK_OPEN_DIR to a prepared GitBook Open checkout (README, "GitBook Open on Quire")',
  );
  process.exit(2);
}
const problem = checkoutProblem(dir);
if (problem) {
  console.error(`e2e:gitbook-open: ${problem} (README, "GitBook Open on Quire")`);
  process.exit(2);
}

const logs = mkdtempSync(join(tmpdir(), "quire-gitbook-open-logs-"));
const stops = [];
let stopping = false;
function stopAll() {
  if (stopping) return;
  stopping = true;
  for (const stop of stops.reverse()) {
    try {
      stop();
    } catch {}
  }
}
process.on("exit", stopAll);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    console.error(`\ne2e:gitbook-open: ${signal}, stopping the servers`);
    stopAll();
    process.exit(130);
  });
}

const url = (path) => `${GITBOOK_OPEN_ORIGIN}/url/${PROXY}${path ? `/${path}` : ""}`;

/** GitBook Open's server errors (its `⨯ …` lines; the stack under each is in its log) logged since `from` characters. */
function serverErrors(output, from) {
  return output
    .slice(from)
    .split("\n")
    .filter((line) => line.startsWith("⨯"))
    .map((line) => `server: ${line.slice(1).trim()}`);
}

/** One check in a fresh browser context: status, content, and nothing going wrong on the way. */
async function runCheck(browser, gitbookOpen, check) {
  const target = url(check.path);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const tab = await context.newPage();
  const problems = [];
  tab.on("console", (message) => {
    if (message.type() !== "error") return;
    // Chromium logs every failed load as "Failed to load resource" without saying which: the response and
    // requestfailed listeners below report each with its URL (and leave out the 404 check's own document).
    if (message.text().startsWith("Failed to load resource:")) return;
    if (KNOWN_DEV_ERRORS.some((known) => known.test(message.text()))) return;
    problems.push(`console: ${message.text()}`);
  });
  tab.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  tab.on("response", (response) => {
    if (response.status() >= 400 && response.url() !== target) problems.push(`${response.status()} ${response.url()}`);
  });
  tab.on("requestfailed", (request) => {
    // Navigation and Next.js prefetches abort requests on purpose.
    const failure = request.failure()?.errorText ?? "";
    if (!failure.includes("ERR_ABORTED")) problems.push(`failed ${request.url()}: ${failure}`);
  });
  const logFrom = gitbookOpen.output().length;
  try {
    if (check.kind === "text") {
      // Plain text and XML: what the browser would download, read with the context's own request client.
      const response = await context.request.get(target, { timeout: VIEW_TIMEOUT_MS });
      if (response.status() !== check.status) problems.push(`HTTP ${response.status()}, expected ${check.status}`);
      else problems.push(...[await check.verify(tab, await response.text())].filter(Boolean));
    } else {
      const response = await tab.goto(target, { waitUntil: "load", timeout: VIEW_TIMEOUT_MS });
      if (!response) throw new Error("no response");
      if (response.status() !== check.status) problems.unshift(`HTTP ${response.status()}, expected ${check.status}`);
      // Let the client hydrate and fetch what it fetches, so its errors show.
      await tab.waitForLoadState("networkidle", { timeout: 15_000 }).catch(() => {});
      const wrong = await check.verify(tab, await response.text());
      if (wrong) problems.push(wrong);
    }
  } catch (error) {
    problems.push(`error: ${error instanceof Error ? error.message : error}`);
  } finally {
    await context.close();
  }
  problems.push(...serverErrors(gitbookOpen.output(), logFrom));
  // First lines only (stack traces follow), each once.
  return { target, problems: [...new Set(problems.map((p) => p.split("\n")[0].slice(0, 300)))] };
}

async function main() {
  const started = Date.now();
  const dnsRecords = new Map();
  const doh = await startDoh(dnsRecords);
  stops.push(doh.stop);
  console.log("starting Quire (wrangler dev, fresh D1)…");
  const quire = await startQuire({
    vars: { DNS_RESOLVER_URL: doh.url, ALLOW_LOOPBACK_FETCH: "true" },
    log: join(logs, "quire.log"),
  });
  stops.push(quire.stop);
  const owner = quire.bootstrap("--email", "owner@example.test", "--org", "Quokka Inc");
  const seeded = await seed({ origin: quire.origin, owner, dnsRecords });
  console.log(`Quire at ${quire.origin}: site ${seeded.siteId} published at ${seeded.publishedUrl}`);

  console.log(`starting GitBook Open (next dev in ${dir})…`);
  const gitbookOpen = await startGitBookOpen({ dir, apiUrl: quire.origin, log: join(logs, "gitbook-open.log") });
  stops.push(gitbookOpen.stop);

  // next dev compiles a route on its first request; a first request that races a compilation can fail for
  // reasons of the dev server's own. Each URL is requested once, unchecked, before the browser's checked view.
  console.log("warming up GitBook Open's routes (first compilation)…");
  for (const check of CHECKS) {
    await fetch(url(check.path), { signal: AbortSignal.timeout(VIEW_TIMEOUT_MS) }).catch(() => {});
  }

  const browser = await launchChromium();
  stops.push(() => browser.close());
  let failed = 0;
  for (const check of CHECKS) {
    const { target, problems } = await runCheck(browser, gitbookOpen, check);
    if (problems.length) failed++;
    console.log(`${problems.length ? "FAIL" : "PASS"} ${check.name} (${target})`);
    for (const p of problems.slice(0, 8)) console.log(`     ${p}`);
    if (problems.length > 8) console.log(`     … and ${problems.length - 8} more`);
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`\n${CHECKS.length - failed} passed, ${failed} failed (${seconds} s). Logs: ${logs}`);
  return failed ? 1 : 0;
}

main().then(
  (code) => {
    stopAll();
    process.exit(code);
  },
  (error) => {
    console.error(`e2e:gitbook-open: ${error instanceof Error ? error.message : error}`);
    console.error(`Logs: ${logs}`);
    stopAll();
    process.exit(1);
  },
);
