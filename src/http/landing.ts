import type { Context } from "hono";
import { accepts } from "hono/accepts";
import { html } from "hono/html";
import type { AppEnv } from "./app-env";
import { API_VERSION } from "../version";
import { htmlPage } from "./html";

/**
 * GET /: what this server is and where to go next. JSON unless the client prefers HTML (a browser's
 * `Accept: text/html,...`); no Accept header or `*\/*` gets JSON, as API clients expect.
 */
export function landing(c: Context<AppEnv>) {
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
  return htmlPage(
    c,
    "Quire",
    html`<h1>Quire</h1>
<p>A self-hostable documentation platform with a GitBook-compatible REST API. Version <code>${API_VERSION}</code>.</p>
<ul>
<li><a href="/reference">API reference</a></li>
<li><a href="/openapi.json">OpenAPI document</a> (<code>/openapi.json</code>)</li>
<li>API base URL: <code>${origin}/v1</code></li>
</ul>`,
  );
}
