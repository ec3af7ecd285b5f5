import type { Context, Next } from "hono";
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { countTokenRequest } from "../coordination/token-budgets";
import { createRequestDb, type Db, isBookmark } from "../db/client";
import type { WindowCount } from "../env";
import { sha256Hex } from "../lib/crypto";
import { ApiError, badRequest, forbidden, unauthorized } from "../lib/errors";
import { looksLikeSiteToken, verifySiteToken } from "../services/access";
import { csrfTokenOf, isSessionSecret } from "../services/auth";
import { tokenHashes } from "../lib/isolate-caches";
import { stampTokenUse, tokenStampIsStale } from "../services/people";
import { limitByAddress } from "./address-limit";
import type { AppEnv } from "./app-env";
import { authenticatingDb, RequestAuthentication } from "./request-authentication";
import { APP_SESSION_COOKIE, CSRF_HEADER, clearSessionCookies, fromThisOrigin } from "./session-cookie";
import { setResponseHeaders } from "./responses";

function rateSettings(env: AppEnv["Bindings"]) {
  const limit = Number(env.RATE_LIMIT_REQUESTS) || 1000;
  const windowSeconds = Number(env.RATE_LIMIT_WINDOW_SECONDS) || 60;
  return { limit, windowSeconds };
}

/**
 * Identifies the caller on every /v1 request. A request without Authorization is anonymous (routes decide
 * whether that is enough); a malformed, unknown or revoked token is always 401. Authenticated requests are
 * rate limited per token with X-RateLimit-* headers; anonymous and failed ones by the per-IP binding.
 *
 * Writes (any method but GET and HEAD) are authenticated and counted before anything else runs. A read is too,
 * unless its route lets the token ride its first D1 batch; then the token is checked when that batch returns,
 * and in every case before the response leaves, so a read never answers for a token that is not valid.
 */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const writes = c.req.method !== "GET" && c.req.method !== "HEAD";
  const sent = c.req.header("x-d1-bookmark");
  if (sent !== undefined && !isBookmark(sent)) throw badRequest("header.x-d1-bookmark: is not a D1 bookmark");
  const { db, bookmark } = createRequestDb(c.env.DB, {
    bookmark: sent,
    writes,
    replication: c.env.D1_READ_REPLICATION === "auto",
  });
  c.set("db", db);
  try {
    await identify(c, db, writes, next);
  } finally {
    // Where this request's reads and writes got to, even when it failed after a write.
    const reached = bookmark();
    if (reached) setResponseHeaders(c, { "X-D1-Bookmark": reached });
  }
});

