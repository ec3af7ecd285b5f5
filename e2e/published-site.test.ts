// A published docs site in a real browser (Debian's Chromium, driven by playwright-core) against `wrangler dev`:
// seeded over HTTP with the official client (a space with a table, highlighted code, a hint, an uploaded image, a
// page linking to it and a nested page; a public site over it, published), then rendered, searched (with and
// without JavaScript) and checked with axe-core in light and dark mode. Nothing may leave the origin and nothing
// may be logged as an error. Screenshots land in test-results/; with UPDATE_SCREENSHOT=1 the README's
// docs/published-site.png is written too.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { GitBookAPI } from "@gitbook/api";
import axe from "axe-core";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { externalRequests, launchChromium, watchPage } from "./helpers/browser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevServer, root, startDevServer } from "./helpers/dev-server";

const RESULTS = join(root, "test-results");

const INTRO = `Welcome to the **quokka** guide: where they live, what they eat, and how to greet one.

![A quokka, smiling](./quokka)

## At a glance

| Animal | Smile | Island |
| --- | --- | --- |
| Quokka | Yes | Rottnest |
| Wombat | Rarely | Mainland |

## Greeting

\`\`\`ts
const smile: boolean = true;
function greet(name: string): string {
  return \`Hello, \${name}\`;
}
\`\`\`

{% hint style="warning" %}
Do not feed them.
{% endhint %}
`;

