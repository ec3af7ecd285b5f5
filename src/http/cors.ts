import { cors } from "hono/cors";
import { createMiddleware } from "hono/factory";
import { MCP_PATH } from "../site/agent-links";
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
  // A 401's challenge, and what an MCP client reads of a site's MCP server's answers.
  "WWW-Authenticate",
  "Mcp-Session-Id",
  "Mcp-Protocol-Version",
];

/** Preflight requests: Hono's CORS middleware answers them. */
const preflight = cors({
  origin: "*",
  allowHeaders: ["Authorization", "Content-Type", "X-Request-Id", "X-D1-Bookmark"],
  allowMethods: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
  exposeHeaders: EXPOSED,
  maxAge: 600,
});

/**
 * A published site's MCP server (`…/~gitbook/mcp`, on /~site/ and custom hosts alike) takes the protocol's own
 * headers (Mcp-Protocol-Version, Mcp-Session-Id, and the 2026 revision's Mcp-Method, Mcp-Name and Mcp-Param-*):
 * its preflight allows the headers a browser client asks for. It reads no cookie, only a bearer token the client
 * sends itself, so any origin may call it.
 */
const mcpPreflight = cors({
  origin: "*",
  allowMethods: ["GET", "POST", "DELETE", "OPTIONS"],
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
  if (c.req.method === "OPTIONS") return (c.req.path.endsWith(MCP_PATH) ? mcpPreflight : preflight)(c, next);
  await next();
  setResponseHeaders(c, { ...SIMPLE, "X-Request-Id": c.get("requestId") });
});
