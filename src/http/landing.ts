import type { Context } from "hono";
import { accepts } from "hono/accepts";
import type { AppEnv } from "./app-env";
import { API_VERSION } from "../version";
import { appShellPage } from "./app-shell";

/**
 * GET /: what this server is and where to go next, as JSON; a client that prefers HTML (a browser's
 * `Accept: text/html,...`) gets the app. No Accept header or `*\/*` gets JSON, as API clients expect.
 */
export async function landing(c: Context<AppEnv>): Promise<Response> {
  c.header("Vary", "Accept");
  const origin = new URL(c.req.url).origin;
  const type = accepts(c, {
    header: "Accept",
    supports: ["application/json", "text/html"],
    default: "application/json",
  });
  if (type !== "text/html") {
    return c.json({
      name: "Quire",
      version: API_VERSION,
      urls: { api: `${origin}/v1`, reference: `${origin}/reference`, openapi: `${origin}/openapi.json` },
    });
  }
  return appShellPage(c);
}