/** A 320×160 RGB PNG (a warm gradient), built byte by byte. */
function png(width = 320, height = 160): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const raw = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    for (let x = 0; x < width; x++) raw.set([230 - (y >> 2), 140 + (x >> 2), 90 + (y >> 1)], row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

let server: DevServer;
let origin: string;
let browser: Browser | undefined;
/** The site's root, e.g. http://127.0.0.1:8612/~site/site_… */
let siteUrl: string;
let siteBase: string;

/** Writes a batch of content changes into a new change request, merges it, and returns the created page ids. */
async function writeAndMerge(api: GitBookAPI, token: string, spaceId: string, changes: unknown[]) {
  const { data: cr } = await api.spaces.createChangeRequest(spaceId, { subject: "Seed" });
  const res = await fetch(`${origin}/v1/spaces/${spaceId}/change-requests/${cr.id}/content?compat=false`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ changes }),
  });
  if (res.status !== 200) throw new Error(`content write failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { changes: { object: string; page?: string | { id: string }; ref?: string }[] };
  await api.spaces.mergeChangeRequest(spaceId, cr.id);
  const pages = new Map<string, string>();
  for (const c of body.changes) {
    if (c.ref && c.page) pages.set(c.ref, typeof c.page === "string" ? c.page : c.page.id);
  }
  return pages;
}

async function seed() {
  const { token, organizationId } = server.bootstrap("--email", "site@example.com", "--org", "Quokka Inc");
  const api = new GitBookAPI({ endpoint: origin, authToken: token });
  const { data: space } = await api.orgs.createSpace(organizationId, { title: "Guide" });
  const first = await writeAndMerge(api, token, space.id, [
    {
      operation: "insert_files",
      files: [{ ref: "quokka", name: "quokka.png", contentType: "image/png", base64: png().toString("base64") }],
    },
    { operation: "insert_page", ref: "intro", title: "Introduction", document: { markdown: INTRO } },
  ]);
  const introId = first.get("intro")!;
  await writeAndMerge(api, token, space.id, [
    {
      operation: "insert_page",
      title: "Feeding",
      document: { markdown: `Quokkas eat leaves. Back to [the introduction](/pages/${introId}).\n` },
    },
    // Content writes create document pages only (no group pages): a parent page with a child makes the branch.
    { operation: "insert_page", ref: "habitat", title: "Habitat", document: { markdown: "Where they live.\n" } },
    { operation: "insert_page", into: "habitat", title: "Islands", document: { markdown: "Rottnest Island.\n" } },
  ]);
  const { data: site } = await api.orgs.createSite(organizationId, {
    title: "Quokka docs",
    visibility: "public",
    spaces: [space.id],
  } as never);
  await api.orgs.publishSite(organizationId, site.id);
  siteBase = `/~site/${site.id}`;
  siteUrl = `${origin}${siteBase}`;
  // Search indexes a merged revision in the background (a queue job): wait until it answers.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await fetch(`${siteUrl}/~search.json?q=quokka`);
    const items = res.ok ? ((await res.json()) as { items: unknown[] }).items : [];
    if (items.length > 0) break;
    if (Date.now() > deadline) throw new Error("the site's search never found the seeded page");
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  server = await startDevServer({
    name: "published-site",
    devArgs: ["--var", "SIGNING_SECRET:e2e-published-site-secret"],
  });
  origin = server.origin;
  [browser] = await Promise.all([launchChromium(), seed()]);
  mkdirSync(RESULTS, { recursive: true });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  server?.stop();
});

const watch = watchPage;
const external = (urls: string[]) => externalRequests(origin, urls);

async function newPage(options: BrowserContextOptions = {}) {
  const context = await browser!.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  return { page, seen: watch(page), close: () => context.close() };
}

/** WCAG 2.2 A and AA, and axe's best practices. */
const AXE_OPTIONS: axe.RunOptions = {
  resultTypes: ["violations"],
  runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
};

/** axe-core's serious and critical violations on the page as it is, as readable strings. */
async function seriousViolations(page: Page): Promise<string[]> {
  // (This file is type-checked without the DOM library: browser-side code reaches the page through globalThis.)
  if (!(await page.evaluate("typeof axe !== 'undefined'"))) await page.evaluate(axe.source);
  const results = await page.evaluate((options) => {
    const { axe: inPage, document } = globalThis as unknown as { axe: typeof axe; document: axe.ElementContext };
    return inPage.run(document, options);
  }, AXE_OPTIONS);
  expect(results.testEngine.name).toBe("axe-core");
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

describe("a published site in Chromium", () => {
  it("renders a page: navigation, table, highlighted code, hint and image, all from this server, no errors", async () => {
    const { page, seen, close } = await newPage();
    await page.goto(`${siteUrl}/introduction`, { waitUntil: "networkidle" });
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Introduction");

    // The sidebar links every page (the nested one too), and marks the current one.
    const sidebar = page.getByRole("navigation", { name: "Site" });
    // Every link, those in closed branches (<details>) too.
    const links = await sidebar.locator("a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(links).toEqual(
      expect.arrayContaining(["introduction", "feeding", "habitat", "habitat/islands"].map((p) => `${siteBase}/${p}`)),
    );
    await expect(sidebar.locator('[aria-current="page"]').getAttribute("href")).resolves.toBe(
      `${siteBase}/introduction`,
    );
    await expect(sidebar.getByRole("link", { name: "Islands" }).isVisible()).resolves.toBe(false); // closed branch

    const article = page.locator("article.markdown");
    await expect(article.getByRole("table").locator("tbody tr").count()).resolves.toBe(2);
    await expect(article.getByRole("columnheader", { name: "Smile" }).isVisible()).resolves.toBe(true);
    expect(await article.locator("pre code span[class^='hljs-']").count()).toBeGreaterThan(3);
    await expect(article.locator("pre code .hljs-keyword").first().textContent()).resolves.toBe("const");
    const hint = article.getByRole("note");
    await expect(hint.textContent()).resolves.toContain("Do not feed them.");
    await expect(hint.getAttribute("class")).resolves.toContain("hint-warning");
    const image = article.getByRole("img", { name: "A quokka, smiling" });
    await expect(image.getAttribute("src")).resolves.toMatch(new RegExp(`^${siteBase}/~files/[^/]+/[^/]+$`));
    await expect(
      image.evaluate((img) => {
        const loaded = img as unknown as { complete: boolean; naturalWidth: number };
        return loaded.complete && loaded.naturalWidth;
      }),
    ).resolves.toBe(320);

    // The stylesheet and the script came from this server and applied.
    expect(seen.requests.some((url) => /\/~site\/~assets\/site\.[0-9a-f]+\.css$/.test(url))).toBe(true);
    expect(seen.requests.some((url) => /\/~site\/~assets\/site\.[0-9a-f]+\.js$/.test(url))).toBe(true);
    await expect(page.locator("#site-search").getAttribute("role")).resolves.toBe("combobox");

    await page.screenshot({ path: join(RESULTS, "published-site-page.png"), fullPage: true });
    if (process.env.UPDATE_SCREENSHOT === "1")
      await page.screenshot({ path: join(root, "docs", "published-site.png") });

    // A link between pages works.
    await page.goto(`${siteUrl}/feeding`, { waitUntil: "networkidle" });
    await page.locator("article").getByRole("link", { name: "the introduction" }).click();
    await page.waitForURL(`${siteUrl}/introduction`);

    expect(external(seen.requests)).toEqual([]);
    expect(seen.failed).toEqual([]);
    expect(seen.errors).toEqual([]);
    await close();
  });

  it("has no serious or critical axe violations on a page and on search results, light and dark", async () => {
    // The site's CSP (script-src 'self') forbids evaluating axe's source; bypassCSP lets the test inject it.
    const { page, seen, close } = await newPage({ bypassCSP: true });
    const found: Record<string, string[]> = {};
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      for (const path of ["/introduction", "/habitat/islands", "/~search?q=quokka"]) {
        await page.goto(`${siteUrl}${path}`, { waitUntil: "networkidle" });
        found[`${colorScheme} ${path}`] = await seriousViolations(page);
      }
      // The suggestions popup, open over the results page.
      await page.locator("#site-search").fill("");
      await page.locator("#site-search").pressSequentially("wombat");
      await page.getByRole("option").first().waitFor({ state: "visible", timeout: 10_000 });
      found[`${colorScheme} search popup`] = await seriousViolations(page);
      if (colorScheme === "dark") {
        const background = await page.evaluate("getComputedStyle(document.body).backgroundColor");
        expect(background).not.toBe("rgb(255, 255, 255)"); // dark mode did apply
      }
    }
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((key) => [key, []])));
    expect(external(seen.requests)).toEqual([]);
    expect(seen.errors).toEqual([]);
    await close();
  });

  it("searches as you type (the popup, from ~search.json)", async () => {
    const { page, seen, close } = await newPage();
    await page.goto(`${siteUrl}/feeding`, { waitUntil: "networkidle" });
    await page.locator("#site-search").pressSequentially("wombat");
    const option = page.getByRole("listbox", { name: "Search suggestions" }).getByRole("option").first();
    await option.waitFor({ state: "visible", timeout: 10_000 });
    // Hits are sections of pages: "Introduction › At a glance" holds the table.
    await expect(option.locator(".search-hit-title").textContent()).resolves.toBe("Introduction › At a glance");
    await expect(option.locator("mark").textContent()).resolves.toBe("Wombat");
    await expect(page.locator("#site-search").getAttribute("aria-expanded")).resolves.toBe("true");
    await expect(page.getByRole("option").count()).resolves.toBe(1);
    expect(seen.requests).toContain(`${siteUrl}/~search.json?q=wombat`);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.waitForURL(`${siteUrl}/introduction#at-a-glance`);
    expect(external(seen.requests)).toEqual([]);
    expect(seen.failed).toEqual([]);
    expect(seen.errors).toEqual([]);
    await close();
  });

  it("without JavaScript: the page and its navigation render, and the search form lands on the results page", async () => {
    const { page, seen, close } = await newPage({ javaScriptEnabled: false });
    await page.goto(`${siteUrl}/habitat/islands`, { waitUntil: "networkidle" });
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Islands");
    const sidebar = page.getByRole("navigation", { name: "Site" });
    for (const name of ["Introduction", "Feeding", "Habitat", "Islands"]) {
      await expect(sidebar.getByRole("link", { name, exact: true }).isVisible()).resolves.toBe(true);
    }
    await expect(sidebar.locator('[aria-current="page"]').textContent()).resolves.toBe("Islands");
    // No script ran: the input is still a plain search box.
    await expect(page.locator("#site-search").getAttribute("role")).resolves.toBeNull();

    await page.locator("#site-search").fill("wombat");
    await page.locator("#site-search").press("Enter");
    await page.waitForURL(`${siteUrl}/~search?q=wombat`);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Search results for “wombat”");
    await expect(page.getByRole("status").textContent()).resolves.toBe("1 result for “wombat”.");
    const result = page.locator("ol.search-results > li");
    await expect(result.getByRole("link").getAttribute("href")).resolves.toBe(`${siteBase}/introduction#at-a-glance`);
    await expect(result.getByRole("link").textContent()).resolves.toBe("Introduction › At a glance");
    await expect(result.locator("mark").textContent()).resolves.toBe("Wombat");
    await page.screenshot({ path: join(RESULTS, "published-site-search.png"), fullPage: true });

    expect(seen.requests.filter((url) => url.endsWith(".js"))).toEqual([]);
    expect(external(seen.requests)).toEqual([]);
    expect(seen.failed).toEqual([]);
    expect(seen.errors).toEqual([]);
    await close();
  });
});
