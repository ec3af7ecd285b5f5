import type { Context } from "hono";
import type { AppEnv } from "../http/app-env";
import { mcpEnabled as mcpServerOn } from "./mcp/open";
import type { Visit } from "./visit";

/**
 * What a published site tells agents about itself, in `Link` headers (RFC 8288) and discovery documents:
 * - the page's markdown twin: `rel="alternate"; type="text/markdown"` (the HTML `<link rel="alternate">` as a
 *   header, for agents that never parse HTML), and on a markdown answer its HTML page as `rel="canonical"`;
 * - `llms.txt`: `rel="llms-txt"` (what Mintlify sends and agent-readiness checkers look for) and
 *   `rel="describedby"` (the IANA-registered relation llms.txt's v2 names), as two links so that a client
 *   matching either literal finds it;
 * - `llms-full.txt`: `rel="llms-full-txt"`;
 * - the site's MCP endpoint `{site}/~gitbook/mcp`: `rel="mcp"` (no relation is registered; the MCP server-card
 *   proposal, SEP-2127, discovers servers by `.well-known` and considered no header), and its server card as
 *   `rel="service-desc"` (RFC 8631: a machine-readable description of a service).
 */

/** Where a site's MCP server answers, under its root (GitBook's path, so tools that know GitBook find it). */
export const MCP_PATH = "/~gitbook/mcp";
/** Where its server card is, under its root (SEP-2127's `.well-known/mcp/server-card`). */
export const SERVER_CARD_PATH = "/.well-known/mcp/server-card";

/** The site's root as an absolute URL on this request's origin (`https://host/~site/{id}`, `https://host/help`). */
export function siteRoot(c: Context<AppEnv>, visit: Visit): string {
  return `${new URL(c.req.url).origin}${visit.base}`;
}

/** Whether the site serves its MCP server (its customization's `mcp` page action), so its links and card name it. */
export function mcpEnabled(visit: Visit): boolean {
  return mcpServerOn(visit.data);
}

const link = (href: string, params: string) => `<${href}>; ${params}`;

/** The `Link` header of a page: its HTML and markdown forms, the site's llms files and MCP endpoint. */
export function pageLinks(
  c: Context<AppEnv>,
  visit: Visit,
  page: { url: string; markdown: boolean },
  mcp = mcpEnabled(visit),
): string {
  const root = siteRoot(c, visit);
  const absolute = new URL(page.url, c.req.url).toString();
  return [
    page.markdown
      ? link(absolute, 'rel="canonical"; type="text/html"')
      : link(`${absolute}.md`, 'rel="alternate"; type="text/markdown"'),
    ...siteLinks(root, mcp),
  ].join(", ");
}

/** The site-wide links (every page's, and the llms files'). */
export function siteLinks(root: string, mcp: boolean): string[] {
  return [
    link(`${root}/llms.txt`, 'rel="llms-txt"; type="text/plain"'),
    link(`${root}/llms.txt`, 'rel="describedby"; type="text/plain"'),
    link(`${root}/llms-full.txt`, 'rel="llms-full-txt"; type="text/plain"'),
    ...(mcp
      ? [
          link(`${root}${MCP_PATH}`, 'rel="mcp"'),
          link(`${root}${SERVER_CARD_PATH}`, 'rel="service-desc"; type="application/json"'),
        ]
      : []),
  ];
}
