import { createLocalJWKSet, errors, type JSONWebKeySet, type JWTPayload, jwtVerify } from "jose";
import type { Env } from "../../env";
import { base64url } from "../../lib/base64url";
import { sha256Hex } from "../../lib/crypto";
import { ApiError } from "../../lib/errors";
import { oidcDiscovery, oidcKeys } from "../../lib/isolate-caches";
import { safeRequest } from "../../lib/safe-fetch";
import { SsoRefusal } from "./refusal";

/**
 * The OpenID Connect relying party, shared by a site's visitor sign-in (site-sign-in.ts) and a member's sign-in to
 * an organization (member-oidc.ts): discovery, the authorization request (code flow, PKCE S256, state, nonce), the
 * token exchange and ID token verification. Each caller keeps its own sign-ins in flight (found by the SHA-256 of
 * the state, bound to the browser by the SHA-256 of a random value in its cookie, from which the PKCE verifier is
 * derived, so that it is stored nowhere). Every fetch goes through the SSRF guard (lib/safe-fetch.ts), which is
 * why the JWKS is fetched here and verified with jose's local key set rather than `createRemoteJWKSet` (whose own
 * fetch the guard cannot see).
 */
export const random = (bytes = 32) => base64url(crypto.getRandomValues(new Uint8Array(bytes)).buffer);
export const sha256 = async (text: string) =>
  base64url(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
/** The PKCE verifier of a browser's sign-in (43 characters of base64url, as RFC 7636 asks). */
export const pkceVerifier = (browserSecret: string) => sha256(`quire pkce v1\0${browserSecret}`);

export interface OidcDiscovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  token_endpoint_auth_methods_supported?: string[];
}

const HOUR_MS = 3_600_000;
const KEY_REFETCH_MS = 60_000;
const MAX_DOCUMENT_BYTES = 64 * 1024;
/** Asymmetric algorithms only: never `none`, never an HMAC keyed with a public key. */
const ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"];

const discoveries = oidcDiscovery.store as Map<string, { doc: OidcDiscovery; fetchedAt: number }>;
const keySets = oidcKeys.store as Map<string, { jwks: JSONWebKeySet; fetchedAt: number }>;

function remember<V>(map: Map<string, V>, key: string, value: V, bound: number) {
  map.delete(key);
  map.set(key, value);
  while (map.size > bound) map.delete(map.keys().next().value!);
}

/** An endpoint the provider names: https, or http on a local host (tests and development). */
function checkEndpoint(value: unknown, what: string): string {
  if (typeof value !== "string") throw new SsoRefusal(`the provider's discovery document has no ${what}`, 400);
  try {
    const url = new URL(value);
    const local = url.protocol === "http:" && ["localhost", "127.0.0.1"].includes(url.hostname);
    if (url.protocol === "https:" || local) return value;
  } catch {
    // Refused below.
  }
  throw new SsoRefusal(`the provider's ${what} is not an https URL`, 400);
}

async function fetchJson(
  env: Env,
  url: string,
  what: string,
  init: { method?: string; headers?: Record<string, string>; body?: Uint8Array } = {},
) {
  let response: Awaited<ReturnType<typeof safeRequest>>;
  try {
    response = await safeRequest(env, url, init, { maxBytes: MAX_DOCUMENT_BYTES, timeoutMs: 10_000 });
  } catch (error) {
    if (error instanceof ApiError) throw new SsoRefusal(`the identity provider's ${what} could not be fetched`, 400);
    throw error;
  }
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(response.bytes));
  } catch {
    body = undefined;
  }
  return { status: response.status, body: body as Record<string, unknown> | undefined };
}

