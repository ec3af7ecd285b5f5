/**
 * A published site's MCP server at `{site URL}/~gitbook/mcp` (GitBook's path): Streamable HTTP, stateless, built
 * on the official TypeScript SDK v2 (`@modelcontextprotocol/server`, web-standard Request/Response): its
 * `createMcpHandler` serves the 2026-07-28 revision, its stateless transport the 2025 ones (see `legacy`).
 * Loaded on first use (src/site/router.ts imports it dynamically), so a Worker's start does not evaluate it.
 */
import {
  createMcpHandler,
  isLegacyRequest,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import type { Context } from "hono";
import { limitByAddress } from "../../http/address-limit";
import type { AppEnv } from "../../http/app-env";
import { errorBody } from "../../http/errors";
import { agentInstructions } from "../../services/agents";
import { recordServedEvent } from "../../services/insights";
import { MCP_PATH } from "../agent-links";
import { openMcpSite } from "./open";
import { siteMcpServer } from "./server";
import type { Visit } from "../visit";

/** Largest request body an MCP call may send (a tools/call with its arguments). */
const MAX_BODY = 256 * 1024;

/** The JSON-RPC methods whose answer carries the server's instructions (2025's handshake, 2026-07-28's discovery). */
const HANDSHAKES = new Set(["initialize", "server/discover"]);

const siteInstructions = (title: string) =>
  `The documentation of ${title}. Search it with searchDocumentation, read pages with getPage or getPages ` +
  "(their markdown), ask it with askQuestion, and cite the URLs you used.";

/** The request's JSON-RPC message(s), when its body is JSON; undefined otherwise (the SDK answers the error). */
function parsed(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

const methodsOf = (body: unknown): string[] =>
  (Array.isArray(body) ? body : [body]).flatMap((m) =>
    m && typeof m === "object" && typeof (m as { method?: unknown }).method === "string"
      ? [(m as { method: string }).method]
      : [],
  );

/** What one request's server is made for: the request, its visit, and the instructions it answers. */
interface McpCall {
  c: Context<AppEnv>;
  visit: Visit;
  instructions: string;
}

/** The server a request is served by: fresh for each (stateless), given that request's visit. */
const serverFor = (call: McpCall) => siteMcpServer(call.c, call.visit, call.instructions);

/**
 * The SDK's handler for the 2026-07-28 revision. Made per request: one kept in the isolate holds promises of the
 * request that made it, which workerd never lets another request await (it cancels that request as hung).
 */
const modern = (call: McpCall) =>
  createMcpHandler(() => serverFor(call), {
    legacy: "reject",
    maxRequestBodySize: MAX_BODY,
    onerror: (error) => console.error("MCP request failed", error),
  });

/**
 * A 2025-era request (the `initialize` handshake's revisions), served stateless as the SDK's own fallback does,
 * but answered as one JSON body (the transport's `enableJsonResponse`; Streamable HTTP lets the server choose, and
 * every client takes both) rather than an event stream: no tool here sends anything before its result, and a
 * buffered body costs a Worker far less than a stream pumped through JavaScript.
 */
async function legacy(request: Request, call: McpCall, parsedBody: unknown): Promise<Response> {
  // Stateless: no session to stream from (GET) or to end (DELETE).
  if (request.method !== "POST")
    return Response.json(jsonRpcError("Method not allowed."), { status: 405, headers: { Allow: "POST" } });
  const server = serverFor(call);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MAX_BODY,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, parsedBody === undefined ? {} : { parsedBody });
  } finally {
    await server.close();
  }
}

const jsonRpcError = (message: string) => ({ jsonrpc: "2.0", error: { code: -32000, message }, id: null });

/** Serves one MCP request to the site `siteId` rooted at `base` on this host. */
export async function serveMcp(c: Context<AppEnv>, siteId: string, base: string): Promise<Response> {
  await limitByAddress(c.env, c.req.header("cf-connecting-ip"));
  const visit = await openMcpSite(c, siteId, base);
  if (visit instanceof Response) return visit;
  const request = c.req.raw;
  let body: unknown;
  let forward = request;
  if (request.method === "POST") {
    if (Number(request.headers.get("content-length")) > MAX_BODY) return tooLarge(c);
    const text = await request.text();
    if (text.length > MAX_BODY) return tooLarge(c);
    body = parsed(text);
    forward = new Request(request.url, { method: "POST", headers: request.headers, body: text });
  }
  // The organization's agent instructions are read only for the answers that carry them: a tool call costs none.
  let instructions = siteInstructions(visit.data.site.title);
  if (methodsOf(body).some((m) => HANDSHAKES.has(m))) {
    const own = await agentInstructions(visit.ctx.db, visit.data.site.organizationId);
    if (own?.trim()) instructions = `${instructions}\n\n${own.trim()}`;
  }
  const call: McpCall = { c, visit, instructions };
  const response = (await isLegacyRequest(forward, body, { maxRequestBodySize: MAX_BODY }))
    ? await legacy(forward, call, body)
    : await modern(call).fetch(forward, body === undefined ? {} : { parsedBody: body });
  // Recorded once answered: the event's write never delays the answer.
  afterResponse(
    c,
    recordServedEvent(c.env, visit.ctx.db, siteId, { kind: "mcp", path: MCP_PATH, agent: true, ...ua(c) }),
  );
  // Answers depend on the caller's credentials and are never shared.
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", "private, no-store");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

const tooLarge = (c: Context<AppEnv>) =>
  c.json(errorBody(413, `An MCP request's body is at most ${MAX_BODY} bytes`), 413);

const ua = (c: Context<AppEnv>) => {
  const userAgent = c.req.header("user-agent");
  return userAgent ? { userAgent } : {};
};

/** Work for after the response (insights): never on the response's path. */
function afterResponse(c: Context<AppEnv>, work: Promise<unknown>) {
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // No execution context (tests calling the app directly): the work runs on its own.
  }
}
