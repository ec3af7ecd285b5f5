import type { Context } from "hono";
import type { AppEnv } from "../http/app-env";
import { API_VERSION } from "../version";
import { MCP_PATH, mcpEnabled, siteRoot } from "./agent-links";
import type { Visit } from "./visit";

/**
 * The site's MCP server card (SEP-2127, "MCP Server Cards"): what an agent needs to connect before it connects.
 * Served at `.well-known/mcp/server-card` (the SEP's path), `.well-known/mcp/server-card.json` (what
 * agent-readiness checkers probe) and `.well-known/mcp.json` (the earlier SEP-1649 name), under the site's root.
 * Static metadata only: the tools are listed by the server itself (`tools/list`), whose answer depends on the
 * caller, so the card lists none.
 */

/**
 * The protocol revisions the site's MCP server answers (README "MCP server"). Listed here rather than read from
 * the SDK, which page views never load (it is loaded with the MCP server, on first use).
 */
export const MCP_PROTOCOL_VERSIONS = ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26"];

/** Server names are reverse-DNS with one slash: the site's host reversed, then the site's id. */
function serverName(host: string, siteId: string) {
  const reversed = host.split(":")[0]!.split(".").reverse().join(".");
  return `${reversed}/${siteId}`;
}

export function serverCard(c: Context<AppEnv>, visit: Visit): Response | undefined {
  if (!mcpEnabled(visit)) return undefined;
  const { site } = visit.data;
  const root = siteRoot(c, visit);
  const closed = site.visibility === "share-link" || site.visibility === "visitor-auth";
  const card = {
    $schema: "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json",
    name: serverName(new URL(c.req.url).host, site.id),
    version: API_VERSION,
    title: site.title,
    description: `Search, read and ask the documentation of ${site.title}.`,
    websiteUrl: root,
    remotes: [
      {
        type: "streamable-http",
        url: `${root}${MCP_PATH}`,
        supportedProtocolVersions: MCP_PROTOCOL_VERSIONS,
        // The site's own credentials as a bearer token: its share key, or a visitor JWT.
        authentication: { required: closed, schemes: closed ? ["bearer"] : [] },
      },
    ],
    capabilities: { tools: {}, resources: {} },
  };
  return c.json(card, 200, {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Methods": "GET",
    "Access-Control-Allow-Headers": "Content-Type",
    "Cache-Control": `${closed ? "private" : "public"}, max-age=300`,
  });
}