/** `{issuer}/.well-known/openid-configuration`, whose `issuer` must be the configured one; cached for an hour. */
export async function discover(env: Env, issuer: string, now: number): Promise<OidcDiscovery> {
  const kept = discoveries.get(issuer);
  if (kept && now - kept.fetchedAt < HOUR_MS) return kept.doc;
  const { status, body } = await fetchJson(env, `${issuer}/.well-known/openid-configuration`, "discovery document");
  if (status !== 200 || !body) throw new SsoRefusal("the identity provider's discovery document is unreadable", 400);
  if (body.issuer !== issuer && body.issuer !== `${issuer}/`)
    throw new SsoRefusal("the discovery document names another issuer", 400);
  const methods = body.token_endpoint_auth_methods_supported;
  const doc: OidcDiscovery = {
    issuer: body.issuer as string,
    authorization_endpoint: checkEndpoint(body.authorization_endpoint, "authorization endpoint"),
    token_endpoint: checkEndpoint(body.token_endpoint, "token endpoint"),
    jwks_uri: checkEndpoint(body.jwks_uri, "JWKS URI"),
    ...(Array.isArray(methods) ? { token_endpoint_auth_methods_supported: methods.map(String) } : {}),
  };
  remember(discoveries, issuer, { doc, fetchedAt: now }, oidcDiscovery.bound.entries);
  return doc;
}

async function keySet(env: Env, jwksUri: string, now: number, fresh: boolean) {
  const kept = keySets.get(jwksUri);
  if (kept && now - kept.fetchedAt < (fresh ? KEY_REFETCH_MS : HOUR_MS)) return { ...kept, refetched: false };
  const { status, body } = await fetchJson(env, jwksUri, "signing keys");
  if (status !== 200 || !body || !Array.isArray(body.keys))
    throw new SsoRefusal("the identity provider's signing keys are unreadable", 400);
  const entry = { jwks: body as unknown as JSONWebKeySet, fetchedAt: now };
  remember(keySets, jwksUri, entry, oidcKeys.bound.entries);
  return { ...entry, refetched: true };
}

/** The authorization code exchanged at the token endpoint (client_secret_basic, or _post when only that is offered). */
export async function exchangeCode(
  env: Env,
  doc: OidcDiscovery,
  client: { clientId: string; clientSecret: string },
  code: string,
  redirectUri: string,
  codeVerifier: string,
): Promise<string> {
  const form = new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectUri });
  form.set("code_verifier", codeVerifier);
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
    accept: "application/json",
  };
  const methods = doc.token_endpoint_auth_methods_supported;
  if (methods && !methods.includes("client_secret_basic") && methods.includes("client_secret_post")) {
    form.set("client_id", client.clientId);
    form.set("client_secret", client.clientSecret);
  } else {
    const encode = (s: string) => encodeURIComponent(s).replace(/%20/g, "+");
    headers.authorization = `Basic ${btoa(`${encode(client.clientId)}:${encode(client.clientSecret)}`)}`;
  }
  const { status, body } = await fetchJson(env, doc.token_endpoint, "token endpoint", {
    method: "POST",
    headers,
    body: new TextEncoder().encode(form.toString()),
  });
  if (status !== 200 || !body) {
    const code = typeof body?.error === "string" && /^[\w.-]{1,64}$/.test(body.error) ? `: ${body.error}` : "";
    throw new SsoRefusal(`the identity provider refused the authorization code${code}`, 403);
  }
  if (typeof body.id_token !== "string") throw new SsoRefusal("the token response has no ID token", 403);
  return body.id_token;
}

/**
 * The ID token verified: signature by one of the provider's keys (fetched again once, at most once a minute, when
 * it names a key not known yet), an asymmetric algorithm, `iss`, `aud` = the client id (and `azp` when there are
 * other audiences), `exp`/`iat` (3 minutes of skew). The nonce is the caller's to check.
 */
