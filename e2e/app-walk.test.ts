// The app as new people use it, in Chromium (Debian's, playwright-core, CDP virtual authenticators) against
// `wrangler dev`: bootstrap's link → Ada's passkey → her organization; she creates a collection and a space in it,
// and invites Bob by link as `review`; Bob joins with his own passkey. Ada opens a change request through the API
// (the editor is the next issue); Bob reviews it in the app and requests changes; Ada answers his comment and
// updates the page; Bob approves; Ada merges in the app; the page shows in the space and, once Ada has published a
// site over it in the app, on that site. Bob sees no button his role cannot use and the API's 404 for what is not
// his; Mallory, of another organization, reaches nothing of Ada's. Both sign out and their sessions are dead.
// Every page is axe-clean in light and dark, loads nothing from elsewhere, and each navigation takes ≤ 2 API round
// trips (printed).
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  axeViolations,
  type NavigationStats,
  navigationStats,
  openPerson,
  type Person,
  problems,
} from "./helpers/app-browser";
import { launchChromium } from "./helpers/browser";
import { type DevServer, startDevServer } from "./helpers/dev-server";

let server: DevServer;
let origin: string;
let browser: Browser | undefined;
let ada: Person;
let bob: Person;
let mallory: Person;
let carol: Person;
let adaToken: string;
let adaLink: string;
let malloryLink: string;
let malloryToken: string;
let organizationId: string;
let spaceId: string;
let changeRequestNumber: number;
let joinUrl: string;
const trips: NavigationStats[] = [];

const ORG_TITLE = "Lovelace Labs";
const T = { timeout: 20_000 };

async function api<T = unknown>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${origin}/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** After a navigation has settled: its round trips are within budget (and kept for the summary). */
async function withinBudget(person: Person) {
  const stats = await navigationStats(person.page);
  trips.push(stats);
  expect(stats.roundTrips, `${stats.path}: ${stats.requests} requests`).toBeLessThanOrEqual(2);
}

/** The page is axe-clean, and nothing it did failed or left this origin (but `expected` failures). */
async function clean(person: Person, expected?: RegExp) {
  expect(await axeViolations(person.page)).toEqual([]);
  expect(problems(person, origin, expected)).toEqual({ external: [], failed: [], errors: [] });
}

function fresh(person: Person) {
  person.seen.requests.length = 0;
  person.seen.failed.length = 0;
  person.seen.errors.length = 0;
}

/** A click on an in-app link: the app navigates without a page load. */
async function follow(person: Person, name: string | RegExp, url: RegExp) {
  await person.page
    .getByRole("link", { name, exact: typeof name === "string" })
    .first()
    .click();
  await person.page.waitForURL(url, T);
}

const cookieHeader = async (person: Person) =>
  (await person.context.cookies(origin)).map((c) => `${c.name}=${c.value}`).join("; ");

beforeAll(async () => {
  server = await startDevServer({ name: "app-walk" });
  origin = server.origin.replace("127.0.0.1", "localhost");
  const made = server.bootstrap(
    "--email",
    "ada@example.com",
    "--name",
    "Ada Lovelace",
    "--org",
    ORG_TITLE,
    "--origin",
    origin,
  );
  adaToken = made.token;
  adaLink = made.signInLink!;
  organizationId = made.organizationId;
  const other = server.bootstrap(
    "--email",
    "mallory@example.net",
    "--name",
    "Mallory",
    "--org",
    "Elsewhere",
    "--origin",
    origin,
  );
  malloryToken = other.token;
  malloryLink = other.signInLink!;
  browser = await launchChromium();
  [ada, bob, mallory, carol] = await Promise.all([
    openPerson(browser),
    openPerson(browser),
    openPerson(browser),
    openPerson(browser),
  ]);
}, 180_000);

