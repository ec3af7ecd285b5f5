import { createMiddleware } from "hono/factory";
import { createDb } from "../db/client";
import type { AppEnv } from "./app-env";
import { ApiError, unauthorized } from "../lib/errors";
import { authenticateToken } from "../services/people/tokens";

function rateSettings(env: AppEnv["Bindings"]) {
  const limit = Number(env.RATE_LIMIT_REQUESTS) || 1000;
  const windowSeconds = Number(env.RATE_LIMIT_WINDOW_SECONDS) || 60;
  return { limit, windowSeconds };
}

/**
 * Identifies the caller on every /v1 request. A request without Authorization is anonymous (routes decide
 * whether that is enough); a malformed, unknown or revoked token is always 401. Authenticated requests are
 * rate limited per token with X-RateLimit-* headers; anonymous and failed ones by the per-IP binding.
 */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const db = createDb(c.env.DB);
  c.set("db", db);
  const header = c.req.header("authorization");
  if (!header) {
    await limitByAddress(c.env, c.req.header("cf-connecting-ip"));
    c.set("caller", { kind: "anonymous" });
    return next();
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized("The Authorization header must be `Bearer <token>`");

  const { limit, windowSeconds } = rateSettings(c.env);
  const now = Date.now();
  const window = Math.floor(now / 1000 / windowSeconds);
  const auth = await authenticateToken(db, match[1], now, window);
  if (!auth) {
    await limitByAddress(c.env, c.req.header("cf-connecting-ip"));
    throw unauthorized("The API token is unknown or has been revoked");
  }

  const reset = (window + 1) * windowSeconds;
  c.header("X-RateLimit-Limit", String(limit));
  c.header("X-RateLimit-Remaining", String(Math.max(0, limit - auth.requestsInWindow)));
  c.header("X-RateLimit-Reset", String(reset));
  if (auth.requestsInWindow > limit) {
    const retryAfter = Math.max(1, reset - Math.floor(now / 1000));
    throw new ApiError(
      429,
      `Rate limit of ${limit} requests per ${windowSeconds} s exceeded; retry in ${retryAfter} s`,
      {
        "Retry-After": String(retryAfter),
      },
    );
  }
  c.set("caller", { kind: "user", userId: auth.userId, tokenId: auth.tokenId, memberships: auth.memberships });
  return next();
});

async function limitByAddress(env: AppEnv["Bindings"], address: string | undefined) {
  if (!env.IP_RATE_LIMITER || !address || env.SKIP_IP_RATE_LIMIT === "true") return;
  const { success } = await env.IP_RATE_LIMITER.limit({ key: address });
  if (!success) throw new ApiError(429, "Too many requests from this address", { "Retry-After": "60" });
}

/** Route middleware (added by defineRoute) for operations that need a user. */
export const requireAuthentication = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get("caller")?.kind !== "user") throw unauthorized();
  return next();
});
