import type { Context } from "hono";
import type { AppEnv } from "../http/app-env";
import { isAgentRequest, recordServedEvent } from "../services/insights";
import { prefersMarkdown } from "../lib/accept";
import type { Visit } from "./visit";

type ServedKind = "markdown" | "llms" | "llms-full" | "page";

const LLMS = new Set(["/llms.txt", "/.well-known/llms.txt"]);
const LLMS_FULL = /^\/(?:\.well-known\/)?llms-full\.txt(?:\/\d+)?$/;
/** The site's own files that are no page: nothing to record. */
const NOT_PAGES = /^\/(?:~|\.well-known\/|robots\.txt$|sitemap\.xml$)/;

/**
 * What a site answer was, for insights: markdown (a page's twin or negotiated), an llms file, an HTML page, or
 * nothing to record. Of HTML pages only agents' views are recorded here (crawlers run no script): a person's is
 * the page script's to send. Served events wait and are written together (services/insights, INSIGHTS_FLUSH_MS),
 * so a crawl costs a write per site every few seconds, not one per page.
 */
function servedKind(c: Context<AppEnv>, rest: string, response: Response): ServedKind | undefined {
  if (response.status !== 200 && response.status !== 304) return undefined;
  if (LLMS.has(rest)) return "llms";
  if (LLMS_FULL.test(rest)) return "llms-full";
  if (NOT_PAGES.test(rest)) return undefined;
  // A 304 has no type: it is markdown the way it was asked for.
  if (response.status === 304)
    return rest.endsWith(".md") || prefersMarkdown(c.req.header("Accept")) ? "markdown" : "page";
  const type = response.headers.get("Content-Type");
  return type?.startsWith("text/markdown") ? "markdown" : type?.startsWith("text/html") ? "page" : undefined;
}

/**
 * Records what the site served for its insights (markdown, llms files, agents' page views), after the response
 * (`waitUntil`): never on the response's path, never an error. Preview visits are no readers: not recorded.
 */
export function recordServed(c: Context<AppEnv>, visit: Visit, rest: string, response: Response): void {
  if (visit.preview) return;
  const kind = servedKind(c, rest, response);
  if (!kind) return;
  const agent = isAgentRequest(c.req.raw.headers);
  if (kind === "page" && !agent) return;
  const userAgent = c.req.header("User-Agent");
  const event = { kind, path: new URL(c.req.url).pathname, agent, ...(userAgent ? { userAgent } : {}) };
  const recorded = recordServedEvent(c.env, visit.ctx.db, visit.data.site.id, event);
  try {
    c.executionCtx.waitUntil(recorded);
  } catch {
    // No execution context (tests calling the app directly): the write runs on its own.
  }
}
