import type { Context, Hono } from "hono";
import type { AppEnv } from "./app-env";
import { errorBody } from "./errors";

type Matcher = { method: string; pattern: RegExp };

function compile(path: string): RegExp {
  const source = path
    .replace(/\/$/, "")
    .split("/")
    .map((part) => (part.startsWith(":") ? "[^/]+" : part === "*" ? ".*" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${source}/?$`);
}

/**
 * Unknown paths answer 404 and known paths with another method 405 (with `Allow`), both in the contract's
 * error body. The route table is compiled once, on the first miss.
 */
export function notFoundHandler(app: Hono<AppEnv>) {
  let matchers: Matcher[] | undefined;
  return (c: Context<AppEnv>) => {
    matchers ??= app.routes
      .filter((r) => r.method !== "ALL")
      .map((r) => ({ method: r.method, pattern: compile(r.path) }));
    const path = c.req.path;
    const allowed = [...new Set(matchers.filter((m) => m.pattern.test(path)).map((m) => m.method))];
    // A handler of this very method that called c.notFound() (a path its pattern matches but it does not serve).
    if (
      allowed.length > 0 &&
      !allowed.includes(c.req.method) &&
      !(c.req.method === "HEAD" && allowed.includes("GET"))
    ) {
      c.header("Allow", allowed.join(", "));
      return c.json(errorBody(405, `Method ${c.req.method} is not allowed on ${path}`), 405);
    }
    return c.json(errorBody(404, `No route for ${c.req.method} ${path}`), 404);
  };
}
