import type { Context } from "hono";
import { createDb } from "../../db/client";
import type { AppEnv } from "../../http/app-env";
import { errorBody } from "../../http/errors";
import { loadRecentPublishedSite, type PublishedSiteData } from "../../services/published";
import { type Visit, visitOf } from "../visit";

const LONGEST_CREDENTIAL = 8192;

/** The bearer token of the request, if any (`Authorization: Bearer <token>`). */
function bearer(c: Context<AppEnv>): string | undefined {
  const header = c.req.header("authorization");
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

const usable = (value: string | undefined) => (value && value.length <= LONGEST_CREDENTIAL ? value : undefined);

/**
 * The MCP server is on unless the site's customization lists its page actions (0.202 `pageActions.items`)
 * without `mcp`: the default list names it (services/sites, withPageActions).
 */
export function mcpEnabled(data: PublishedSiteData): boolean {
  return data.customizations.site.pageActions.items?.includes("mcp") ?? true;
}

/**
 * Opens a published site for an MCP client with the site's own credentials: a share-link site's key, a
 * visitor-auth site's visitor JWT, each as a bearer token (or `?share=` / `?jwt_token=`, as page links carry
 * them). The bearer token is offered as both: the site's visibility decides which it is, in the site's one load.
 * No cookies are read or set (an MCP client is not a browser session). Answers the response to send instead:
 * 404 when the site is not published or its MCP server is off, 401 with `WWW-Authenticate` naming what is needed.
 */
export async function openMcpSite(c: Context<AppEnv>, siteId: string, base: string): Promise<Visit | Response> {
  const db = createDb(c.env.DB);
  const token = usable(bearer(c));
  const shareKey = token ?? usable(c.req.query("share"));
  const visitorToken = token ?? usable(c.req.query("jwt_token"));
  const data = await loadRecentPublishedSite(db, siteId, {
    ...(shareKey ? { shareKey } : {}),
    ...(visitorToken ? { visitorToken } : {}),
  });
  if (!data || !mcpEnabled(data)) {
    return c.json(errorBody(404, "This site has no MCP server."), 404);
  }
  if (!data.admission.open) {
    const needs =
      data.admission.needs === "share-key"
        ? "the site's share link key as a bearer token"
        : "a visitor token (JWT) signed with the site's publishing key as a bearer token";
    const message = `This site's MCP server needs ${needs}.`;
    const error = token ? ', error="invalid_token"' : "";
    return c.json(errorBody(401, message), 401, {
      "WWW-Authenticate": `Bearer realm="${siteId}"${error}, error_description="${message}"`,
    });
  }
  return visitOf(c, db, data, base);
}