afterAll(async () => {
  if (trips.length) {
    console.log("API round trips per navigation (app/api.ts):");
    for (const t of trips.filter(Boolean))
      console.log(`  ${t.roundTrips} round trip(s), ${t.requests} request(s): ${t.path}`);
  }
  await browser?.close();
  server?.stop();
});

describe("the app, walked by two people of one organization and one of another", () => {
  it("Ada opens bootstrap's link, creates her passkey and lands on her organization", async () => {
    await ada.page.goto(adaLink, { waitUntil: "networkidle" });
    await ada.page.getByRole("button", { name: "Create your passkey" }).click();
    await ada.page.waitForURL(`${origin}/o/${organizationId}`, T);
    await ada.page.getByRole("heading", { level: 1, name: ORG_TITLE }).waitFor(T);
    await withinBudget(ada);
    await clean(ada);
  });

  it("creates a collection, and a space in it, from the organization's page", async () => {
    fresh(ada);
    const { page } = ada;
    await page.getByRole("button", { name: "New collection" }).first().click();
    await page.getByLabel("Title").fill("Handbook");
    await page.getByRole("button", { name: "Create collection" }).click();
    await page.getByRole("link", { name: "Handbook", exact: true }).waitFor(T);

    await page.getByRole("button", { name: "New space" }).first().click();
    await page.getByLabel("Title").fill("Onboarding");
    await page.getByLabel("In").selectOption({ label: "Handbook" });
    await page.getByRole("button", { name: "Create space" }).click();
    await page
      .getByRole("link", { name: /Onboarding/ })
      .first()
      .waitFor(T);
    expect(await axeViolations(page)).toEqual([]);

    const spaces = await api<{ items: { id: string; title: string; parent?: string }[] }>(
      adaToken,
      "GET",
      `/orgs/${organizationId}/spaces`,
    );
    const collections = await api<{ items: { id: string; title: string }[] }>(
      adaToken,
      "GET",
      `/orgs/${organizationId}/collections`,
    );
    const space = spaces.items.find((s) => s.title === "Onboarding");
    expect(space?.parent).toBe(collections.items.find((c) => c.title === "Handbook")?.id);
    spaceId = space!.id;
    expect(problems(ada, origin)).toEqual({ external: [], failed: [], errors: [] });
  });

  it("invites Bob by link as a reviewer, from the members' page", async () => {
    fresh(ada);
    const { page } = ada;
    await follow(ada, "Members", new RegExp(`/o/${organizationId}/members$`));
    await page.getByRole("heading", { level: 1 }).waitFor(T);
    await withinBudget(ada);
    await page.getByLabel("Role for a new link").selectOption("review");
    await page.getByRole("button", { name: "Create invite link" }).click();
    const field = page.getByLabel(/^Join link, role/);
    await field.waitFor(T);
    joinUrl = await field.inputValue();
    expect(joinUrl).toMatch(new RegExp(`^${origin}/join/${organizationId}/[^/]+$`));
    await clean(ada);
  });

  it("Bob opens the link, creates his own passkey and joins as a reviewer", async () => {
    const { page } = bob;
    await page.goto(joinUrl, { waitUntil: "networkidle" });
    await page.getByLabel("Your name").fill("Bob Babbage");
    await page.getByLabel("Email").fill("bob@example.com");
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Create a passkey and join" }).click();
    await page.waitForURL(`${origin}/o/${organizationId}`, T);
    await page.getByRole("heading", { level: 1, name: ORG_TITLE }).waitFor(T);
    await page
      .getByRole("link", { name: /Onboarding/ })
      .first()
      .waitFor(T);
    // A reviewer creates no content: the buttons are not there at all.
    expect(await page.getByRole("button", { name: "New collection" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "New space" }).count()).toBe(0);
    const members = await api<{ items: { user: { displayName: string }; role: string }[] }>(
      adaToken,
      "GET",
      `/orgs/${organizationId}/members`,
    );
    expect(members.items.find((m) => m.user.displayName === "Bob Babbage")?.role).toBe("review");
    // /v1/user answered 401 once, before Bob had an account.
    await clean(bob, /\/v1\/user: 401$/);
  });

  it("Ada invites Carol by email; Carol opens the one-time link the app shows and joins with the invitation's role", async () => {
    fresh(ada);
    const { page } = ada;
    await page.getByLabel(/^Email addresses/).fill("carol@example.com");
    await page.getByLabel("Role", { exact: true }).selectOption("comment");
    await page.getByRole("button", { name: "Send invitations" }).click();
    const field = page.getByLabel("Sign-up link for carol@example.com");
    await field.waitFor(T);
    const link = await field.inputValue();
    expect(link).toMatch(new RegExp(`^${origin}/join/invitation#invitation=`));
    expect(await axeViolations(page)).toEqual([]);

    await carol.page.goto(link, { waitUntil: "networkidle" });
    await carol.page.getByLabel("Your name").fill("Carol Shaw");
    await carol.page.getByRole("button", { name: "Create a passkey and join" }).click();
    await carol.page.waitForURL(`${origin}/o/${organizationId}`, T);
    await carol.page.getByRole("heading", { level: 1, name: ORG_TITLE }).waitFor(T);
    const members = await api<{ items: { user: { displayName: string; email?: string }; role: string }[] }>(
      adaToken,
      "GET",
      `/orgs/${organizationId}/members`,
    );
    expect(members.items.find((m) => m.user.displayName === "Carol Shaw")).toMatchObject({
      role: "comment",
      user: { email: "carol@example.com" },
    });
    expect(problems(ada, origin)).toEqual({ external: [], failed: [], errors: [] });
  });

  it("Ada opens a change request through the API; Bob finds it in the app and requests changes", async () => {
    const cr = await api<{ id: string; number: number }>(adaToken, "POST", `/spaces/${spaceId}/change-requests`, {
      subject: "First week",
    });
    changeRequestNumber = cr.number;
    await api(adaToken, "POST", `/spaces/${spaceId}/change-requests/${cr.id}/content?compat=false`, {
      changes: [
        {
          operation: "insert_page",
          title: "First week",
          document: { markdown: "# First week\n\nMeet your team on Monday and set up your laptop.\n" },
        },
      ],
    });

    fresh(bob);
    const { page } = bob;
    await follow(bob, /Onboarding/, new RegExp(`/s/${spaceId}`));
    // The space's own link (the header's goes to the organization's list).
    await page
      .locator("main")
      .getByRole("link", { name: /^Change requests/ })
      .first()
      .click();
    await page.waitForURL(new RegExp(`/s/${spaceId}/~/changes$`), T);
    await withinBudget(bob);
    expect(await axeViolations(page)).toEqual([]);
    await follow(bob, /First week/, new RegExp(`/s/${spaceId}/~/changes/${changeRequestNumber}$`));
    await page.getByText("Meet your team on Monday").first().waitFor(T);
    await withinBudget(bob);
    expect(await axeViolations(page)).toEqual([]);
    // A reviewer has no merge here? Quire's `review` role may merge (CONTRACT.md §7): what the API says is shown.
    await page.getByLabel("Request changes").check();
    await page.getByLabel("Comment (optional)").fill("Please add the VPN step.");
    await page.getByRole("button", { name: "Submit review" }).click();
    await page.getByText("Please add the VPN step.").first().waitFor(T);
    const reviews = await api<{ items: { status: string; reviewer: { displayName: string } }[] }>(
      adaToken,
      "GET",
      `/spaces/${spaceId}/change-requests/${cr.id}/reviews`,
    );
    expect(reviews.items.map((r) => [r.reviewer.displayName, r.status])).toEqual([
      ["Bob Babbage", "changes-requested"],
    ]);
    expect(problems(bob, origin)).toEqual({ external: [], failed: [], errors: [] });
  });

  it("Ada answers Bob's comment in the app and updates the page; Bob approves", async () => {
    const crs = await api<{ items: { id: string; number: number }[] }>(
      adaToken,
      "GET",
      `/spaces/${spaceId}/change-requests`,
    );
    const cr = crs.items.find((c) => c.number === changeRequestNumber)!;
    const pages = await api<{ pages: { id: string; title: string }[] }>(
      adaToken,
      "GET",
      `/spaces/${spaceId}/change-requests/${cr.id}/content/pages`,
    );
    await api(adaToken, "POST", `/spaces/${spaceId}/change-requests/${cr.id}/content?compat=false`, {
      changes: [
        {
          operation: "update_page",
          page: pages.pages.find((p) => p.title === "First week")!.id,
          document: {
            markdown: "# First week\n\nMeet your team on Monday, set up your laptop and connect to the VPN.\n",
          },
        },
      ],
    });

    fresh(ada);
    await ada.page.goto(`${origin}/s/${spaceId}/~/changes/${changeRequestNumber}`, { waitUntil: "networkidle" });
    await ada.page.getByText("Please add the VPN step.").first().waitFor(T);
    await withinBudget(ada);
    const thread = ada.page.locator(".cr-conversation");
    await thread.getByRole("button", { name: "Reply" }).first().click();
    await thread.getByLabel("Reply").fill("Added it, thanks.");
    await thread.getByRole("button", { name: "Reply" }).last().click();
    await thread.getByText("Added it, thanks.").waitFor(T);
    // A comment that mentions Bob: picked from the organization's members, shown as @Bob Babbage.
    await thread.getByLabel("Add a comment").fill("Over to you ");
    await thread.getByRole("button", { name: "Mention someone" }).last().click();
    await ada.page.getByRole("dialog").getByRole("button", { name: "Bob Babbage" }).click();
    await thread.getByRole("button", { name: "Comment", exact: true }).click();
    await thread.locator(".mention", { hasText: "@Bob Babbage" }).first().waitFor(T);
    // The word-level diff shows what changed.
    await ada.page.getByText("connect to the VPN").first().waitFor(T);
    await clean(ada);

    fresh(bob);
    await bob.page.reload({ waitUntil: "networkidle" });
    // Ada's answer is in the thread under Bob's comment, folded until he opens it.
    await bob.page.getByRole("button", { name: "Show 1 reply" }).first().click();
    await bob.page.getByText("Added it, thanks.").first().waitFor(T);
    await bob.page.getByLabel("Approve").check();
    await bob.page.getByRole("button", { name: "Submit review" }).click();
    await expect
      .poll(
        async () =>
          (
            await api<{ items: { status: string }[] }>(
              adaToken,
              "GET",
              `/spaces/${spaceId}/change-requests/${cr.id}/reviews`,
            )
          ).items.map((r) => r.status),
        T,
      )
      .toContain("approved");
    await clean(bob);
  });

  it("Ada describes the change request and exports it as a PDF, from its page", async () => {
    fresh(ada);
    const { page } = ada;
    await page.reload({ waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Edit description" }).click();
    await page.getByLabel("Description", { exact: true }).fill("The first-week checklist for new people.");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.locator(".cr-description").getByText("The first-week checklist for new people.").waitFor(T);
    const described = await api<{ description?: unknown; descriptionMarkdown?: string }>(
      adaToken,
      "GET",
      `/spaces/${spaceId}/change-requests/${changeRequestNumber}?format=markdown`,
    );
    expect(described.descriptionMarkdown).toBe("The first-week checklist for new people.");
    expect(described.description).toMatchObject({ object: "document" });

    await page.getByRole("button", { name: "Export PDF" }).click();
    const download = page.getByRole("link", { name: "Download the PDF" });
    await download.waitFor({ timeout: 60_000 });
    const pdf = await fetch(new URL((await download.getAttribute("href"))!, origin));
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    await clean(ada);
  });

  it("Ada merges in the app; the page shows in the space", async () => {
    fresh(ada);
    const { page } = ada;
    await page.reload({ waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Merge", exact: true }).click();
    await page
      .locator(".badge", { hasText: /^Merged$/i })
      .first()
      .waitFor(T);
    const merged = await api<{ status: string }>(
      adaToken,
      "GET",
      `/spaces/${spaceId}/change-requests/${changeRequestNumber}`,
    );
    expect(merged.status).toBe("merged");

    await page.goto(`${origin}/s/${spaceId}`, { waitUntil: "networkidle" });
    await page.getByRole("link", { name: "First week" }).first().click();
    await page.locator("article.page-content").getByText("connect to the VPN").waitFor(T);
    await withinBudget(ada);
    await clean(ada);
  });

  it("Ada imports a markdown file into a new change request from the space, and follows the import's progress", async () => {
    fresh(ada);
    const { page } = ada;
    await page.goto(`${origin}/s/${spaceId}`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Import", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("From a file").check();
    await dialog.getByLabel("Files to import").setInputFiles({
      name: "hello.md",
      mimeType: "text/markdown",
      buffer: Buffer.from("# Getting started\n\nHello from a **file** import.\n"),
    });
    await dialog.getByRole("button", { name: "Start import" }).click();
    await dialog.getByText("Imported 1 of 1 page.").waitFor({ timeout: 60_000 });
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("link", { name: "Open the change request" }).click();
    await page.waitForURL(new RegExp(`/s/${spaceId}/~/changes/\\d+$`), T);
    await page.getByText("Hello from a").first().waitFor(T);
    expect(problems(ada, origin)).toEqual({ external: [], failed: [], errors: [] });
  });

  it("Ada finds the page by searching from the keyboard: `/`, type, arrow down, Enter", async () => {
    fresh(ada);
    const { page } = ada;
    await page.goto(`${origin}/o/${organizationId}`, { waitUntil: "networkidle" });
    // Indexing follows the merge (a queue job): search until the page is found.
    await expect
      .poll(
        async () => {
          await page.keyboard.press("Escape");
          await page.locator("main").click({ position: { x: 1, y: 1 } });
          await page.keyboard.press("/");
          const field = page.getByRole("searchbox");
          await field.waitFor(T);
          await field.fill("");
          await field.pressSequentially("VPN");
          await page
            .getByRole("status")
            .filter({ hasText: /results|No pages match/ })
            .waitFor(T);
          return page
            .getByRole("dialog")
            .getByRole("link", { name: /First week/ })
            .count();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("searchbox").press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.waitForURL(new RegExp(`/s/${spaceId}/first-week$`), T);
    await page.locator("article.page-content").getByText("connect to the VPN").waitFor(T);
    expect(problems(ada, origin)).toEqual({ external: [], failed: [], errors: [] });
  });

  it("Bob comments on the merged page; Ada answers in the space's comments", async () => {
    fresh(bob);
    await bob.page.goto(`${origin}/s/${spaceId}/~/comments`, { waitUntil: "networkidle" });
    await withinBudget(bob);
    await bob.page.getByLabel("Page").selectOption({ label: "First week" });
    await bob.page.getByLabel("Comment", { exact: true }).fill("Which VPN client do we use?");
    await bob.page.getByRole("button", { name: "Post comment" }).click();
    await bob.page.getByText("Which VPN client do we use?").first().waitFor(T);
    await clean(bob);

    fresh(ada);
    await ada.page.goto(`${origin}/s/${spaceId}/~/comments`, { waitUntil: "networkidle" });
    await ada.page.getByText("Which VPN client do we use?").first().waitFor(T);
    await ada.page.getByRole("button", { name: "Reply", exact: true }).first().click();
    await ada.page.getByLabel(/^Reply to Bob Babbage/).fill("WireGuard, see the IT page.");
    await ada.page.getByRole("button", { name: "Post reply" }).click();
    await ada.page.getByText("WireGuard, see the IT page.").first().waitFor(T);
    await clean(ada);
    const comments = await api<{ items: { id: string; replies: number }[] }>(
      adaToken,
      "GET",
      `/spaces/${spaceId}/comments`,
    );
    expect(comments.items.map((c) => c.replies)).toEqual([1]);
  });

  it("Mallory, signed in to her own organization, reaches nothing of Ada's", async () => {
    const { page } = mallory;
    await page.goto(malloryLink, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Create your passkey" }).click();
    await page.waitForURL(/\/o\/[^/]+$/, T);
    expect(await page.getByRole("option", { name: ORG_TITLE }).count()).toBe(0);
    for (const path of [
      `/o/${organizationId}`,
      `/s/${spaceId}`,
      `/s/${spaceId}/~/changes/${changeRequestNumber}`,
      `/o/${organizationId}/members`,
    ]) {
      fresh(mallory);
      await page.goto(`${origin}${path}`, { waitUntil: "networkidle" });
      const alert = page.getByRole("alert").first();
      await alert.waitFor(T).catch(async () => {
        throw new Error(`${path} shows no alert: ${await page.locator("main").textContent()}`);
      });
      expect(await alert.textContent(), path).toMatch(/\(404\)|\(403\)/);
      expect(await page.getByText("First week").count(), path).toBe(0);
      expect(await page.getByText("Onboarding").count(), path).toBe(0);
    }
  });

  it("Ada publishes a site over the space in the app; the merged page is on it", async () => {
    fresh(ada);
    const { page } = ada;
    await follow(ada, "Sites", new RegExp(`/o/${organizationId}/sites$`));
    await withinBudget(ada);
    await page.getByRole("button", { name: "New site" }).click();
    await page.getByLabel("Title").fill("Onboarding docs");
    await page.getByLabel("Visibility").selectOption("public");
    await page.getByLabel("First space").selectOption({ label: "Onboarding" });
    await page.getByRole("button", { name: "Create site" }).click();
    await page.waitForURL(new RegExp(`/o/${organizationId}/sites/[^/]+$`), T);
    await page
      .getByRole("button", { name: /^Publish/ })
      .first()
      .click();
    const live = page.getByRole("status").getByRole("link");
    await live.first().waitFor(T);
    const siteUrl = await live.first().getAttribute("href");
    expect(siteUrl).toBeTruthy();
    expect(await axeViolations(page)).toEqual([]);
    const published = await fetch(siteUrl!.replace("127.0.0.1", "localhost"));
    expect(published.status).toBe(200);
    const html = await published.text();
    expect(html).toContain("First week");
    const pageRes = await fetch(`${siteUrl!.replace(/\/$/, "")}/first-week`);
    expect(await pageRes.text()).toContain("connect to the VPN");
    expect(problems(ada, origin)).toEqual({ external: [], failed: [], errors: [] });
  });

  it("Ada opens an integration's installation from its urls.app and uninstalls it in the app", async () => {
    const name = "weather-walk";
    const integration = await api<{ urls: { app: string } }>(adaToken, "POST", `/integrations/${name}`, {
      title: "Weather",
      description: "Shows the weather",
      scopes: ["space:content:read"],
      script: "export default { async fetch() { return new Response('ok'); } };",
      organization: organizationId,
    });
    const installation = await api<{ urls: { app: string } }>(adaToken, "POST", `/integrations/${name}/installations`, {
      organization: organizationId,
    });
    fresh(ada);
    const { page } = ada;
    await page.goto(installation.urls.app.replace("127.0.0.1", "localhost"), { waitUntil: "networkidle" });
    await page.getByRole("heading", { level: 1, name: `Weather in ${ORG_TITLE}` }).waitFor(T);
    await page.getByText("space:content:read").waitFor(T);
    await withinBudget(ada);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Uninstall" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Uninstall" }).click();
    await page.getByText("Not installed in this organization.").waitFor(T);
    await follow(ada, "About Weather", new RegExp(`/integrations/${name}$`));
    expect(new URL(integration.urls.app).pathname).toBe(`/integrations/${name}`);
    await page.getByRole("heading", { level: 1, name: "Weather" }).waitFor(T);
    await clean(ada);
  });

  it("Bob gets the API's 404 for a space that is not his organization's, and no admin sections", async () => {
    const elsewhere = await api<{ id: string }>(
      malloryToken,
      "POST",
      `/orgs/${(await api<{ items: { id: string }[] }>(malloryToken, "GET", "/orgs")).items[0]!.id}/spaces`,
      {
        title: "Mallory's secrets",
      },
    );
    fresh(bob);
    await bob.page.goto(`${origin}/s/${elsewhere.id}`, { waitUntil: "networkidle" });
    const alert = bob.page.getByRole("alert").first();
    await alert.waitFor(T);
    expect(await alert.textContent()).toMatch(/\(404\)|\(403\)/);
    expect(await bob.page.getByText("Mallory's secrets").count()).toBe(0);
    expect(await axeViolations(bob.page)).toEqual([]);
  });

  it("a conflicting merge shows the API's conflicts in the app, and the change request is archived there", async () => {
    const pages = await api<{ pages: { id: string; title: string }[] }>(
      adaToken,
      "GET",
      `/spaces/${spaceId}/content/pages`,
    );
    const pageId = pages.pages.find((p) => p.title === "First week")!.id;
    const edit = async (subject: string, line: string) => {
      const cr = await api<{ id: string; number: number }>(adaToken, "POST", `/spaces/${spaceId}/change-requests`, {
        subject,
      });
      await api(adaToken, "POST", `/spaces/${spaceId}/change-requests/${cr.id}/content?compat=false`, {
        changes: [{ operation: "update_page", page: pageId, document: { markdown: `# First week\n\n${line}\n` } }],
      });
      return cr;
    };
    const first = await edit("Tuesday", "Meet your team on Tuesday.");
    const second = await edit("Wednesday", "Meet your team on Wednesday.");
    await api(adaToken, "POST", `/spaces/${spaceId}/change-requests/${first.id}/merge`);

    fresh(ada);
    const { page } = ada;
    await page.goto(`${origin}/s/${spaceId}/~/changes/${second.number}`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Merge", exact: true }).click();
    const alert = page.getByRole("alert").filter({ hasText: "First week" });
    await alert.waitFor(T);
    expect(await axeViolations(page)).toEqual([]);
    const still = await api<{ status: string }>(adaToken, "GET", `/spaces/${spaceId}/change-requests/${second.id}`);
    expect(still.status).toBe("open");

    await page.getByRole("button", { name: "Archive" }).click();
    await page
      .locator(".badge", { hasText: /^Archived$/i })
      .first()
      .waitFor(T);
    const archived = await api<{ status: string }>(adaToken, "GET", `/spaces/${spaceId}/change-requests/${second.id}`);
    expect(archived.status).toBe("archived");
    expect(problems(ada, origin)).toEqual({ external: [], failed: [], errors: [] });
  });

  it("both sign out, and their sessions no longer open the API", async () => {
    for (const person of [ada, bob]) {
      const cookies = await cookieHeader(person);
      const before = await fetch(`${origin}/v1/user`, { headers: { cookie: cookies } });
      expect(before.status).toBe(200);
      await before.text();
      await person.page.goto(`${origin}/o/${organizationId}`, { waitUntil: "networkidle" });
      await person.page.getByRole("button", { name: "Sign out" }).click();
      await person.page.waitForURL(`${origin}/sign-in`, T);
      const after = await fetch(`${origin}/v1/user`, { headers: { cookie: cookies } });
      expect(after.status).toBe(401);
      await after.text();
    }
  });
});
