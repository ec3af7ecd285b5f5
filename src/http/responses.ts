import type { z } from "@hono/zod-openapi";
import type { Context, TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";
import type { EncodedJson } from "../lib/encoded-json";

/** A route's JSON response for its OpenAPI description: `responses: { 200: json(SpaceSchema) }`. */
export const json = <T extends z.ZodType>(schema: T, description = "OK") => ({
  description,
  content: { "application/json": { schema } },
});

/**
 * Sets headers on the response once the handler has answered. Hono's `c.header()` copies a finalized response
 * for every header it sets (a new Response per call: a measurable share of a read's CPU); the responses Quire
 * builds have mutable headers, so these are set in place. A response with immutable headers (one passed through
 * from `fetch`) still takes the copying path.
 */
export function setResponseHeaders(c: Context, headers: Record<string, string>): void {
  const entries = Object.entries(headers);
  if (c.finalized) {
    try {
      for (const [name, value] of entries) c.res.headers.set(name, value);
      return;
    } catch {
      // Immutable headers: fall through to Hono's copy.
    }
  }
  for (const [name, value] of entries) c.header(name, value);
}

/** A 200 whose JSON body is already encoded (a presenter's kept bytes), as `c.json` would answer it. */
export function encodedJson<T>(c: Context, body: EncodedJson<T>) {
  return c.body(body, 200, { "Content-Type": "application/json" }) as unknown as TypedResponse<
    JSONParsed<T>,
    200,
    "json"
  >;
}
