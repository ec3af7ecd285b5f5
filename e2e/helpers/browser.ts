import { type Browser, chromium, type Page } from "playwright-core";

/** Debian's Chromium (installed by `npm test`'s pretest), headless, with nothing that reaches the network itself. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** Everything a page did on the network and in its console, for the browser tests' assertions. */
export function watchPage(page: Page) {
  const seen = { requests: [] as string[], failed: [] as string[], errors: [] as string[], pending: new Set<string>() };
  page.on("request", (request) => {
    seen.requests.push(request.url());
    seen.pending.add(request.url());
  });
  page.on("requestfinished", (request) => seen.pending.delete(request.url()));
  page.on("requestfailed", (request) => seen.pending.delete(request.url()));
  page.on("requestfailed", (request) => seen.failed.push(`${request.url()}: ${request.failure()?.errorText}`));
  page.on("response", (response) => {
    if (response.status() >= 400) seen.failed.push(`${response.url()}: ${response.status()}`);
  });
  page.on("console", (message) => {
    if (message.type() === "error") seen.errors.push(message.text());
  });
  page.on("pageerror", (error) => seen.errors.push(error.message));
  return seen;
}

/** Network requests that left the server at `origin` (data: and blob: URLs never reach a network). */
export const externalRequests = (origin: string, urls: string[]) =>
  urls.filter((url) => !url.startsWith(`${origin}/`) && !/^(data|blob):/.test(url));
