// A software passkey (an ES256 platform authenticator with resident keys) and a browser's cookie jar, for the
// sign-in tests: it answers the options Quire's WebAuthn routes give as navigator.credentials would. The CBOR is
// the server library's own encoder (@simplewebauthn/server/helpers), not hand-written.
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";
import { env } from "cloudflare:workers";
import { newSignInLink } from "../../src/services/auth/links";
import { ORIGIN, workerFetch } from "./http";

const b64 = (bytes: Uint8Array | ArrayBuffer) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = async (bytes: Uint8Array) => new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const u32 = (n: number) => new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);

/** WebCrypto's raw r‖s ECDSA signature as the DER WebAuthn carries. */
function derOf(raw: Uint8Array): Uint8Array {
  const int = (bytes: Uint8Array) => {
    let i = 0;
    while (i < bytes.length - 1 && bytes[i] === 0) i++;
    const trimmed = bytes.slice(i);
    const body = trimmed[0]! & 0x80 ? concat(new Uint8Array([0]), trimmed) : trimmed;
    return concat(new Uint8Array([0x02, body.length]), body);
  };
  const seq = concat(int(raw.slice(0, 32)), int(raw.slice(32)));
  return concat(new Uint8Array([0x30, seq.length]), seq);
}

export class SoftPasskey {
  counter = 0;
  constructor(
    readonly id: Uint8Array,
    readonly keys: CryptoKeyPair,
    readonly origin = ORIGIN,
  ) {}

  static async create(origin = ORIGIN) {
    const keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
      "sign",
      "verify",
    ])) as CryptoKeyPair;
    return new SoftPasskey(crypto.getRandomValues(new Uint8Array(32)), keys, origin);
  }

  get credentialId() {
    return b64(this.id);
  }

  /** navigator.credentials.create()'s JSON answer to registration options. */
  async register(options: { challenge: string; rp: { id?: string } }, tamper?: { origin?: string }) {
    const jwk = (await crypto.subtle.exportKey("jwk", this.keys.publicKey)) as JsonWebKey;
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );
    const rpIdHash = await sha256(new TextEncoder().encode(options.rp.id ?? new URL(this.origin).hostname));
    const authData = concat(
      rpIdHash,
      new Uint8Array([0x45]), // user present, user verified, attested credential data
      u32(this.counter),
      new Uint8Array(16), // AAGUID: none
      new Uint8Array([0, this.id.length]),
      this.id,
      cose,
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]) as never,
    );
    const clientData = { type: "webauthn.create", challenge: options.challenge, origin: tamper?.origin ?? this.origin };
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: "public-key" as const,
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
      response: {
        clientDataJSON: b64(new TextEncoder().encode(JSON.stringify(clientData))),
        attestationObject: b64(attestationObject),
        transports: ["internal"],
      },
    };
  }

  /** navigator.credentials.get()'s JSON answer to authentication options. */
  async authenticate(options: { challenge: string; rpId?: string }) {
    this.counter++;
    const rpIdHash = await sha256(new TextEncoder().encode(options.rpId ?? new URL(this.origin).hostname));
    const authData = concat(rpIdHash, new Uint8Array([0x05]), u32(this.counter));
    const clientDataJSON = new TextEncoder().encode(
      JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin: this.origin }),
    );
    const signed = concat(authData, await sha256(clientDataJSON));
    const raw = new Uint8Array(
      await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, this.keys.privateKey, signed),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: "public-key" as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authData),
        signature: b64(derOf(raw)),
      },
    };
  }
}

/** A browser: its cookies for this origin, sent as a same-origin page's fetch would (Sec-Fetch-Site). */
export class CookieBrowser {
  cookies = new Map<string, string>();
  userAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

  async fetch(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const sent: Record<string, string> = {
      "sec-fetch-site": "same-origin",
      "user-agent": this.userAgent,
      ...headers,
    };
    if (this.cookies.size) sent.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (body !== undefined) sent["content-type"] = "application/json";
    const csrf = this.cookies.get("quire_csrf");
    if (csrf && method !== "GET" && !("x-csrf-token" in headers)) sent["x-csrf-token"] = csrf;
    const res = await workerFetch(`${ORIGIN}/v1${path}`, {
      method,
      headers: sent,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const [name, value] = pair!.split("=") as [string, string];
      const expired = attributes.some((a) => /max-age=0/i.test(a.trim()));
      if (expired || value === "") this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await res.text();
    return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined };
  }
}

/** A one-time sign-in link for a user, as `npm run bootstrap` writes it; returns the link's secret. */
export async function seedSignInLink(userId: string, now = Date.now(), expiresAt?: number) {
  const link = await newSignInLink(now);
  await env.DB.prepare("INSERT INTO sign_in_links (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)")
    .bind(link.tokenHash, userId, now, expiresAt ?? link.expiresAt)
    .run();
  return link.secret;
}

/** Registers a passkey through a link in a new browser: the browser is signed in. */
export async function signUpWithLink(userId: string) {
  const browser = new CookieBrowser();
  const passkey = await SoftPasskey.create();
  const link = await seedSignInLink(userId);
  const options = await browser.fetch("POST", "/auth/passkeys/registration/options", { link });
  if (options.status !== 200) throw new Error(`registration options: ${options.status}`);
  const registered = await browser.fetch("POST", "/auth/passkeys/registration", {
    response: await passkey.register(options.json.options),
  });
  if (registered.status !== 201)
    throw new Error(`registration: ${registered.status} ${JSON.stringify(registered.json)}`);
  return { browser, passkey, registered: registered.json };
}
