import { z } from "@hono/zod-openapi";

/**
 * `schema.openapi(refId)` for a schema made with plain `zod` (content/: ContentChangesBody, the computed
 * sources). The deployed Worker is split into modules (scripts/build-worker.mjs) and the shared ones are evaluated
 * before the entry's own, so such a schema may be built before @hono/zod-openapi extends zod and then lacks the
 * method; the extension's own method, called on it, names a copy either way.
 */
export function named<T extends z.ZodType>(schema: T, refId: string): T {
  return (z.ZodType.prototype.openapi as (this: z.ZodType, refId: string) => z.ZodType).call(schema, refId) as T;
}