export async function verifyIdToken(
  env: Env,
  doc: OidcDiscovery,
  clientId: string,
  idToken: string,
  now: number,
): Promise<JWTPayload> {
  const verify = (jwks: JSONWebKeySet) =>
    jwtVerify(idToken, createLocalJWKSet(jwks), {
      algorithms: ALGORITHMS,
      issuer: doc.issuer,
      audience: clientId,
      requiredClaims: ["exp", "iat", "sub"],
      currentDate: new Date(now),
      clockTolerance: 180,
    });
  let payload: JWTPayload;
  try {
    const keys = await keySet(env, doc.jwks_uri, now, false);
    try {
      ({ payload } = await verify(keys.jwks));
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey) || keys.refetched) throw error;
      ({ payload } = await verify((await keySet(env, doc.jwks_uri, now, true)).jwks));
    }
  } catch (error) {
    if (error instanceof SsoRefusal) throw error;
    throw new SsoRefusal(`the ID token was refused (${idTokenProblem(error)})`, 403);
  }
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== clientId)
    throw new SsoRefusal("the ID token was refused (azp is not this client)", 403);
  return payload;
}

function idTokenProblem(error: unknown): string {
  if (error instanceof errors.JWTExpired) return "expired";
  if (error instanceof errors.JWTClaimValidationFailed) return `${error.claim} is not as expected`;
  if (error instanceof errors.JOSEAlgNotAllowed) return "algorithm not allowed";
  if (error instanceof errors.JWKSNoMatchingKey) return "signed by an unknown key";
  if (error instanceof errors.JWSSignatureVerificationFailed) return "bad signature";
  if (error instanceof errors.JOSEError) return error.code;
  return "unreadable";
}

/** A client of an OpenID provider, as a sign-in uses it. */
export interface OidcClient {
  issuer: string;
  clientId: string;
  scopes: string[];
}

/**
 * An authorization request for the browser holding `browserSecret`: code flow, PKCE S256 (the challenge of the
 * verifier derived from that secret), a fresh `state` and `nonce`. The caller stores the SHA-256 of each (sha256Hex)
 * with its sign-in and sends the browser to `location`.
 */
export async function authorizationRequest(
  env: Env,
  client: OidcClient,
  redirectUri: string,
  browserSecret: string,
  now: number,
): Promise<{ location: string; stateHash: string; nonceHash: string }> {
  const doc = await discover(env, client.issuer, now);
  const state = random();
  const nonce = random();
  const target = new URL(doc.authorization_endpoint);
  const params = {
    response_type: "code",
    client_id: client.clientId,
    redirect_uri: redirectUri,
    scope: client.scopes.join(" "),
    state,
    nonce,
    code_challenge: await sha256(await pkceVerifier(browserSecret)),
    code_challenge_method: "S256",
  };
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return { location: target.toString(), stateHash: await sha256Hex(state), nonceHash: await sha256Hex(nonce) };
}

/** The `error` a provider sent back to the callback, refused by its code only (never its free text). */
export function providerError(error: string): SsoRefusal {
  const code = /^[\w.-]{1,64}$/.test(error) ? error : "an error";
  return new SsoRefusal(`the identity provider answered ${code}`, 403);
}

/** The callback's code and state, within bounds; a 400 refusal otherwise. */
export function callbackParams(input: { code?: string; state?: string }): { code: string; state: string } {
  if (!input.state || input.state.length > 512 || !input.code || input.code.length > 4096)
    throw new SsoRefusal("the callback has no code or state", 400);
  return { code: input.code, state: input.state };
}

/**
 * The end of a code flow whose sign-in the caller has consumed: the code exchanged (with the PKCE verifier of the
 * browser's secret), the ID token verified (verifyIdToken) and its nonce checked against the sign-in's.
 */
export async function redeemCode(
  env: Env,
  client: { issuer: string; clientId: string; clientSecret: string },
  input: { code: string; redirectUri: string; browserSecret: string; nonceHash: string | null },
  now: number,
): Promise<JWTPayload> {
  const doc = await discover(env, client.issuer, now);
  const idToken = await exchangeCode(
    env,
    doc,
    client,
    input.code,
    input.redirectUri,
    await pkceVerifier(input.browserSecret),
  );
  const payload = await verifyIdToken(env, doc, client.clientId, idToken, now);
  if (typeof payload.nonce !== "string" || (await sha256Hex(payload.nonce)) !== input.nonceHash)
    throw new SsoRefusal("the ID token's nonce is not this sign-in's", 403);
  return payload;
}
