import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../src/http/app-env";
import { serveSite } from "../../src/site/router";
import { changeRequestWith } from "../helpers/content";
import { client, workerFetch } from "../helpers/http";
import { seedOrganization } from "../helpers/seed";

/*
 * The cookies that keep a visitor's share key and visitor JWT (issue 27 part 1): HttpOnly, SameSite=Strict,
 * Secure except on a local host, and scoped to the site's path (`/~site/{siteId}`, or its custom host's base).
 */

async function publishedSite(visibility: "share-link" | "visitor-auth") {
  const { organization, owner } = await seedOrganization("Cookies");
  const gb = client(owner.token);
  const { data: space } = await gb.orgs.createSpace(organization.id, { title: "Guide" });
  const { cr } = await changeRequestWith(owner.token, space.id, [
    { operation: "insert_page", title: "Introduction", document: { markdown: "Hello.\n" } },
  ]);
  await gb.spaces.mergeChangeRequest(space.id, cr.id);
  const { data: site } = await gb.orgs.createSite(organization.id, {
    title: "Private docs",
    visibility,
    spaces: [space.id],
  } as never);
  await gb.orgs.publishSite(organization.id, site.id);
  return { organization, gb, site };
}

/** The attributes of a Set-Cookie value, lower-cased names (`path`, `samesite`, `secure`, `httponly`). */
function attributes(setCookie: string) {
  const [pair, ...rest] = setCookie.split(";").map((p) => p.trim());
  const attrs = new Map<string, string>();
  for (const part of rest) {
    const [name, value = ""] = part.split("=");
    attrs.set(name!.toLowerCase(), value);
  }
  return { name: pair!.split("=")[0]!, attrs };
}

/**
 * The one cookie a visit sets: through the Worker on the API's host, or (`on`) straight through `serveSite`, as
 * src/site/hosts.ts calls it for other hosts (local ones, custom hosts rooted at their proxy's path).
 */
async function cookieOf(url: string, on?: { siteId: string; base: string }) {
  let res: Response;
  if (!on) res = await workerFetch(url, { redirect: "manual" });
  else {
    const host = new Hono<AppEnv>();
    host.get("*", (c) => serveSite(c, on.siteId, on.base));
    res = await host.request(url, {}, env);
  }
  expect(res.status, url).toBe(200);
  const cookies = res.headers.getSetCookie();
  expect(cookies).toHaveLength(1);
  return attributes(cookies[0]!);
}

describe("share-link and visitor cookies of published sites", () => {
  it("keeps a share key in a Strict, HttpOnly cookie for the site's path, Secure outside localhost", async () => {
    const { organization, gb, site } = await publishedSite("share-link");
    const { data: link } = await gb.orgs.createSiteShareLink(organization.id, site.id, { name: "Friends" });
    const key = new URL(link.urls.published!).searchParams.get("share")!;
    const path = `/~site/${site.id}`;

    const remote = await cookieOf(`https://api.quire.test${path}/?share=${key}`);
    expect(remote.name).toBe(`quire_share_${site.id}`);
    expect(remote.attrs.get("samesite")).toBe("Strict");
    expect(remote.attrs.has("httponly")).toBe(true);
    expect(remote.attrs.has("secure")).toBe(true);
    expect(remote.attrs.get("path")).toBe(path);
    // Plain http on a host that is not local still gets Secure (the browser keeps it for HTTPS only).
    expect(
      (await cookieOf(`http://docs.internal.example${path}?share=${key}`, { siteId: site.id, base: path })).attrs.has(
        "secure",
      ),
    ).toBe(true);
    // `wrangler dev` on a local host serves plain http: no Secure there, the rest unchanged.
    for (const origin of ["http://localhost:8787", "http://127.0.0.1:8787"]) {
      const local = await cookieOf(`${origin}${path}?share=${key}`, { siteId: site.id, base: path });
      expect(local.attrs.has("secure"), origin).toBe(false);
      expect(local.attrs.get("samesite")).toBe("Strict");
      expect(local.attrs.has("httponly")).toBe(true);
      expect(local.attrs.get("path")).toBe(path);
    }
  });

  it("keeps a visitor JWT the same way, and scopes both to a custom host's base path", async () => {
    const { organization, gb, site } = await publishedSite("visitor-auth");
    const { data: auth } = await gb.orgs.getSitePublishingAuthById(organization.id, site.id);
    const jwt = await new SignJWT({ plan: "pro" })
      .setProtectedHeader({ alg: "HS256" })
      .setExpirationTime("10m")
      .sign(new TextEncoder().encode(auth.privateKey));
    const visitor = await cookieOf(`https://api.quire.test/~site/${site.id}?jwt_token=${jwt}`);
    expect(visitor.name).toBe(`quire_visitor_${site.id}`);
    expect(visitor.attrs.get("samesite")).toBe("Strict");
    expect(visitor.attrs.has("httponly")).toBe(true);
    expect(visitor.attrs.has("secure")).toBe(true);
    expect(visitor.attrs.get("path")).toBe(`/~site/${site.id}`);

    // A custom host serves the site at its proxy's path (src/site/hosts.ts passes it as the base).
    const onHost = await cookieOf(`https://docs.example.com/help/?jwt_token=${jwt}`, {
      siteId: site.id,
      base: "/help",
    });
    expect(onHost.attrs.get("path")).toBe("/help");
    expect(onHost.attrs.get("samesite")).toBe("Strict");
    expect(onHost.attrs.has("secure")).toBe(true);
    expect(onHost.attrs.has("httponly")).toBe(true);
  });
});