async function identify(c: Context<AppEnv>, db: Db, writes: boolean, next: Next) {
  const header = c.req.header("authorization");
  if (!header) {
    const session = getCookie(c, APP_SESSION_COOKIE);
    if (session && fromThisOrigin(c)) return identifySession(c, db, session, writes, next);
    await limitByAddress(c.env, c.req.header("cf-connecting-ip"));
    c.set("caller", { kind: "anonymous" });
    return next();
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized("The Authorization header must be `Bearer <token>`");
  if (looksLikeSiteToken(match[1]!)) return identifySiteToken(c, db, match[1]!, next);
  if (isSessionSecret(match[1]!)) {
    throw unauthorized("A sign-in session is accepted only as the app's cookie; use a personal API token here");
  }
  return identifyToken(c, db, await hashOf(match[1]!), writes, next);
}

async function identifyToken(c: Context<AppEnv>, db: Db, tokenHash: string, writes: boolean, next: Next) {
  c.set("authentication", new RequestAuthentication(db, tokenHash, countRequest(c.env, tokenHash)));
  if (writes) await authenticateNow(c);
  await next();
  await authenticateNow(c);
}

/**
 * The app's session cookie (services/auth), from a page of this origin (cross-site requests never get here: the
 * cookie is ignored). A write must also carry the session's CSRF token, which only this origin's scripts can
 * read (the `quire_csrf` cookie): SameSite=Lax is the first lock, the token the second.
 */
async function identifySession(c: Context<AppEnv>, db: Db, secret: string, writes: boolean, next: Next) {
  if (!isSessionSecret(secret)) throw unauthorized("The session cookie is not a Quire session; sign in again");
  const tokenHash = await hashOf(secret);
  if (c.req.path.startsWith("/v1/auth/")) {
    // Signing in (or out) with a session that has ended is signing in anonymously, not a 401 to get stuck on.
    const authentication = new RequestAuthentication(db, tokenHash, undefined);
    if (!(await authentication.token())) {
      clearSessionCookies(c);
      c.set("caller", { kind: "anonymous" });
      return next();
    }
  }
  if (writes && c.req.header(CSRF_HEADER) !== (await csrfTokenOf(secret))) {
    throw forbidden(`A write with the session cookie must send its ${CSRF_HEADER} header; reload the page`);
  }
  return identifyToken(c, db, tokenHash, writes, next);
}

/**
 * A site API token (a JWT resolvePublishedContentByUrl minted): an anonymous caller whose visitor pass the token
 * gives (http/visitor.ts, on the operations open to visitors); limited per address, as visitors are. Forged,
 * tampered or expired: 401, so a renderer knows to resolve the URL again.
 */
async function identifySiteToken(c: Context<AppEnv>, db: Db, token: string, next: Next) {
  await limitByAddress(c.env, c.req.header("cf-connecting-ip"));
  const claims = await verifySiteToken({ db, env: c.env }, token);
  if (!claims) throw unauthorized("The site API token is invalid or has expired");
  c.set("siteToken", { token, claims });
  c.set("caller", { kind: "anonymous" });
  return next();
}

/** Bearer tokens seen recently in this isolate, with their SHA-256 (how tokens are stored and looked up). */
const recentHashes = tokenHashes.store;
const RECENT_HASHES = tokenHashes.bound.entries;

/**
 * A token's hash, computed once per isolate while the token keeps coming: hashing showed as 4–6% of a read's CPU
 * profile (WebCrypto's digest has a fixed cost per call). Only the hash is ever compared with the database; the
 * memo starts over when full, so it holds at most RECENT_HASHES tokens.
 */
async function hashOf(token: string): Promise<string> {
  const known = recentHashes.get(token);
  if (known !== undefined) return known;
  const hash = await sha256Hex(token);
  if (recentHashes.size >= RECENT_HASHES) recentHashes.clear();
  recentHashes.set(token, hash);
  return hash;
}

/**
 * Settles the request's token (401 when unknown or revoked) and its rate limit (X-RateLimit-*, 429 past it).
 * Idempotent; a no-op for anonymous requests.
 */
export async function authenticateNow(c: Context<AppEnv>): Promise<void> {
  const authentication = c.get("authentication");
  if (!authentication || c.get("caller")) return;
  const token = await authentication.token();
  if (!token) {
    // Once per request: the 401 may already be the response (a route's first batch found the token unknown).
    if (!authentication.rejected) {
      authentication.rejected = true;
      await limitByAddress(c.env, c.req.header("cf-connecting-ip"));
    }
    throw unauthorized("The API token is unknown or has been revoked");
  }
  await enforceRateLimit(c, authentication.counting);
  c.set("caller", authentication.caller!);
  // At most once per interval per token, so awaiting it costs one write in hundreds of requests; a failed
  // stamp must not fail the request.
  const now = Date.now();
  if (tokenStampIsStale(token, now)) {
    await stampTokenUse(c.get("db"), token, now).catch((error) =>
      console.error("stamping a token's use failed", error),
    );
  }
}

/** The token's request count (no D1 write; see coordination/token-budgets.ts); undefined without a counter. */
function countRequest(env: AppEnv["Bindings"], tokenHash: string): Promise<WindowCount> | undefined {
  if (!env.TOKEN_REQUESTS) return undefined;
  const { limit, windowSeconds } = rateSettings(env);
  const counting = countTokenRequest(env.TOKEN_REQUESTS, tokenHash, limit, windowSeconds);
  // Awaited once the token is known; until then a failure must not surface as an unhandled rejection.
  counting.catch(() => undefined);
  return counting;
}

async function enforceRateLimit(c: Context<AppEnv>, counting: Promise<WindowCount> | undefined) {
  if (!counting) return;
  const { limit, windowSeconds } = rateSettings(c.env);
  let counted: WindowCount;
  try {
    counted = await counting;
  } catch (error) {
    // The counter is a guard, not a gate: when it cannot be reached, serve the request and say nothing.
    console.error("token request counter unreachable; not rate limiting this request", error);
    return;
  }
  setResponseHeaders(c, {
    "X-RateLimit-Limit": String(limit),
    "X-RateLimit-Remaining": String(Math.max(0, limit - counted.count)),
    "X-RateLimit-Reset": String(counted.resetAt),
  });
  if (counted.count > limit) {
    const retryAfter = Math.max(1, counted.resetAt - Math.floor(Date.now() / 1000));
    throw new ApiError(
      429,
      `Rate limit of ${limit} requests per ${windowSeconds} s exceeded; retry in ${retryAfter} s`,
      { "Retry-After": String(retryAfter) },
    );
  }
}

/** Route middleware (added by defineRoute) for operations that authenticate before their handler runs. */
export const authenticateFirst = createMiddleware<AppEnv>(async (c, next) => {
  await authenticateNow(c);
  return next();
});

/** Route middleware (added by defineRoute) for reads whose token rides their first D1 batch. */
export const authenticateInFirstRead = createMiddleware<AppEnv>(async (c, next) => {
  const authentication = c.get("authentication");
  if (authentication && !authentication.settled) c.set("db", authenticatingDb(c.get("db"), authentication));
  return next();
});

/** Route middleware (added by defineRoute) for operations that need a user. */
export const requireAuthentication = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get("siteToken")) throw forbidden(SITE_TOKEN_REFUSED);
  if (!c.get("authentication")) throw unauthorized();
  return next();
});

/** Why an operation refuses a site API token. */
export const SITE_TOKEN_REFUSED =
  "A site API token only reads its site's published content; this operation needs a personal or integration API token";
