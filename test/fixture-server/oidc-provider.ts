import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";

/**
 * A small OpenID provider for tests (Node), on the fixture server under `/oidc` (and started alone by the e2e):
 * discovery, authorization (code flow with PKCE S256 only), token (client_secret_basic or _post) and JWKS, with
 * RS256 keys made at start. The issuer is `http://{Host}/oidc`.
 *
 * - `POST /oidc/clients` `{client_id, client_secret, redirect_uris}` registers a client (each test its own).
 * - `GET /oidc/authorize?…` checks the client and redirect URI and shows a login form (the browser's way); with
 *   `login=<JSON>` (the form's field, or a test's query) it signs in at once: `{claims, idToken?}`, where
 *   `claims` go into the ID token and `idToken` (test-only) bends it: `aud`, `iss`, `nonce` (null: none), `exp` (seconds
 *   from now, may be negative), `key: "other"` (signed by a key not in the JWKS, with the same `kid`), `key: "next"`
 *   (signed by the key the last rotation made), `alg: "none"`.
 *   It redirects to the redirect URI with `code` and `state`.
 * - `POST /oidc/rotate` makes a new signing key (`kid` k2, k3…), listed in the JWKS from then on, beside the others:
 *   a provider rotating its keys.
 * - `POST /oidc/token` checks the client secret, that the code is unused and unexpired, the `redirect_uri` and the
 *   PKCE `code_verifier`, and answers the ID token (with the authorization request's `nonce`).
 */
interface Client {
  secret: string;
  redirectUris: string[];
}
interface Grant {
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce?: string;
  login: { claims?: Record<string, unknown>; idToken?: Record<string, unknown> };
  expiresAt: number;
  used: boolean;
}

const b64url = (buf: Buffer) => buf.toString("base64url");

