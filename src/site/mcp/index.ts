/**
 * A published site's MCP server at `{site URL}/~gitbook/mcp` (GitBook's path): Streamable HTTP, stateless, built
 * on the official TypeScript SDK v2 (`@modelcontextprotocol/server`'s `createMcpHandler`, web-standard
 * Request/Response, which serves the 2026-07-28 revision and the 2025 ones through its stateless legacy leg).
 * Loaded on first use (src/site/router.ts imports it dynamically), so a Worker's start does not evaluate it.
 */
import { createMcpHandler } from "@modelcontextprotocol/server";
import type { Context } from "hono";
import { limitByAddress } from "../../http/address-limit";
import type { AppEnv } from "../../http/app-env";
import { openMcpSite } from "./open";
import { siteMcpServer } from "./server";

/** Largest request body an MCP call may send (a tools/call with its arguments). */
const MAX_BODY = 256 * 1024;

const instructionsOf = (title: string) =>
  `The documentation of ${title}. Search it with searchDocumentation, read pages with getPage or getPages ` +
  "(their markdown), and cite the URLs you used.";

/** Serves one MCP request to the site `siteId` rooted at `base` on this host. */
export async function serveMcp(c: Context<AppEnv>, siteId: string, base: string): Promise<Response> {
  await limitByAddress(c.env, c.req.header("cf-connecting-ip"));
  const visit = await openMcpSite(c, siteId, base);
  if (visit instanceof Response) return visit;
  const instructions = instructionsOf(visit.data.site.title);
  const handler = createMcpHandler(() => siteMcpServer(c, visit, instructions), {
    maxRequestBodySize: MAX_BODY,
    onerror: (error) => console.error("MCP request failed", error),
  });
  const response = await handler.fetch(c.req.raw);
  // Answers depend on the caller's credentials and are never shared.
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", "private, no-store");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
