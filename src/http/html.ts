import type { Context } from "hono";
import { html } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import type { AppEnv } from "./app-env";

/**
 * The small HTML pages the Worker answers itself (landing page, app placeholders) load nothing: no script,
 * no font, no image. Their policy says so; the one inline style block is allowed by its hash-free
 * 'unsafe-inline' because nothing else can run.
 */
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
/** The same, for pages whose forms post back to this origin (the SSO pages: sign-out, tokens). */
const FORMS_CSP = PAGE_CSP.replace("form-action 'none'", "form-action 'self'");

const STYLE =
  "body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1f2328}code{font-size:.9em;overflow-wrap:anywhere}";

export interface PageOptions {
  status?: 200 | 400 | 401 | 403 | 404 | 413;
  /** Its forms post back to this origin. */
  forms?: boolean;
}

/** A complete, accessible page; `body` is built with hono/html's `html` tag, which escapes every value. */
export function htmlPage(
  c: Context<AppEnv>,
  title: string,
  body: HtmlEscapedString | Promise<HtmlEscapedString>,
  options: PageOptions = {},
) {
  c.header("Content-Security-Policy", options.forms ? FORMS_CSP : PAGE_CSP);
  return c.html(
    html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`,
    options.status ?? 200,
  );
}
