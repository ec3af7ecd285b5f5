import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "./app-env";
import { json } from "./responses";
import { ApiError } from "../lib/errors";

export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.number().int().openapi({ example: 404 }),
      message: z.string().openapi({ example: "Space not found" }),
    }),
  })
  .openapi("Error");

export function errorBody(code: number, message: string) {
  return { error: { code, message } };
}

const DESCRIPTIONS: Record<number, string> = {
  400: "Bad request: the message names the offending field",
  401: "Missing, unknown or revoked token",
  403: "The caller lacks the role for this action",
  404: "Not found, or not visible to the caller",
  409: "Conflict with the current state",
  412: "Precondition failed",
  413: "Request body too large",
  429: "Rate limit exceeded",
  500: "Unexpected error",
};

/** Error responses for a route's OpenAPI description. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((status) => [status, json(ErrorSchema, DESCRIPTIONS[status] ?? "Error")]));
}

/** Renders every error as the contract's body. Unexpected errors are logged and answered as a bare 500. */
export function onError(err: Error, c: Context<AppEnv>): Response {
  if (err instanceof ApiError) {
    for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
    return c.json(errorBody(err.status, err.message), err.status as ContentfulStatusCode);
  }
  if (err instanceof HTTPException) {
    // Hono's own (malformed JSON from the validator, body limit, …).
    const status = err.status as ContentfulStatusCode;
    const message = err.message || (status === 413 ? "Request body is too large" : "Bad request");
    return c.json(errorBody(status, message), status);
  }
  console.error(JSON.stringify({ requestId: c.get("requestId"), error: String(err), stack: err.stack }));
  return c.json(errorBody(500, "Internal server error"), 500);
}
