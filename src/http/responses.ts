import type { z } from "@hono/zod-openapi";

/** A route's JSON response for its OpenAPI description: `responses: { 200: json(SpaceSchema) }`. */
export const json = <T extends z.ZodType>(schema: T, description = "OK") => ({
  description,
  content: { "application/json": { schema } },
});
