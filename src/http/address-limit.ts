import { createMiddleware } from "hono/factory";
import { ApiError } from "../lib/errors";
import type { AppEnv } from "./app-env";

/**
 * The per-address guard (IP_RATE_LIMITER, keyed by `CF-Connecting-IP`): anonymous and failed /v1 requests, and
 * the surfaces served before authentication (integrations' public endpoints and published scripts, published
 * sites). 429 with the contract's body past it. Nothing to key by (a request from inside this Worker), no binding,
 * or SKIP_IP_RATE_LIMIT (load tests from one address): not limited.
 */
export async function limitByAddress(env: AppEnv["Bindings"], address: string | undefined): Promise<void> {
  if (!env.IP_RATE_LIMITER || !address || env.SKIP_IP_RATE_LIMIT === "true") return;
  const { success } = await env.IP_RATE_LIMITER.limit({ key: address });
  if (!success) throw new ApiError(429, "Too many requests from this address", { "Retry-After": "60" });
}

/** Route middleware for the anonymous surfaces served before `authenticate`. */
export const limitAnonymousByAddress = createMiddleware<AppEnv>(async (c, next) => {
  await limitByAddress(c.env, c.req.header("cf-connecting-ip"));
  return next();
});
