// A person at a browser for the app's tests: their own Chromium context (cookies), a CDP virtual authenticator
// (a platform passkey that verifies the user without a prompt), what the page did on the network, and axe-core.
import axe from "axe-core";
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import { externalRequests, watchPage } from "./browser";

export interface Person {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  authenticatorId: string;
  seen: ReturnType<typeof watchPage>;
}

/**
 * A platform authenticator that keeps discoverable credentials and verifies the user without a prompt (CDP's
 * virtual authenticator); answers its id.
 */
export async function addPlatformAuthenticator(cdp: CDPSession): Promise<string> {
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return authenticatorId;
}

export async function openPerson(browser: Browser): Promise<Person> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const seen = watchPage(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const authenticatorId = await addPlatformAuthenticator(cdp);
  return { context, page, cdp, authenticatorId, seen };
}

/** WCAG 2.2 A and AA, and axe's best practices. */
const AXE_OPTIONS: axe.RunOptions = {
  resultTypes: ["violations"],
  runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
};

/** axe-core's violations on the page as it is, in light and in dark mode, as readable strings. */
export async function axeViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    // Evaluated through CDP, which the page's CSP does not govern (this file has no DOM library: globalThis).
    if (!(await page.evaluate("typeof axe !== 'undefined'"))) await page.evaluate(axe.source);
    const results = await page.evaluate((options) => {
      const { axe: inPage, document } = globalThis as unknown as { axe: typeof axe; document: axe.ElementContext };
      return inPage.run(document, options);
    }, AXE_OPTIONS);
    for (const v of results.violations)
      found.push(
        `${colorScheme}: ${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
      );
  }
  await page.emulateMedia({ colorScheme: null });
  return found;
}

/** Requests that left `origin`, failed responses other than `expected` statuses, and page errors. */
export function problems(person: Person, origin: string, expected: RegExp = /$^/) {
  return {
    external: externalRequests(origin, person.seen.requests),
    failed: person.seen.failed.filter((line) => !expected.test(line)),
    errors: person.seen.errors.filter(
      (e) => !/^Failed to load resource: the server responded with a status of 4\d\d/.test(e),
    ),
  };
}

export interface NavigationStats {
  path: string;
  requests: number;
  roundTrips: number;
}

/** What the app counted for its current navigation (app/api.ts), once its requests have settled. */
export async function navigationStats(page: Page): Promise<NavigationStats> {
  await page.waitForLoadState("networkidle");
  return (await page.evaluate("globalThis.__quireNavigation")) as NavigationStats;
}