export async function createOidcProvider() {
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
  const other = await generateKeyPair("RS256", { extractable: true });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  const published: JWK[] = [jwk];
  let next: { kid: string; privateKey: CryptoKey } | undefined;
  const clients = new Map<string, Client>();
  const grants = new Map<string, Grant>();

  const send = (res: ServerResponse, status: number, body: unknown, type = "application/json") => {
    res.writeHead(status, { "content-type": type, "cache-control": "no-store" });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  };
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => resolve(Buffer.concat(chunks).toString()));
    });
  const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

  async function idToken(issuer: string, grant: Grant) {
    const bend = grant.login.idToken ?? {};
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      sub: "visitor-1",
      ...grant.login.claims,
      ...(grant.nonce !== undefined ? { nonce: grant.nonce } : {}),
      ...("nonce" in bend ? { nonce: bend.nonce } : {}),
    };
    // `nonce: null` leaves it out.
    if (claims.nonce === null) delete claims.nonce;
    const exp = now + (typeof bend.exp === "number" ? bend.exp : 3600);
    const aud = (bend.aud as string | undefined) ?? grant.clientId;
    const iss = (bend.iss as string | undefined) ?? issuer;
    if (bend.alg === "none") {
      const part = (v: unknown) => b64url(Buffer.from(JSON.stringify(v)));
      return `${part({ alg: "none", typ: "JWT" })}.${part({ ...claims, iss, aud, iat: now, exp })}.`;
    }
    const rotated = bend.key === "next" ? next : undefined;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: rotated?.kid ?? "k1", typ: "JWT" })
      .setIssuer(iss)
      .setAudience(aud)
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .sign(rotated?.privateKey ?? (bend.key === "other" ? other.privateKey : privateKey));
  }

  function authorize(res: ServerResponse, issuer: string, q: URLSearchParams) {
    const client = clients.get(q.get("client_id") ?? "");
    const redirectUri = q.get("redirect_uri") ?? "";
    if (!client?.redirectUris.includes(redirectUri))
      return send(res, 400, "unknown client or redirect_uri", "text/plain");
    const back = (params: Record<string, string>) => {
      const url = new URL(redirectUri);
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
      if (q.get("state") !== null) url.searchParams.set("state", q.get("state")!);
      res.writeHead(302, { location: url.toString() });
      res.end();
    };
    if (q.get("response_type") !== "code") return back({ error: "unsupported_response_type" });
    if (q.get("code_challenge_method") !== "S256" || !q.get("code_challenge"))
      return back({ error: "invalid_request" });
    const login = q.get("login");
    if (login === null) {
      // The login page a browser submits: the request's parameters ride along as hidden fields.
      const hidden = [...q].map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`).join("");
      return send(
        res,
        200,
        `<!doctype html><title>Fixture IdP</title><form method="get" action="${issuer}/authorize">${hidden}
<label>Email <input name="email" value="ada@example.com"></label>
<label>Plan <select name="plan"><option>free</option><option>pro</option></select></label>
<button type="submit">Sign in</button></form>`,
        "text/html; charset=utf-8",
      );
    }
    let parsed: Grant["login"];
    try {
      parsed = JSON.parse(login);
    } catch {
      return back({ error: "invalid_request" });
    }
    const code = b64url(randomBytes(24));
    grants.set(code, {
      clientId: q.get("client_id")!,
      redirectUri,
      challenge: q.get("code_challenge")!,
      ...(q.get("nonce") !== null ? { nonce: q.get("nonce")! } : {}),
      login: parsed,
      expiresAt: Date.now() + 60_000,
      used: false,
    });
    back({ code });
  }

  async function token(req: IncomingMessage, res: ServerResponse, issuer: string) {
    const form = new URLSearchParams(await readBody(req));
    let clientId = form.get("client_id") ?? "";
    let secret = form.get("client_secret") ?? "";
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "");
    if (basic) {
      const [id, pass] = Buffer.from(basic[1]!, "base64").toString().split(":");
      clientId = decodeURIComponent((id ?? "").replace(/\+/g, " "));
      secret = decodeURIComponent((pass ?? "").replace(/\+/g, " "));
    }
    const client = clients.get(clientId);
    if (!client || client.secret !== secret) return send(res, 401, { error: "invalid_client" });
    if (form.get("grant_type") !== "authorization_code") return send(res, 400, { error: "unsupported_grant_type" });
    const grant = grants.get(form.get("code") ?? "");
    if (!grant || grant.used || grant.expiresAt < Date.now() || grant.clientId !== clientId)
      return send(res, 400, { error: "invalid_grant" });
    grant.used = true;
    if (form.get("redirect_uri") !== grant.redirectUri) return send(res, 400, { error: "invalid_grant" });
    const verifier = form.get("code_verifier") ?? "";
    if (b64url(createHash("sha256").update(verifier).digest()) !== grant.challenge)
      return send(res, 400, { error: "invalid_grant" });
    send(res, 200, {
      access_token: b64url(randomBytes(16)),
      token_type: "Bearer",
      id_token: await idToken(issuer, grant),
    });
  }

  /** Answers a request under `/oidc/`; false for any other path. */
  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (!url.pathname.startsWith("/oidc/")) return false;
    const issuer = `http://${req.headers.host}/oidc`;
    switch (`${req.method} ${url.pathname}`) {
      case "GET /oidc/.well-known/openid-configuration":
        send(res, 200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ["code"],
          subject_types_supported: ["public"],
          id_token_signing_alg_values_supported: ["RS256"],
          code_challenge_methods_supported: ["S256"],
          token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
        });
        return true;
      case "GET /oidc/jwks":
        send(res, 200, { keys: published });
        return true;
      case "POST /oidc/rotate": {
        const pair = await generateKeyPair("RS256", { extractable: true });
        const kid = `k${published.length + 1}`;
        published.push({ ...(await exportJWK(pair.publicKey)), kid, alg: "RS256", use: "sig" });
        next = { kid, privateKey: pair.privateKey };
        send(res, 201, { kid });
        return true;
      }
      case "GET /oidc/authorize": {
        // The login form sends its fields; they become the sign-in's claims.
        const q = new URLSearchParams(url.searchParams);
        if (q.get("login") === null && q.get("email") !== null) {
          q.set("login", JSON.stringify({ claims: { email: q.get("email"), name: "Ada", plan: q.get("plan") } }));
          q.delete("email");
          q.delete("plan");
        }
        authorize(res, issuer, q);
        return true;
      }
      case "POST /oidc/token":
        await token(req, res, issuer);
        return true;
      case "POST /oidc/clients": {
        const body = JSON.parse((await readBody(req)) || "{}");
        clients.set(body.client_id, { secret: body.client_secret, redirectUris: body.redirect_uris ?? [] });
        send(res, 201, { client_id: body.client_id });
        return true;
      }
    }
    send(res, 404, "not found", "text/plain");
    return true;
  }

  return { handle };
}
