import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./app-env";

const JSON_TYPE = /^application\/(.+\+)?json\b/i;

/**
 * The official client sends `Content-Type: application/json` with an empty body when an optional body is
 * omitted (CONTRACT §1): such a body reads as `{}`.
 */
export const emptyJsonBodyAsObject = createMiddleware<AppEnv>(async (c, next) => {
  const type = c.req.header("content-type");
  if (c.req.method !== "GET" && c.req.method !== "HEAD" && type && JSON_TYPE.test(type)) {
    const text = await c.req.raw.clone().text();
    if (text.trim() === "") {
      c.req.raw = new Request(c.req.raw, { body: "{}" });
    }
  }
  return next();
});
