// The signed-in page's forms as a real browser sends them (found by e2e/sso-saml-browser.test.ts): Chromium sends
// `Origin: null` with a same-origin form under `Referrer-Policy: no-referrer`, and Sec-Fetch-Site says same-origin.
import { beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, workerFetch } from "../helpers/http";
import { makeWorld, post, sessionCookie, signedAssertion, type World } from "../helpers/saml-world";

let w: World;
beforeAll(async () => {
  w = await makeWorld("Forms");
});

async function signedInCookie() {
  const { xml } = await signedAssertion(w);
  const res = await post(w, xml);
  expect(res.status).toBe(303);
  return `quire_session=${sessionCookie(res)}`;
}

const form = (cookie: string, headers: Record<string, string>) => ({
  method: "POST",
  headers: { cookie, "content-type": "application/x-www-form-urlencoded", ...headers },
  body: "label=browser",
});

describe("the signed-in page's forms", () => {
  it("are sent with a same-origin Referrer-Policy (so browsers without Sec-Fetch-Site send their Origin)", async () => {
    const cookie = await signedInCookie();
    const page = await workerFetch(`${ORIGIN}/sso/session`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get("referrer-policy")).toBe("same-origin");
    // The API and other pages keep theirs.
    expect((await workerFetch(`${ORIGIN}/reference`)).headers.get("referrer-policy")).toBe("no-referrer");
  });

  it("accept a same-origin post whose Origin is null (Sec-Fetch-Site decides), and sign out the same way", async () => {
    const cookie = await signedInCookie();
    const made = await workerFetch(
      `${ORIGIN}/sso/session/tokens`,
      form(cookie, { origin: "null", "sec-fetch-site": "same-origin" }),
    );
    expect(made.status).toBe(200);
    expect(await made.text()).toMatch(/<code id="token">[^<]+<\/code>/);
    const out = await workerFetch(`${ORIGIN}/sso/session/logout`, {
      method: "POST",
      headers: { cookie, origin: "null", "sec-fetch-site": "same-origin" },
    });
    expect(out.status).toBe(200);
    expect((await workerFetch(`${ORIGIN}/sso/session`, { headers: { cookie } })).status).toBe(401);
  });

  it("refuse what Sec-Fetch-Site calls cross-site or same-site, whatever the Origin; and a null Origin without it", async () => {
    const cookie = await signedInCookie();
    const variants: Record<string, string>[] = [
      { origin: ORIGIN, "sec-fetch-site": "cross-site" },
      { origin: ORIGIN, "sec-fetch-site": "same-site" },
      { origin: "null" },
      { origin: "https://evil.test" },
    ];
    for (const headers of variants) {
      const res = await workerFetch(`${ORIGIN}/sso/session/tokens`, form(cookie, headers));
      expect(res.status, JSON.stringify(headers)).toBe(403);
    }
    // The refusals left the session alone.
    expect((await workerFetch(`${ORIGIN}/sso/session`, { headers: { cookie } })).status).toBe(200);
  });
});
