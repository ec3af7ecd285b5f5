import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { discover, verifyIdToken } from "../../src/services/sso/oidc";

const ISSUER = `${env.FIXTURE_ORIGIN}/oidc`;
const SECRET = "fixture-client-secret-keys";
const CALLBACK = "https://rp.example/callback";
const HOUR = 3600_000;

const b64url = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/** An ID token from the fixture provider, through its code flow (PKCE S256), bent as `idToken` asks. */
async function idTokenFrom(clientId: string, idToken: Record<string, unknown>) {
  const verifier = b64url(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = b64url(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  const authorize = new URL(`${ISSUER}/authorize`);
  for (const [name, value] of Object.entries({
    response_type: "code",
    client_id: clientId,
    redirect_uri: CALLBACK,
    code_challenge: challenge,
    code_challenge_method: "S256",
    login: JSON.stringify({ claims: { email: "ada@example.com" }, idToken }),
  }))
    authorize.searchParams.set(name, value);
  const back = await fetch(authorize, { redirect: "manual" });
  const code = new URL(back.headers.get("location")!).searchParams.get("code")!;
  const res = await fetch(`${ISSUER}/token`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Basic ${btoa(`${clientId}:${SECRET}`)}`,
    },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: CALLBACK,
      code_verifier: verifier,
    }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id_token: string }).id_token;
}

describe("an OpenID provider's signing keys", () => {
  it("are fetched again when an ID token names a key not known yet, at most once a minute", async () => {
    const clientId = `keys-${crypto.randomUUID().slice(0, 8)}`;
    await fetch(`${ISSUER}/clients`, {
      method: "POST",
      body: JSON.stringify({ client_id: clientId, client_secret: SECRET, redirect_uris: [CALLBACK] }),
    });
    // Verified at instants past any key set this isolate keeps (an hour old is refetched), with tokens that live 3 h.
    const at = Date.now() + 2 * HOUR;
    const doc = await discover(env, ISSUER, at);
    const first = await idTokenFrom(clientId, { exp: 3 * 3600 });
    expect((await verifyIdToken(env, doc, clientId, first, at)).email).toBe("ada@example.com");

    // The provider rotates: a new key, listed from now on, signs the next tokens.
    const { kid } = (await (await fetch(`${ISSUER}/rotate`, { method: "POST" })).json()) as { kid: string };
    const rotated = await idTokenFrom(clientId, { exp: 3 * 3600, key: "next" });
    expect(JSON.parse(atob(rotated.split(".")[0]!.replace(/-/g, "+").replace(/_/g, "/"))).kid).toBe(kid);
    // Within a minute of the last fetch the keys are not fetched again (a stream of unknown kids costs nothing).
    await expect(verifyIdToken(env, doc, clientId, rotated, at + 10_000)).rejects.toThrow(/unknown key/);
    // Past it, the unknown key makes one fetch, and the new key verifies; the old one still does.
    expect((await verifyIdToken(env, doc, clientId, rotated, at + 61_000)).email).toBe("ada@example.com");
    expect((await verifyIdToken(env, doc, clientId, first, at + 62_000)).email).toBe("ada@example.com");
  });
});
