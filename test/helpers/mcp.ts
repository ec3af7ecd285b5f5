import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { ORIGIN, workerFetch } from "./http";

/** The endpoint of a site's MCP server on the deployment's origin. */
export const mcpUrl = (siteId: string, origin = ORIGIN) => `${origin}/~site/${siteId}/~gitbook/mcp`;

/**
 * The official MCP SDK client, over Streamable HTTP, calling the Worker in-process. `version` pins the 2026-07-28
 * revision; without it the client speaks the 2025 handshake (`initialize`, the SDK's newest 2025 revision).
 */
export async function mcpClient(url: string, opts: { token?: string; version?: "2026-07-28" } = {}) {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    // Each call's body read into a string, and no abort signal: the client may issue a request from a callback of
    // an earlier response, and workerd refuses a stream or signal made in another request's context.
    fetch: async (input, init) => {
      const body = init?.body == null ? undefined : await new Response(init.body).text();
      return workerFetch(input, { method: init?.method, headers: init?.headers, body });
    },
    ...(opts.token ? { requestInit: { headers: { Authorization: `Bearer ${opts.token}` } } } : {}),
  });
  const client = new Client(
    { name: "quire-test", version: "1.0.0" },
    opts.version ? { versionNegotiation: { mode: { pin: opts.version } } } : {},
  );
  await client.connect(transport);
  return client;
}

/** The text of a tool result's content blocks, joined. */
export function toolText(result: { content?: unknown }): string {
  const blocks = (result.content ?? []) as { type: string; text?: string }[];
  return blocks.map((b) => b.text ?? "").join("\n");
}

/** A raw JSON-RPC POST to an MCP endpoint (what a client's first request looks like). */
export function mcpPost(url: string, body: unknown, headers: Record<string, string> = {}) {
  return workerFetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: JSON.stringify(body),
  });
}

export const initialize = (protocolVersion: string) => ({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion, capabilities: {}, clientInfo: { name: "raw", version: "1" } },
});
