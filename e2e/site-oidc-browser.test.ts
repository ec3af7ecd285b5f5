// A visitor signs in to a visitor-auth site through an OpenID provider in a real browser (Debian's Chromium, driven
// by playwright-core) against `wrangler dev`: the fixture provider (test/fixture-server/oidc-provider.ts) runs in
// this Node process on `localhost` (another site than the Worker's 127.0.0.1), with its login page; the visitor
// lands back on the page they asked for and sees what their plan claim allows.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { GitBookAPI } from "@gitbook/api";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOidcProvider } from "../test/fixture-server/oidc-provider";
import { launchChromium } from "./helpers/browser";
import { type DevServer, startDevServer } from "./helpers/dev-server";

let server: DevServer;
let idp: Server;
let issuer: string;
let origin: string;
let browser: Browser | undefined;
let siteUrl: string;

async function writeAndMerge(api: GitBookAPI, token: string, spaceId: string, title: string, markdown: string) {
  const { data: cr } = await api.spaces.createChangeRequest(spaceId, { subject: "Seed" });
  const res = await fetch(`${origin}/v1/spaces/${spaceId}/change-requests/${cr.id}/content?compat=false`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ changes: [{ operation: "insert_page", title, document: { markdown } }] }),
  });
  if (res.status !== 200) throw new Error(`content write failed: ${res.status} ${await res.text()}`);
  await api.spaces.mergeChangeRequest(spaceId, cr.id);
}

/** A visitor-auth site: section Guide for everyone, section Pro only when `visitor.claims.plan == "pro"`. */
async function seed() {
  const { token, organizationId } = server.bootstrap("--email", "oidc@example.com", "--org", "Wombat Inc");
  const api = new GitBookAPI({ endpoint: origin, authToken: token });
  const { data: guide } = await api.orgs.createSpace(organizationId, { title: "Guide" });
  const { data: pro } = await api.orgs.createSpace(organizationId, { title: "Pro" });
  await writeAndMerge(api, token, guide.id, "Wombat care", "Wombats dig burrows.\n");
  await writeAndMerge(api, token, pro.id, "Pro tips", "Quokkapro secrets for paying visitors.\n");
  const { data: site } = await api.orgs.createSite(organizationId, {
    title: "Docs",
    visibility: "visitor-auth",
  } as never);
  const { data: guideSection } = await api.orgs.addSectionToSite(organizationId, site.id, {
    spaceId: guide.id,
  } as never);
  const { data: proSection } = await api.orgs.addSectionToSite(organizationId, site.id, { spaceId: pro.id } as never);
  await api.orgs.updateSiteAdaptiveSchema(organizationId, site.id, {
    jsonSchema: {
      type: "object",
      properties: { plan: { type: "string", enum: ["free", "pro"], description: "The visitor's plan" } },
      additionalProperties: false,
    },
  } as never);
  await api.orgs.updateSiteSectionById(organizationId, site.id, proSection.id, {
    condition: 'visitor.claims.plan == "pro"',
  });
  await api.orgs.updateSiteById(organizationId, site.id, {
    adaptiveContent: { enabled: true },
    defaultSiteSection: guideSection.id,
  } as never);
  await api.orgs.publishSite(organizationId, site.id);
  siteUrl = `${origin}/~site/${site.id}`;
  const clientId = "quire-e2e";
  const secret = "e2e-client-secret-0123456789";
  await fetch(`${issuer}/clients`, {
    method: "POST",
    body: JSON.stringify({ client_id: clientId, client_secret: secret, redirect_uris: [`${siteUrl}/~auth/callback`] }),
  });
  const res = await fetch(`${origin}/v1/orgs/${organizationId}/sites/${site.id}/publishing/auth`, {
    method: "PATCH",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({
      backend: "custom",
      identityProvider: { type: "oidc", issuer, clientId, clientSecret: secret, claims: { plan: "plan" } },
    }),
  });
  if (res.status !== 200) throw new Error(`configuring the provider failed: ${res.status} ${await res.text()}`);
}

beforeAll(async () => {
  const provider = await createOidcProvider();
  idp = createServer((req, res) => {
    void provider.handle(req, res, new URL(req.url ?? "/", "http://idp"));
  });
  // Every address (127.0.0.1 and ::1), so that `localhost` reaches it however it resolves.
  await new Promise<void>((resolve) => idp.listen(0, resolve));
  issuer = `http://localhost:${(idp.address() as AddressInfo).port}/oidc`;
  server = await startDevServer({
    name: "site-oidc",
    devArgs: ["--var", "SIGNING_SECRET:e2e-site-oidc-secret", "--var", "ALLOW_LOOPBACK_FETCH:true"],
  });
  origin = server.origin;
  [browser] = await Promise.all([launchChromium(), seed()]);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  server?.stop();
  await new Promise((resolve) => idp?.close(resolve));
});

/** A fresh browser signs in with `plan` on the provider's login page; answers the page it lands on. */
async function signIn(plan: "free" | "pro") {
  const context = await browser!.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(`${siteUrl}/`);
  // Sent to the provider's login page (another site).
  await page.waitForURL((url) => url.toString().startsWith(`${issuer}/authorize`));
  await page.getByLabel("Email").fill(`${plan}@example.com`);
  await page.getByLabel("Plan").selectOption(plan);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Back on the site, on the page first asked for.
  await page.waitForURL(`${siteUrl}/`, { timeout: 30_000 });
  return { page, context, errors };
}

describe("a visitor-auth site behind an OpenID provider, in Chromium", () => {
  it("a visitor on the pro plan signs in at the provider and lands on the site with the pro section", async () => {
    const { page, context, errors } = await signIn("pro");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Wombat care");
    const cookies = await context.cookies(siteUrl);
    const visitor = cookies.find((c) => c.name.startsWith("quire_visitor_"));
    expect(visitor?.httpOnly).toBe(true);
    expect(visitor?.sameSite).toBe("Strict");
    // The provider's `plan` claim shows the Pro section.
    const llms = await page.goto(`${siteUrl}/llms.txt`);
    expect(await llms!.text()).toContain("Pro tips");
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("a visitor on the free plan does not see the pro section", async () => {
    const { page, context } = await signIn("free");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Wombat care");
    const llms = await page.goto(`${siteUrl}/llms.txt`);
    const text = await llms!.text();
    expect(text).toContain("Wombat care");
    expect(text).not.toContain("Pro tips");
    await context.close();
  }, 60_000);
});
