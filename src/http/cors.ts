import { cors } from "hono/cors";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./app-env";
import { setResponseHeaders } from "./responses";

const EXPOSED = [
  "X-Request-Id",
  "X-D1-Bookmark",
  "X-RateLimit-Limit",
  "X-RateLimit-Remaining",
  "X-RateLimit-Reset",
  "Retry-After",
  "Location",
];

/** Preflight requests: Hono's CORS middleware answers them. */
const preflight = cors({
  origin: "*",
  allowHeaders: ["Authorization", "Content-Type", "X-Request-Id", "X-D1-Bookmark"],
  allowMethods: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
  exposeHeaders: EXPOSED,
  maxAge: 600,
});

const SIMPLE = { "Access-Control-Allow-Origin": "*", "Access-Control-Expose-Headers": EXPOSED.join(",") };

/**
 * CORS for any origin (API clients authenticate with bearer tokens, never cookies), and the request id. Other
 * requests than preflights get their headers set in place on the response once it exists, where Hono's CORS
 * middleware builds a placeholder response before the handler and copies the real one after it (two Response
 * objects per request). Set here, the request id also reaches responses a handler built itself (downloads).
 */
export const corsHeaders = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method === "OPTIONS") return preflight(c, next);
  await next();
  setResponseHeaders(c, { ...SIMPLE, "X-Request-Id": c.get("requestId") });
});
